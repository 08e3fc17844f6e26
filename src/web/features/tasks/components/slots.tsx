/**
 * The task page's parts that depend on the viewer's role and the task's state (offers, questions,
 * contacts, completion, reviews, reports). Each receives the lifecycle machine's decision and
 * renders nothing when it does not apply; the parts few viewers see are lazy chunks, server-rendered
 * with the page and hydrated once their chunk is in. Each slot is memoized (its props: the task,
 * the role, the controls, which useTaskView keeps the same object while their members are the
 * same): the page renders again right after hydrating and every minute (the clock), and a
 * boundary still waiting for its chunk that got new props would be drawn again from nothing,
 * shifting the page (as the map's and the gallery's did, TaskDetailsBox.tsx).
 */
import { lazy, memo } from 'react';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import type { ViewerRole } from '../../../../shared/taskLifecycle';
import type { TaskControl } from '../../../../shared/taskLifecycle.controls';
import type { Task } from '../../../../shared/types';
import { withMessageParts } from '../../../i18n/loadMessages';
import { HydrationBoundary } from '../../../ui/HydrationBoundary';
import { ReportControl } from '../../reports/ReportControl';
import { MakeOfferControl } from '../../offers';
import { QuestionsSection } from '../../questions/QuestionsSection';
import { SEES_OFFERS, showsNoOffers } from '../../offers/roles';

// The parties' parts show the `party` texts of the catalog (offers, completion, chat): each waits
// for them too. A server render that showed them named the part (pageMessages.ts), so the browser
// loaded it before hydrating and they hydrate with the texts they were rendered with.
const PARTY = ['party'] as const;

// Only the owner and the freelancers with an offer see the offers section: a visitor's first load
// leaves it (the cards, the offers and chat APIs) out.
const OffersSection = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "offers-section" */ '../../offers/OffersSection').then(
        (module) => ({
          default: module.OffersSection,
        }),
      ),
    PARTY,
  ),
);

// The parts only the task's parties see (its owner; the assigned freelancer): the owner's edit and
// delete, the contacts after assignment, the completion buttons. One chunk, which a visitor and a
// freelancer looking for work never download (docs/PERFORMANCE.md "1. sizes").
const OwnerActions = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "task-party" */ './OwnerActions').then((module) => ({
        default: module.OwnerActions,
      })),
    PARTY,
  ),
);
const ContactsBox = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "task-party" */ './ContactsBox').then((module) => ({
        default: module.ContactsBox,
      })),
    PARTY,
  ),
);
const CompletionButtons = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "task-party" */ '../../completion/CompletionButtons').then(
        (module) => ({
          default: module.CompletionButtons,
        }),
      ),
    PARTY,
  ),
);

// The parties' reviews, shown on a finished task only.
const TaskReviews = lazy(
  withMessageParts(
    () =>
      import(/* webpackChunkName: "task-reviews" */ '../../completion/TaskReviews').then(
        (module) => ({
          default: module.TaskReviews,
        }),
      ),
    PARTY,
  ),
);

export interface SlotProps {
  task: Task;
  role: ViewerRole;
  controls: ReadonlySet<TaskControl>;
}

/** The owner's edit and delete and their dialogs (machine: EDIT_TASK, DELETE_TASK). */
export const OwnerActionsSlot = memo(function OwnerActionsSlot({ task, controls }: SlotProps) {
  const canEdit = controls.has('EDIT_TASK');
  const canDelete = controls.has('DELETE_TASK');
  if (!canEdit && !canDelete) return null;
  return (
    <HydrationBoundary>
      <OwnerActions task={task} canEdit={canEdit} canDelete={canDelete} />
    </HydrationBoundary>
  );
});

/** The other party's contacts once an offer is chosen (machine: SEE_CONTACTS). */
export const ContactsSlot = memo(function ContactsSlot({
  task,
  role,
  controls,
  locale,
}: SlotProps & { locale: Locale }) {
  if (!controls.has('SEE_CONTACTS')) return null;
  return (
    <HydrationBoundary>
      <ContactsBox task={task} role={role} locale={locale} />
    </HydrationBoundary>
  );
});

/** 'completed' / 'not completed' buttons opening the feedback form (machine: COMPLETE). */
export const CompletionSlot = memo(function CompletionSlot({ task, role, controls }: SlotProps) {
  if (!controls.has('COMPLETE')) return null;
  return (
    <HydrationBoundary>
      <CompletionButtons task={task} role={role} />
    </HydrationBoundary>
  );
});

/** The parties' reviews of a finished task, for everyone (double-blind: the server decides). */
export const ReviewsSlot = memo(function ReviewsSlot({
  task,
  viewerUuid,
}: {
  task: Task;
  viewerUuid: string | null;
}) {
  if (task.reviews.length === 0) return null;
  return (
    <HydrationBoundary>
      <TaskReviews task={task} viewerUuid={viewerUuid} />
    </HydrationBoundary>
  );
});

// A quiet link at the start of its row, not a lone centred button.
const ReportRow = styled.div`
  justify-self: start;
`;

/** The report control for everyone but the owner (machine: REPORT). */
export const ReportSlot = memo(function ReportSlot({ task, controls }: SlotProps) {
  if (!controls.has('REPORT')) return null;
  return (
    <ReportRow>
      <ReportControl taskUuid={task.uuid} />
    </ReportRow>
  );
});

/**
 * The make-offer control. A freelancer without an offer gets the form while the machine allows
 * MAKE_OFFER; visitors get a link to login and logged-in non-freelancers a link to
 * become-freelancer, each with its tooltip (SPEC section 6): the role says which.
 */
export const MakeOfferSlot = memo(function MakeOfferSlot(props: SlotProps) {
  return <MakeOfferControl {...props} />;
});

/**
 * Offer lists: the owner's list (ASSIGN_OFFER, START_CHAT; FIND_FREELANCERS or, once expired,
 * CHANGE_DEADLINE when there are none),
 * a freelancer's own offer (EDIT_OFFER, DELETE_OFFER; 'chosen' / 'chosen other' badge after).
 */
export const OffersSlot = memo(function OffersSlot(props: SlotProps) {
  if (!SEES_OFFERS.has(props.role) && !showsNoOffers(props.controls)) return null;
  return (
    <HydrationBoundary>
      <OffersSection {...props} />
    </HydrationBoundary>
  );
});

/**
 * Public questions and the owner's answers under the description, for everyone (issue 20). Every
 * task page shows them, so they are in the page's chunk: as a chunk of their own (until the twelfth
 * session) they cost every task page a request and 1.1 KB gzip more (docs/PERFORMANCE.md). Their
 * own boundary still lets React hydrate them apart from the page; the forms are a lazy chunk.
 */
export const QuestionsSlot = memo(function QuestionsSlot({
  task,
  meUuid,
  locale,
}: SlotProps & { meUuid: string | undefined; locale: Locale }) {
  return (
    <HydrationBoundary>
      <QuestionsSection
        taskUuid={task.uuid}
        ownerUuid={task.author?.uuid ?? null}
        meUuid={meUuid}
        locale={locale}
      />
    </HydrationBoundary>
  );
});
