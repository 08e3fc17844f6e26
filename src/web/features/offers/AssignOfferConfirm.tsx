import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import type { Locale } from '../../../shared/locales';
import type { Offer } from '../../../shared/types';
import { errorStatus } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showNotice } from '../notices/noticesSlice';
import { formatEuro } from '../../../shared/money';
import { offerMessages as messages } from './messages';
import { useChooseOfferMutation } from './offersApi';

export interface AssignOfferConfirmProps {
  taskUuid: string;
  locale: Locale;
  /** The version the owner opened the confirm on: a push refresh meanwhile must not swap it (409). */
  offer: Offer | null;
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
  onClose,
  onFailed,
}: AssignOfferConfirmProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [chooseOffer, { isLoading: choosing }] = useChooseOfferMutation();

  const onAssign = async () => {
    if (!offer) return;
    const result = await chooseOffer({ taskUuid, offerUuid: offer.uuid, hash: offer.hash });
    onClose();
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
      onCancel={onClose}
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
    </ConfirmModal>
  );
}
