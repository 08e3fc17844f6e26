import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { outageEnded, selectOutageActive } from './outageSlice';
import { apiIsBack, refetchFailedQueries } from './recover';
import { theme } from '../../app/theme';

export const outageMessages = defineMessages({
  title: { id: 'errors.outage.title', defaultMessage: 'We can’t reach Talka right now.' },
  retrying: { id: 'errors.outage.retrying', defaultMessage: 'Retrying automatically…' },
  checking: { id: 'errors.outage.checking', defaultMessage: 'Checking…' },
  retryNow: { id: 'errors.outage.retryNow', defaultMessage: 'Retry now' },
});

/** Waits between automatic checks: doubling from the first, capped at the second. */
export const OUTAGE_RETRY_MS = { first: 2000, max: 30_000 };

export const retryDelay = (attempt: number): number =>
  Math.min(OUTAGE_RETRY_MS.max, OUTAGE_RETRY_MS.first * 2 ** attempt);

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  margin-bottom: ${theme.space.lg};
  padding: ${theme.space.md} ${theme.space.lg};
  border: 1px solid ${theme.colors.warning};
  border-left-width: 6px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};

  p {
    margin: 0;
  }
`;

/** While the outage lasts: check the API with backoff, or at once on "Retry now". */
function OutageRetry() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [checking, setChecking] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const check = useCallback(async () => {
    setChecking(true);
    const back = await apiIsBack();
    if (!alive.current) return;
    setChecking(false);
    if (back) dispatch(outageEnded());
    else setAttempt((n) => n + 1);
  }, [dispatch]);

  useEffect(() => {
    if (checking) return undefined;
    const timer = setTimeout(() => void check(), retryDelay(attempt));
    return () => clearTimeout(timer);
  }, [attempt, checking, check]);

  return (
    <Banner role="alert" data-testid="outage">
      <p>
        <strong>{intl.formatMessage(outageMessages.title)}</strong>{' '}
        <span role="status">
          {intl.formatMessage(checking ? outageMessages.checking : outageMessages.retrying)}
        </span>
      </p>
      <Button type="button" $variant="secondary" disabled={checking} onClick={() => void check()}>
        {intl.formatMessage(outageMessages.retryNow)}
      </Button>
    </Banner>
  );
}

/**
 * The friendly retry state of a 503 (the API is up, its database is not): a banner above the page
 * that retries by itself and, when Talka answers again, refetches every query that failed, so the
 * page recovers without a reload.
 */
export function OutageBanner() {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectOutageActive);
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) dispatch(refetchFailedQueries());
    wasActive.current = active;
  }, [active, dispatch]);
  return active ? <OutageRetry /> : null;
}
