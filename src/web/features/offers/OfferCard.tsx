import { memo, Suspense, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Locale } from '../../../shared/locales';
import type { Offer } from '../../../shared/types';
import { errorStatus } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { useMoment } from '../../i18n/moment';
import { routePath } from '../../i18n/routes';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showNotice } from '../notices/noticesSlice';
import { ErrorPopup } from './ErrorPopup';
import { formatPrice, fromNow } from './format';
import { offerMessages as messages } from './messages';
import { LazyOfferFormModal } from './lazyForm';
import { useChooseOfferMutation, useDeleteOfferMutation } from './offersApi';

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Who = styled.div`
  display: grid;
  gap: 2px;
  flex: 1;
  min-width: 0;
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 700;

  a {
    overflow-wrap: anywhere;
  }
`;

const Label = styled.span<{ $tone?: 'success' | 'muted' }>`
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $tone }) =>
    $tone === 'success' ? theme.colors.success : theme.colors.secondary};
  color: ${({ theme, $tone }) => ($tone === 'success' ? '#fff' : theme.colors.secondaryText)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Price = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Description = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

export type OfferBadge = 'chosen' | 'chosenOther' | null;

export interface OfferCardProps {
  offer: Offer;
  taskUuid: string;
  locale: Locale;
  badge?: OfferBadge;
  /** Its freelancer may edit and delete it (machine: EDIT_OFFER, DELETE_OFFER). */
  editable?: boolean;
  /** No edit, delete or assign (e.g. a preview). */
  disabled?: boolean;
  /** The owner may assign it (machine: ASSIGN_OFFER, and no offer chosen yet). */
  assignable?: boolean;
  /**
   * The owner may start a chat with its freelancer (machine: START_CHAT); its freelancer may open
   * the conversation the owner started.
   */
  onChat?: (freelancerUuid: string) => void;
  chatLoading?: boolean;
  /** Unread messages in that conversation, shown in the button's label when > 0. */
  chatUnread?: number;
  /** Shows a failed assign (409, 404) where it survives this card leaving the list. */
  onAssignFailed?: (message: MessageDescriptor) => void;
}

/**
 * One offer (SPEC section 2 'offer card'), with its edit, delete and assign modals. Memoised: a
 * push refetch keeps unchanged offers as the same objects (RTK Query's structural sharing), so with
 * stable callbacks from the list only a changed offer's card renders again (issue 8).
 */
export const OfferCard = memo(function OfferCard({
  offer,
  taskUuid,
  locale,
  badge = null,
  editable = false,
  disabled = false,
  assignable = false,
  onChat,
  chatLoading = false,
  chatUnread = 0,
  onAssignFailed,
}: OfferCardProps) {
  const intl = useIntl();
  const moment = useMoment(locale);
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The version the owner opened the confirm on: a push refresh meanwhile must not swap it (409).
  const [confirmAssign, setConfirmAssign] = useState<Offer | null>(null);
  const [popup, setPopup] = useState<MessageDescriptor | null>(null);
  const [deleteOffer, { isLoading: deleting }] = useDeleteOfferMutation();
  const [chooseOffer, { isLoading: choosing }] = useChooseOfferMutation();
  const { freelancer } = offer;
  const name = freelancer ? freelancer.display_name : intl.formatMessage(messages.deletedUser);
  const price = formatPrice(offer.price, locale);
  const canEdit = editable && !disabled;
  const canAssign = assignable && !editable && !disabled && offer.chosen_at === null;

  const onDelete = async () => {
    const result = await deleteOffer({ taskUuid, offerUuid: offer.uuid });
    setConfirmDelete(false);
    if (!result.error) dispatch(showNotice({ kind: 'success', message: messages.deleted }));
  };

  const onAssign = async () => {
    const shown = confirmAssign ?? offer;
    const result = await chooseOffer({ taskUuid, offerUuid: offer.uuid, hash: shown.hash });
    setConfirmAssign(null);
    if (!result.error) {
      dispatch(showNotice({ kind: 'success', message: messages.assigned }));
      return;
    }
    const status = errorStatus(result.error);
    const message =
      status === 409 ? messages.offerUpdated : status === 404 ? messages.offerNotFound : null;
    if (message) (onAssignFailed ?? setPopup)(message);
  };

  return (
    <Card data-testid="offer-card" data-offer={offer.uuid} aria-label={name}>
      <Head>
        {freelancer ? (
          <Avatar src={freelancer.photo?.thumbnail} name={name} alt={name} size={48} />
        ) : (
          <Avatar deleted alt={name} size={48} />
        )}
        <Who>
          <Name>
            {freelancer ? (
              <Link to={routePath(locale, 'profile', { uuid: freelancer.uuid })}>{name}</Link>
            ) : (
              <span>{name}</span>
            )}
            {freelancer?.is_legal && <Label>{intl.formatMessage(messages.business)}</Label>}
            {badge === 'chosen' && (
              <Label $tone="success">{intl.formatMessage(messages.chosen)}</Label>
            )}
            {badge === 'chosenOther' && <Label>{intl.formatMessage(messages.chosenOther)}</Label>}
          </Name>
          {freelancer &&
            (freelancer.freelancer_rating === null ? (
              <Muted>{intl.formatMessage(messages.noRating)}</Muted>
            ) : (
              <Muted
                role="img"
                aria-label={intl.formatMessage(messages.rating, {
                  rating: intl.formatNumber(freelancer.freelancer_rating, {
                    maximumFractionDigits: 1,
                  }),
                })}
              >
                <span aria-hidden="true">
                  ★ {intl.formatNumber(freelancer.freelancer_rating, { maximumFractionDigits: 1 })}
                </span>
              </Muted>
            ))}
          <Muted>
            <time dateTime={offer.created_at}>
              {moment ? fromNow(moment, offer.created_at, locale) : null}
            </time>
          </Muted>
        </Who>
        <Price aria-label={`${intl.formatMessage(messages.priceLabel)}: ${price}`}>{price}</Price>
      </Head>
      <Description>{offer.description}</Description>
      {(canEdit || canAssign || onChat) && (
        <Actions>
          {canAssign && (
            <Button onClick={() => setConfirmAssign(offer)}>
              {intl.formatMessage(messages.assign)}
            </Button>
          )}
          {onChat && freelancer && (
            <Button
              $variant="secondary"
              $loading={chatLoading}
              onClick={() => onChat(freelancer.uuid)}
            >
              {chatUnread > 0
                ? intl.formatMessage(messages.chatUnread, { count: chatUnread })
                : intl.formatMessage(messages.chat)}
            </Button>
          )}
          {canEdit && (
            <>
              <Button $variant="secondary" onClick={() => setEditing(true)}>
                {intl.formatMessage(messages.edit)}
              </Button>
              <Button $variant="danger" onClick={() => setConfirmDelete(true)}>
                {intl.formatMessage(messages.delete)}
              </Button>
            </>
          )}
        </Actions>
      )}
      {canEdit && editing && (
        <Suspense fallback={null}>
          <LazyOfferFormModal
            isOpen
            onClose={() => setEditing(false)}
            taskUuid={taskUuid}
            offer={offer}
          />
        </Suspense>
      )}
      <ConfirmModal
        isOpen={confirmDelete}
        title={intl.formatMessage(messages.deleteTitle)}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmDelete(false)}
        loading={deleting}
        confirmLabel={intl.formatMessage(messages.deleteConfirm)}
        confirmVariant="danger"
        size="sm"
        closeOnlyViaActions={deleting}
      >
        <p>{intl.formatMessage(messages.deleteText)}</p>
      </ConfirmModal>
      <ConfirmModal
        isOpen={confirmAssign !== null}
        title={intl.formatMessage(messages.assignTitle)}
        onConfirm={() => void onAssign()}
        onCancel={() => setConfirmAssign(null)}
        loading={choosing}
        confirmLabel={intl.formatMessage(messages.assignConfirm)}
        size="sm"
        closeOnlyViaActions={choosing}
      >
        <p>
          {intl.formatMessage(messages.assignText, {
            name,
            price: formatPrice((confirmAssign ?? offer).price, locale),
          })}
        </p>
      </ConfirmModal>
      <ErrorPopup message={popup} onClose={() => setPopup(null)} />
    </Card>
  );
});
