/**
 * The task page with many offers, as its owner sees it, and the two push-triggered refetches of
 * issue 8: one whose answers are identical (RTK Query's structural sharing keeps every object, so no
 * offer card may render again) and one where a single offer changed (only its card may render).
 * Used by the re-render test (test/web) and the rendering bench (scripts/bench, with timings).
 *
 * The caller must import ./renderCounter before this module (and before anything loads react-dom).
 */
import { Profiler } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import type { Offer, Task } from '../../src/shared/types';
import { AppProviders } from '../../src/web/app/App';
import { appRoutes, type PageRoute } from '../../src/web/app/router';
import { setupStore } from '../../src/web/app/store';
import { OfferCard } from '../../src/web/features/offers/OfferCard';
import { refetchTask } from '../../src/web/features/push/push.saga';
import TaskDetailPage from '../../src/web/features/tasks/TaskDetailPage';
import { calls, route } from '../web/features/offers/fixtures';
import { makeTask, offer, owner, TASK_UUID } from '../web/features/tasks/fixtures';
import { countRenders } from './renderCounter';
import { enMessages, testRouter } from './render';
import { json } from './webFetch';

const pages: PageRoute[] = [{ name: 'task', load: async () => ({ default: TaskDetailPage }) }];
const TASK_PATH = '/api/tasks/TK7Q2XYZ';
const OFFERS_PATH = `/api/tasks/${TASK_UUID}/offers`;

/** n offers by n different freelancers, as the server sends them. */
export function manyOffers(n: number): Offer[] {
  return Array.from({ length: n }, (_, i) => {
    const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const base = offer(uuid, false);
    return {
      ...base,
      uuid: `offer-${String(i).padStart(4, '0')}`,
      description: `Offer ${i + 1}: I can do it this week, tools included.`,
      price: 50 + i,
      hash: `hash-${i}`,
      freelancer: base.freelancer && {
        ...base.freelancer,
        display_name: `Freelancer ${i + 1}`,
        full_name: `Freelancer Number ${i + 1}`,
      },
    };
  });
}

export interface OfferRenderFigures {
  offers: number;
  /** From render() until every offer card is in the DOM (wall clock, jsdom). */
  mountMs: number;
  /** React's own time in the commits of that first render (Profiler actualDuration, summed). */
  mountCommitMs: number;
  /** Offer card renders and React commits until the page was complete (n renders at best). */
  mountRenders: number;
  mountCommits: number;
  /** Offer cards rendered by a push refetch whose answers are identical. */
  identicalRerenders: number;
  /** Offer cards rendered by a push refetch where one offer's price changed. */
  oneChangedRerenders: number;
  /** React time of the commits of each refetch. */
  identicalCommitMs: number;
  oneChangedCommitMs: number;
}

/** Waits until no query is in flight (the refetch has landed and React has committed it). */
async function settled(store: ReturnType<typeof setupStore>): Promise<void> {
  await waitFor(() => {
    const queries = Object.values(store.getState().api.queries);
    expect(queries.some((q) => q?.status === 'pending')).toBe(false);
  });
  // Let effects and any render scheduled by the last answer run.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

export async function offerRenderScenario(n: number): Promise<OfferRenderFigures> {
  const offers = manyOffers(n);
  const task: Task = makeTask({ offers, offers_count: n });
  const changed = offers.map((o, i) =>
    i === Math.floor(n / 2) ? { ...o, price: o.price + 1, hash: `${o.hash}-2` } : o,
  );
  let offersAnswer: Offer[] = offers;
  const fetch = route({
    'GET /api/me': [json(200, { data: owner })],
    'GET /api/categories': [json(200, { data: [] })],
    [`GET ${TASK_PATH}`]: [() => json(200, { data: task })],
    [`GET ${OFFERS_PATH}`]: [() => json(200, { data: offersAnswer })],
  });

  const cards = countRenders(OfferCard);
  let commitMs = 0;
  let commits = 0;
  const router = testRouter(appRoutes({ pages, messages: enMessages }), '/en/tasks/TK7Q2XYZ');
  const store = setupStore({ i18n: { locale: 'en' } }, { router });

  const started = performance.now();
  render(
    <Profiler
      id="task-page"
      onRender={(_id, _phase, actualDuration) => {
        commitMs += actualDuration;
        commits += 1;
      }}
    >
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </Profiler>,
  );
  await waitFor(() => expect(screen.getAllByTestId('offer-card')).toHaveLength(n), {
    timeout: 60_000,
  });
  const mountMs = performance.now() - started;
  await settled(store);
  const mountCommitMs = commitMs;
  const mountRenders = cards.renders;
  const mountCommits = commits;

  // A push event for this task: the saga puts exactly this action.
  const refetch = async (): Promise<{ renders: number; ms: number }> => {
    const tasksBefore = calls(fetch, 'GET', TASK_PATH).length;
    const offersBefore = calls(fetch, 'GET', OFFERS_PATH).length;
    cards.reset();
    commitMs = 0;
    store.dispatch(refetchTask(TASK_UUID));
    await waitFor(() => {
      expect(calls(fetch, 'GET', TASK_PATH).length).toBeGreaterThan(tasksBefore);
      expect(calls(fetch, 'GET', OFFERS_PATH).length).toBeGreaterThan(offersBefore);
    });
    await settled(store);
    return { renders: cards.renders, ms: commitMs };
  };

  const identical = await refetch();
  offersAnswer = changed;
  const oneChanged = await refetch();
  const changedOffer = changed[Math.floor(n / 2)];
  // The changed card shows its new price.
  await waitFor(() =>
    expect(
      document.querySelector(`[data-offer="${changedOffer.uuid}"]`)?.textContent ?? '',
    ).toContain(String(changedOffer.price)),
  );

  return {
    offers: n,
    mountMs,
    mountCommitMs,
    mountRenders,
    mountCommits,
    identicalRerenders: identical.renders,
    oneChangedRerenders: oneChanged.renders,
    identicalCommitMs: identical.ms,
    oneChangedCommitMs: oneChanged.ms,
  };
}
