/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
// Must load before react-dom: it installs the hook through which React reports its commits.
import '../../../support/renderCounter';
import { apiLog } from '../../../../src/web/api/log';
import { resetConfigCache } from '../../../../src/web/app/config';
import { offerRenderScenario } from '../../../support/offerRenders';

jest.mock('../../../../src/web/ui/MapView.ol', () => ({ __esModule: true, default: () => null }));

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetConfigCache();
});

// Issue 8: a push-triggered refetch that returns identical data commits no re-render of the offer
// cards (RTK Query's structural sharing keeps every offer object); one that changes one offer
// re-renders that offer's card only.
it('a push refetch re-renders no offer card when nothing changed, and only the changed one', async () => {
  const figures = await offerRenderScenario(20);
  expect(figures.identicalRerenders).toBe(0);
  expect(figures.oneChangedRerenders).toBe(1);
}, 30_000);
