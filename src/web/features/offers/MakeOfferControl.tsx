import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
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
import { Button, ButtonLink } from '../../ui/Button';
import { Tooltip } from '../../ui/Tooltip';
import { offerMessages as messages } from './messages';
import { LazyOfferFormModal } from './lazyForm';

const Box = styled.div`
  margin: ${({ theme }) => theme.space.md} 0;
`;

export interface MakeOfferControlProps {
  task: Task;
  role: ViewerRole;
  controls: ReadonlySet<TaskControl>;
}

/**
 * SPEC section 6: visitors get a link to login, logged-in non-freelancers a link to
 * become-freelancer (each with its tooltip, and ?next back to this task); a freelancer without an
 * offer gets the form while the machine allows MAKE_OFFER. A freelancer with an offer sees their
 * card in the offers list instead, and the owner the find-freelancers link there.
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
      <Box>
        <Button onClick={() => setOpen(true)}>{label}</Button>
        {open && (
          <Suspense fallback={null}>
            <LazyOfferFormModal isOpen onClose={() => setOpen(false)} taskUuid={task.uuid} />
          </Suspense>
        )}
      </Box>
    );
  }

  // Links only where a freelancer could offer: open, unexpired.
  if (statusGroup(task.status) !== 'open' || isExpired(task, now)) return null;
  const next = { next: `${location.pathname}${location.search}` };
  if (role === 'visitor') {
    return (
      <Box>
        <Tooltip content={intl.formatMessage(messages.loginTooltip)}>
          <ButtonLink to={routePath(locale, 'login', {}, next)}>{label}</ButtonLink>
        </Tooltip>
      </Box>
    );
  }
  if (role === 'customer') {
    return (
      <Box>
        <Tooltip content={intl.formatMessage(messages.becomeFreelancerTooltip)}>
          <ButtonLink to={routePath(locale, 'becomeFreelancer', {}, next)}>{label}</ButtonLink>
        </Tooltip>
      </Box>
    );
  }
  return null;
}
