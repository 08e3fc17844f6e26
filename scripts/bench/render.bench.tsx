/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
// The rendering bench (issue 8): a task page with 200 offers, the first render in ms, and the offer
// cards two push-triggered refetches render again (identical data: none; one changed offer: one).
// Run by `npm run bench` through jest.bench.config.ts; writes its figures to BENCH_RENDER_OUT.
// Must load before react-dom: it installs the hook through which React reports its commits.
import '../../test/support/renderCounter';
import fs from 'node:fs';
import { apiLog } from '../../src/web/api/log';
import { offerRenderScenario } from '../../test/support/offerRenders';

jest.mock('../../src/web/ui/MapView.ol', () => ({ __esModule: true, default: () => null }));

const OFFERS = Number(process.env.BENCH_RENDER_OFFERS || 200);

it(`renders a task page with ${OFFERS} offers and counts re-renders on refetch`, async () => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  // RTK's development-only checks warn about a large state; production builds have none.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const figures = await offerRenderScenario(OFFERS);
  console.log(JSON.stringify(figures, null, 2));
  if (process.env.BENCH_RENDER_OUT) {
    fs.writeFileSync(process.env.BENCH_RENDER_OUT, JSON.stringify(figures, null, 2));
  }
  expect(figures.offers).toBe(OFFERS);
});
