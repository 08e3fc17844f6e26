/**
 * Placeholders for the controls other issues deliver (offers, completion, reports). Each renders
 * nothing yet, but already receives the lifecycle machine's decision, so wiring one in is a change
 * inside its component only.
 */
import { lazy } from 'react';
import styled from 'styled-components';
import type { Locale } from '../../../../shared/locales';
import type { ViewerRole } from '../../../../shared/taskLifecycle';
import type { TaskControl } from '../../../../shared/taskLifecycle.controls';
import type { Task } from '../../../../shared/types';
import { HydrationBoundary } from '../../../ui/HydrationBoundary';
import { CompletionButtons } from '../../completion/CompletionButtons';
import { ReportControl } from '../../reports/ReportControl';
import { MakeOfferControl } from '../../offers';
import { SEES_OFFERS, showsNoOffers } from '../../offers/roles';

// Only the owner and the freelancers with an offer see the offers section: a visitor's first load
// leaves it (the cards, the offers and chat APIs) out.
const OffersSection = lazy(() =>
  import(/* webpackChunkName: "offers-section" */ '../../offers/OffersSection').then((module) => ({
    default: module.OffersSection,
  })),
);

// Questions and answers (issue 20): server-rendered with the page, their forms in the same chunk.
const QuestionsSection = lazy(() =>
  import(/* webpackChunkName: "questions-section" */ '../../questions/QuestionsSection').then(
    (module) => ({ default: module.QuestionsSection }),
  ),
);

export interface SlotProps {
  task: Task;
  role: ViewerRole;
  controls: ReadonlySet<TaskControl>;
}

/** 'completed' / 'not completed' buttons opening the feedback form (machine: COMPLETE). */
export function CompletionSlot({ task, role, controls }: SlotProps) {
  if (!controls.has('COMPLETE')) return null;
  return <CompletionButtons task={task} role={role} />;
}

// A quiet link at the start of its row, not a lone centred button.
const ReportRow = styled.div`
  justify-self: start;
`;

/** The report control for everyone but the owner (machine: REPORT). */
export function ReportSlot({ task, controls }: SlotProps) {
  if (!controls.has('REPORT')) return null;
  return (
    <ReportRow>
      <ReportControl taskUuid={task.uuid} />
    </ReportRow>
  );
}

/**
 * The make-offer control. A freelancer without an offer gets the form while the machine allows
 * MAKE_OFFER; visitors get a link to login and logged-in non-freelancers a link to
 * become-freelancer, each with its tooltip (SPEC section 6): the role says which.
 */
export function MakeOfferSlot(props: SlotProps) {
  return <MakeOfferControl {...props} />;
}

/**
 * Offer lists: the owner's list (ASSIGN_OFFER, START_CHAT; FIND_FREELANCERS or, once expired,
 * CHANGE_DEADLINE when there are none),
 * a freelancer's own offer (EDIT_OFFER, DELETE_OFFER; 'chosen' / 'chosen other' badge after).
 */
export function OffersSlot(props: SlotProps) {
  if (!SEES_OFFERS.has(props.role) && !showsNoOffers(props.controls)) return null;
  return (
    <HydrationBoundary>
      <OffersSection {...props} />
    </HydrationBoundary>
  );
}

/** Public questions and the owner's answers under the description, for everyone (issue 20). */
export function QuestionsSlot({
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
}
