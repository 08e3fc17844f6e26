/** After an outage: run again every query that failed, so each page recovers without a reload. */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import { getConfig } from '../../app/config';

type Initiate = (
  arg: unknown,
  options: { subscribe: boolean; forceRefetch: boolean },
) => ThunkAction<unknown, unknown, unknown, UnknownAction>;

export function refetchFailedQueries(): ThunkAction<
  void,
  { api: ReturnType<typeof api.reducer> },
  unknown,
  UnknownAction
> {
  return (dispatch, getState) => {
    for (const query of Object.values(getState().api.queries)) {
      if (query?.status !== 'rejected' || !query.endpointName) continue;
      // The endpoints are injected by the features; by name they are untyped here.
      const endpoint = (api.endpoints as unknown as Record<string, { initiate?: Initiate }>)[
        query.endpointName
      ];
      if (endpoint?.initiate) {
        void dispatch(
          endpoint.initiate(query.originalArgs, { subscribe: false, forceRefetch: true }),
        );
      }
    }
  };
}

/** True when the API answers /health with 200 (its database is reachable). */
export async function apiIsBack(): Promise<boolean> {
  try {
    const url = new URL(`${getConfig().apiBase}/health`, window.location.origin);
    const res = await fetch(url.href, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    return res.ok;
  } catch {
    return false;
  }
}
