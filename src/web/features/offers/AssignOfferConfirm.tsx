import { useId, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Locale } from '../../../shared/locales';
import {
  isNotChosenReason,
  NOT_CHOSEN_REASONS,
  type NotChosenReason,
} from '../../../shared/notChosenReasons';
import type { Offer } from '../../../shared/types';
import { errorStatus } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showNotice } from '../notices/noticesSlice';
import { formatEuro } from '../../../shared/money';
import { offerMessages as messages } from './messages';
import { useChooseOfferMutation } from './offersApi';
import { theme } from '../../app/theme';

const ReasonField = styled.div`
  display: grid;
  gap: ${theme.space.xs};

  label {
    font-weight: 600;
  }

  select {
    min-height: 44px;
    padding: ${theme.space.sm} ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.background};
    color: inherit;
    font: inherit;
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

export interface AssignOfferConfirmProps {
  taskUuid: string;
  locale: Locale;
  /** The version the owner opened the confirm on: a push refresh meanwhile must not swap it (409). */
  offer: Offer | null;
  /** Other offers lose: the owner may give them a reason (issue 19). */
  askReason?: boolean;
  onClose: () => void;
  /** A failed assign (409, 404): shown by the list, where it survives the offer leaving it. */
  onFailed: (message: MessageDescriptor) => void;
}

/**
 * The owner's "Assign this offer?" (SPEC sections 2, 4, 8). Rendered by the offers list, not by
 * the offer's card: a push refetch that removes the offer must not take the question with it.
 */
export function AssignOfferConfirm({
  taskUuid,
  locale,
  offer,
  askReason = false,
  onClose,
  onFailed,
}: AssignOfferConfirmProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const reasonId = useId();
  const [chooseOffer, { isLoading: choosing }] = useChooseOfferMutation();
  const [reason, setReason] = useState<NotChosenReason | null>(null);
  // Each opening starts without a reason.
  const close = () => {
    setReason(null);
    onClose();
  };

  const onAssign = async () => {
    if (!offer) return;
    const result = await chooseOffer({
      taskUuid,
      offerUuid: offer.uuid,
      hash: offer.hash,
      notChosenReason: askReason ? reason : null,
    });
    close();
    if (!result.error) {
      dispatch(showNotice({ kind: 'success', message: messages.assigned }));
      return;
    }
    const status = errorStatus(result.error);
    const message =
      status === 409 ? messages.offerUpdated : status === 404 ? messages.offerNotFound : null;
    if (message) onFailed(message);
  };

  const name = offer?.freelancer
    ? offer.freelancer.display_name
    : intl.formatMessage(messages.deletedUser);
  return (
    <ConfirmModal
      isOpen={offer !== null}
      title={intl.formatMessage(messages.assignTitle)}
      onConfirm={() => void onAssign()}
      onCancel={close}
      loading={choosing}
      confirmLabel={intl.formatMessage(messages.assignConfirm)}
      size="sm"
      closeOnlyViaActions={choosing}
    >
      {offer && (
        <p>
          {intl.formatMessage(messages.assignText, {
            name,
            price: formatEuro(offer.price, locale),
          })}
        </p>
      )}
      {offer && askReason && (
        <ReasonField>
          <label htmlFor={reasonId}>{intl.formatMessage(messages.reasonLabel)}</label>
          <select
            id={reasonId}
            value={reason ?? ''}
            aria-describedby={`${reasonId}-hint`}
            disabled={choosing}
            onChange={(event) =>
              setReason(isNotChosenReason(event.target.value) ? event.target.value : null)
            }
          >
            <option value="">{intl.formatMessage(messages.reasonNone)}</option>
            {NOT_CHOSEN_REASONS.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(messages.reasonOption, { reason: value })}
              </option>
            ))}
          </select>
          <Hint id={`${reasonId}-hint`}>{intl.formatMessage(messages.reasonHint)}</Hint>
        </ReasonField>
      )}
    </ConfirmModal>
  );
}
