import { memo, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import type { Locale } from '../../../shared/locales';
import type { Offer } from '../../../shared/types';
import { useAppDispatch } from '../../app/hooks';
import { routePath } from '../../i18n/routes';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showNotice } from '../notices/noticesSlice';
import { formatEuro } from '../../../shared/money';
import { RelativeTime } from '../../ui/RelativeTime';
import { useNow } from '../../app/clock';
import { offerMessages as messages } from './messages';
import { LazyOfferFormModal } from './lazyForm';
import { useDeleteOfferMutation } from './offersApi';
import { theme } from '../../app/theme';

const Card = styled.article`
  display: grid;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.card};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
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
  gap: ${theme.space.xs};
  font-weight: 600;

  a {
    overflow-wrap: anywhere;
  }
`;

const Label = styled.span<{ $tone?: 'success' | 'muted' }>`
  padding: 0 ${theme.space.xs};
  border-radius: ${theme.radii.sm};
  background: ${({ $tone }) =>
    $tone === 'success' ? theme.colors.success : theme.colors.secondary};
  color: ${({ $tone }) => ($tone === 'success' ? '#fff' : theme.colors.secondaryText)};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Price = styled.strong`
  font-size: ${theme.fontSizes.lg};
`;

const NotChosen = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Description = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
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
  /** Opens the list's assign confirm for this version of the offer (AssignOfferConfirm). */
  onAssign?: (offer: Offer) => void;
}

/**
 * One offer (SPEC section 2 'offer card'), with its edit and delete modals; the list holds the
 * assign confirm. Memoised: a push refetch keeps unchanged offers as the same objects (RTK Query's
 * structural sharing), so with stable callbacks from the list only a changed offer's card renders
 * again (issue 8).
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
  onAssign,
}: OfferCardProps) {
  const intl = useIntl();
  const now = useNow();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteOffer, { isLoading: deleting }] = useDeleteOfferMutation();
  const { freelancer } = offer;
  const name = freelancer ? freelancer.display_name : intl.formatMessage(messages.deletedUser);
  const price = formatEuro(offer.price, locale);
  const canEdit = editable && !disabled;
  const canAssign =
    assignable && !editable && !disabled && offer.chosen_at === null && onAssign !== undefined;

  const onDelete = async () => {
    const result = await deleteOffer({ taskUuid, offerUuid: offer.uuid });
    setConfirmDelete(false);
    if (!result.error) dispatch(showNotice({ kind: 'success', message: messages.deleted }));
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
                  rating: freelancer.freelancer_rating,
                })}
              >
                <span aria-hidden="true">
                  ★ {intl.formatNumber(freelancer.freelancer_rating, { maximumFractionDigits: 1 })}
                </span>
              </Muted>
            ))}
          <Muted>
            <RelativeTime iso={offer.created_at} now={now} />
          </Muted>
        </Who>
        <Price aria-label={`${intl.formatMessage(messages.priceLabel)}: ${price}`}>{price}</Price>
      </Head>
      {offer.not_chosen_reason && (
        <NotChosen>
          {intl.formatMessage(messages.notChosenReason, { reason: offer.not_chosen_reason })}
        </NotChosen>
      )}
      <Description>{offer.description}</Description>
      {(canEdit || canAssign || onChat) && (
        <Actions>
          {canAssign && (
            <Button onClick={() => onAssign?.(offer)}>{intl.formatMessage(messages.assign)}</Button>
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
        danger
      >
        <p>{intl.formatMessage(messages.deleteText)}</p>
      </ConfirmModal>
    </Card>
  );
});
