import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import {
  isExpired,
  statusGroup,
  takesOffers,
  type ViewerRole,
} from '../../../shared/taskLifecycle';
import type { TaskControl } from '../../../shared/taskLifecycle.controls';
import type { Task } from '../../../shared/types';
import { useNow } from '../../app/clock';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { ActionBar } from '../../ui/ActionBar';
import { Button, ButtonLink } from '../../ui/Button';
import { Tooltip } from '../../ui/Tooltip';
import { makeOfferMessages as messages } from './makeOfferMessages';
import { LazyOfferFormModal } from './lazyForm';

export interface MakeOfferControlProps {
  task: Task;
  role: ViewerRole;
  controls: ReadonlySet<TaskControl>;
}

/**
 * SPEC section 6: visitors get a link to login, logged-in non-freelancers a link to
 * become-freelancer (each with its tooltip, and ?next back to this task); a freelancer without an
 * offer gets the form while the machine allows MAKE_OFFER. A freelancer with an offer sees their
 * card in the offers list instead, and the owner the find-freelancers link there. The control is
 * the page's main action: near the top, and a bar at the bottom of a phone's screen (ActionBar).
 */
export function MakeOfferControl({ task, role, controls }: MakeOfferControlProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const now = useNow();
  const label = intl.formatMessage(messages.makeOffer);
  // The author deleted their account: nobody could choose an offer (the server refuses it too).
  if (!takesOffers(task)) return null;

  if (controls.has('MAKE_OFFER')) {
    return (
      <>
        <ActionBar testId="make-offer">
          <Button onClick={() => setOpen(true)}>{label}</Button>
        </ActionBar>
        {open && (
          <Suspense fallback={null}>
            <LazyOfferFormModal isOpen onClose={() => setOpen(false)} taskUuid={task.uuid} />
          </Suspense>
        )}
      </>
    );
  }

  // Links only where a freelancer could offer: open, unexpired.
  if (statusGroup(task.status) !== 'open' || isExpired(task, now)) return null;
  const next = { next: `${location.pathname}${location.search}` };
  if (role === 'visitor') {
    return (
      <ActionBar testId="make-offer">
        <Tooltip content={intl.formatMessage(messages.loginTooltip)}>
          <ButtonLink to={routePath(locale, 'login', {}, next)}>{label}</ButtonLink>
        </Tooltip>
      </ActionBar>
    );
  }
  if (role === 'customer') {
    return (
      <ActionBar testId="make-offer">
        <Tooltip content={intl.formatMessage(messages.becomeFreelancerTooltip)}>
          <ButtonLink to={routePath(locale, 'becomeFreelancer', {}, next)}>{label}</ButtonLink>
        </Tooltip>
      </ActionBar>
    );
  }
  return null;
}
