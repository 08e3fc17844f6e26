import { isFulfilled, isRejected } from '@reduxjs/toolkit';
import { api } from './api';

/** What an injected API slice has of its endpoints' matchers (typeof taskApi and the like). */
interface EndpointMatchers {
  endpoints: Record<string, { matchFulfilled: unknown; matchRejected: unknown }>;
}

const endpointNameOf = (action: unknown): unknown =>
  (action as { meta?: { arg?: { endpointName?: unknown } } }).meta?.arg?.endpointName;

/** An action of the one API slice's query or mutation thunks (`api/executeQuery/...`). */
const isApiThunkAction = (action: unknown): boolean => {
  const type = (action as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith(`${api.reducerPath}/execute`);
};

/**
 * `endpoint.matchFulfilled` of an endpoint named by its API's type alone: the sagas react to
 * features' endpoints (a task deleted, a task created) without importing their modules, whose
 * `injectEndpoints` call would put every endpoint of the feature into the sagas' chunk (issue 15,
 * sizes). `typeof taskApi` checks the name and gives the action's type, e.g.
 * `endpointFulfilled<typeof taskApi, 'deleteTask'>('deleteTask')`.
 */
export function endpointFulfilled<
  Api extends EndpointMatchers,
  Name extends keyof Api['endpoints'],
>(name: Name): Api['endpoints'][Name]['matchFulfilled'] {
  const match = (action: unknown): boolean =>
    isApiThunkAction(action) && isFulfilled(action) && endpointNameOf(action) === name;
  return match as Api['endpoints'][Name]['matchFulfilled'];
}

/** `endpoint.matchRejected` of an endpoint named by its API's type alone (see endpointFulfilled). */
export function endpointRejected<Api extends EndpointMatchers, Name extends keyof Api['endpoints']>(
  name: Name,
): Api['endpoints'][Name]['matchRejected'] {
  const match = (action: unknown): boolean =>
    isApiThunkAction(action) && isRejected(action) && endpointNameOf(action) === name;
  return match as Api['endpoints'][Name]['matchRejected'];
}
