import { lazy, Suspense, useCallback, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { isChoosable, isSelected, type ViewerRole } from '../../../shared/taskLifecycle';
import type { TaskControl } from '../../../shared/taskLifecycle.controls';
import type { Offer, Task } from '../../../shared/types';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Button, ButtonLink } from '../../ui/Button';
import { LazyTaskEditModal, TASK_DEADLINE_FIELD_ID } from '../taskForm/lazyEditModal';
import { useListConversationsQuery, useStartConversationMutation } from '../chat';
import { useMeQuery } from '../session/sessionApi';
import { AssignOfferConfirm } from './AssignOfferConfirm';
import { ErrorPopup } from './ErrorPopup';
import { offerMessages as messages } from './messages';
import { SEES_OFFERS, showsNoOffers } from './roles';
import { OfferCard, type OfferBadge } from './OfferCard';
import { useGetOffersQuery } from './offersApi';
import { withMessageParts } from '../../i18n/loadMessages';
import { theme } from '../../app/theme';

// The chat panel loads when a conversation is opened.
const ChatPanel = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "chat-panel" */ '../chat/ChatPanel').then((module) => ({
        default: module.ChatPanel,
      })),
    ['later'],
  ),
);

const Section = styled.section`
  display: grid;
  gap: ${theme.space.md};
  margin: ${theme.space.lg} 0;

  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }
`;

/**
 * SPEC section 4: the owner sees every offer, the chosen one first once there is one; a freelancer
 * sees only their own ('chosen' or 'chosen other' after the choice). The server filters by role too.
 */
export function visibleOffers(
  offers: readonly Offer[],
  role: ViewerRole,
  meUuid: string | undefined,
): Offer[] {
  if (role === 'owner') {
    const chosen = offers.filter((offer) => offer.chosen_at !== null);
    return [...chosen, ...offers.filter((offer) => offer.chosen_at === null)];
  }
  if (role === 'offerer' || role === 'chosen') {
    return offers.filter((offer) => meUuid !== undefined && offer.freelancer?.uuid === meUuid);
  }
  return [];
}

export interface OffersSectionProps {
  task: Task;
  role: ViewerRole;
  controls: ReadonlySet<TaskControl>;
}

/** The offers slot: lists by role, the owner's find-freelancers link and the chat panel. */
export function OffersSection({ task, role, controls }: OffersSectionProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { data: me } = useMeQuery();
  const sees = SEES_OFFERS.has(role);
  // The owner without offers has nothing to list; a push refetch of the task starts the query.
  const findFreelancers = controls.has('FIND_FREELANCERS');
  const noOffers = showsNoOffers(controls);
  // A failed fetch goes to the task list (SPEC section 8): the redirects saga, features/navigation.
  const { data } = useGetOffersQuery(task.uuid, { skip: !sees || noOffers });
  const [startConversation, { isLoading: starting, originalArgs }] = useStartConversationMutation();
  // A freelancer opens the conversation the owner started about this task (none: no button).
  const freelancerView = (role === 'offerer' || role === 'chosen') && !noOffers;
  const { data: conversations } = useListConversationsQuery(
    { task: task.uuid },
    { skip: !freelancerView || !me },
  );
  const ownConversation = freelancerView
    ? conversations?.find((c) => c.task.uuid === task.uuid && c.freelancer?.uuid === me?.uuid)
    : undefined;
  const [conversation, setConversation] = useState<string | null>(null);
  const [popup, setPopup] = useState<MessageDescriptor | null>(null);
  const [editingDeadline, setEditingDeadline] = useState(false);
  // The offer whose assign confirm is open, as it was shown (its hash goes with the choice).
  const [assigning, setAssigning] = useState<Offer | null>(null);
  // Stable callbacks: the cards are memoised, so a refetch re-renders only a changed offer's card.
  const taskUuid = task.uuid;
  const onChat = useCallback(
    async (freelancerUuid: string) => {
      const result = await startConversation({ taskUuid, freelancerUuid });
      if (result.data) setConversation(result.data.uuid);
    },
    [startConversation, taskUuid],
  );
  const closeAssign = useCallback(() => setAssigning(null), []);
  const ownerChat = useCallback((uuid: string) => void onChat(uuid), [onChat]);
  const meUuid = me?.uuid;
  const openOwnConversation = useCallback(() => {
    const own = conversations?.find(
      (c) => c.task.uuid === taskUuid && c.freelancer?.uuid === meUuid,
    );
    if (own) setConversation(own.uuid);
  }, [conversations, taskUuid, meUuid]);

  const offers = sees && !findFreelancers ? visibleOffers(data ?? task.offers, role, me?.uuid) : [];
  // Its freelancer deleted the offer while the owner was asked (a push refetch removed it): the
  // question cannot be answered any more; say so, as a 404 on the assign would (SPEC section 8).
  if (assigning && !offers.some((offer) => offer.uuid === assigning.uuid)) {
    setAssigning(null);
    setPopup(messages.offerNotFound);
  }
  // Kept mounted when the list empties (a 404 on assign removes the offer under the popup, and the
  // last offer's removal turns the list into the find-freelancers link).
  const popupAndChat = (
    <>
      <AssignOfferConfirm
        taskUuid={task.uuid}
        locale={locale}
        offer={assigning}
        askReason={offers.length > 1}
        onClose={closeAssign}
        onFailed={setPopup}
      />
      <ErrorPopup message={popup} onClose={() => setPopup(null)} />
      {conversation && me && (
        <Suspense fallback={null}>
          <ChatPanel
            conversationUuid={conversation}
            meUuid={me.uuid}
            onClose={() => setConversation(null)}
          />
        </Suspense>
      )}
    </>
  );
  if (findFreelancers) {
    return (
      <Section>
        <ButtonLink
          $variant="secondary"
          to={routePath(
            locale,
            'freelancers',
            {},
            {
              categories: task.category.slug,
              languages: task.languages,
              sort_by: 'freelancer_rating',
              sort_dir: 'desc',
              page: 1,
            },
          )}
        >
          {intl.formatMessage(messages.findFreelancers)}
        </ButtonLink>
        {popupAndChat}
      </Section>
    );
  }
  if (controls.has('CHANGE_DEADLINE')) {
    // Expired without offers: nobody can offer any more, so inviting is pointless (issue 16); a
    // new deadline opens the task to offers again. The edit modal opens at the deadline field.
    return (
      <Section>
        <p>{intl.formatMessage(messages.expiredNoOffers)}</p>
        <div>
          <Button $variant="secondary" onClick={() => setEditingDeadline(true)}>
            {intl.formatMessage(messages.changeDeadline)}
          </Button>
        </div>
        {editingDeadline && (
          <Suspense fallback={null}>
            <LazyTaskEditModal
              task={task}
              open
              onClose={() => setEditingDeadline(false)}
              focusId={TASK_DEADLINE_FIELD_ID}
            />
          </Suspense>
        )}
      </Section>
    );
  }
  if (!sees) return null;

  if (offers.length === 0) return popupAndChat;
  const anyChosen = offers.some((offer) => offer.chosen_at !== null) || isSelected(task.status);

  const badgeOf = (offer: Offer): OfferBadge => {
    if (offer.chosen_at !== null) return 'chosen';
    return role === 'offerer' && anyChosen ? 'chosenOther' : null;
  };

  const chatProps = (offer: Offer) => {
    if (role === 'owner') {
      return {
        onChat: controls.has('START_CHAT') ? ownerChat : undefined,
        chatLoading: starting && originalArgs?.freelancerUuid === offer.freelancer?.uuid,
      };
    }
    if (!ownConversation || offer.freelancer?.uuid !== me?.uuid) return {};
    return {
      onChat: openOwnConversation,
      chatUnread: ownConversation.unread_count ?? 0,
    };
  };

  const titleId = `offers-title-${task.uuid}`;
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>
        {intl.formatMessage(role === 'owner' ? messages.listTitle : messages.ownTitle)}
      </h2>
      {offers.map((offer) => (
        <OfferCard
          key={offer.uuid}
          offer={offer}
          taskUuid={task.uuid}
          locale={locale}
          badge={badgeOf(offer)}
          editable={role === 'offerer' && controls.has('EDIT_OFFER')}
          assignable={
            role === 'owner' && controls.has('ASSIGN_OFFER') && !anyChosen && isChoosable(offer)
          }
          {...chatProps(offer)}
          onAssign={setAssigning}
        />
      ))}
      {popupAndChat}
    </Section>
  );
}
