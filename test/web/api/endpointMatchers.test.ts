/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../src/web/api/api';
import { endpointFulfilled, endpointRejected } from '../../../src/web/api/endpointMatchers';
import { apiLog } from '../../../src/web/api/log';
import { offersApi } from '../../../src/web/features/offers/offersApi';
import { taskApi } from '../../../src/web/features/tasks/taskApi';
import { json, mockFetch } from '../../support/webFetch';

// The sagas name the endpoints they react to (endpointMatchers.ts) instead of importing the
// features' endpoints: these matchers must agree with RTK Query's own on every action.

const TASK = '22222222-2222-4222-8222-222222222222';

function recordingStore() {
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware, record),
  });
  return { store, actions };
}

beforeEach(() => jest.spyOn(apiLog, 'response').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('agree with RTK Query on a mutation and a query, fulfilled and rejected', async () => {
  const { store, actions } = recordingStore();
  mockFetch(json(200, { data: null }), json(500, { message: 'Boom' }));
  await store.dispatch(taskApi.endpoints.deleteTask.initiate({ uuid: TASK }));
  await store.dispatch(offersApi.endpoints.getOffers.initiate(TASK));
  mockFetch(json(500, { message: 'Boom' }), json(200, { data: [] }));
  await store.dispatch(taskApi.endpoints.deleteTask.initiate({ uuid: TASK }));
  await store.dispatch(offersApi.endpoints.getOffers.initiate(TASK, { forceRefetch: true }));

  const pairs = [
    [
      endpointFulfilled<typeof taskApi, 'deleteTask'>('deleteTask'),
      taskApi.endpoints.deleteTask.matchFulfilled,
    ],
    [
      endpointRejected<typeof taskApi, 'deleteTask'>('deleteTask'),
      taskApi.endpoints.deleteTask.matchRejected,
    ],
    [
      endpointFulfilled<typeof offersApi, 'getOffers'>('getOffers'),
      offersApi.endpoints.getOffers.matchFulfilled,
    ],
    [
      endpointRejected<typeof offersApi, 'getOffers'>('getOffers'),
      offersApi.endpoints.getOffers.matchRejected,
    ],
  ] as const;
  for (const [ours, theirs] of pairs) {
    const matched = actions.filter((action) => theirs(action));
    expect(matched).toHaveLength(1);
    expect(actions.map((action) => ours(action))).toEqual(actions.map((action) => theirs(action)));
  }
  // Plain actions and other slices' thunks are not matched.
  expect(
    endpointFulfilled<typeof taskApi, 'deleteTask'>('deleteTask')({ type: 'x/fulfilled' }),
  ).toBe(false);
});
