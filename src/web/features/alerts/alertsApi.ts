import type { TaskAlert } from '../../../shared/alerts';
import type { Locale } from '../../../shared/locales';
import type { Paginated, TaskSummary } from '../../../shared/types';
import { api, unwrap } from '../../api/api';

/** The body of POST /alerts and PUT /alerts/{id} (src/shared/validation/alerts.ts). */
export interface AlertRequest {
  categories: number[];
  location_type: 'specific' | 'anywhere';
  address: string | null;
  lat: number | null;
  lng: number | null;
  radius_km: number | null;
  languages: string[];
  budget_min: number | null;
}

export interface MatchesArgs {
  page: number;
  locale: Locale;
}

/** The ?page= of "Tasks for you": a whole number from 1, else 1. */
export const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<TaskAlert[], void>({
      query: () => '/alerts',
      transformResponse: unwrap<TaskAlert[]>,
      providesTags: ['Alerts'],
    }),
    createAlert: build.mutation<TaskAlert, AlertRequest>({
      query: (body) => ({ url: '/alerts', method: 'POST', body }),
      transformResponse: unwrap<TaskAlert>,
      invalidatesTags: ['Alerts'],
    }),
    updateAlert: build.mutation<TaskAlert, { id: number; body: AlertRequest }>({
      query: ({ id, body }) => ({ url: `/alerts/${id}`, method: 'PUT', body }),
      transformResponse: unwrap<TaskAlert>,
      invalidatesTags: ['Alerts'],
    }),
    deleteAlert: build.mutation<void, number>({
      query: (id) => ({ url: `/alerts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Alerts'],
    }),
    /** "Tasks for you": the matched tasks, newest match first (the task list's paginator shape). */
    getAlertMatches: build.query<Paginated<TaskSummary>, MatchesArgs>({
      query: ({ page, locale }) => ({ url: '/alerts/matches', params: { page, locale } }),
      providesTags: ['AlertMatches'],
    }),
  }),
});

export const {
  useGetAlertsQuery,
  useCreateAlertMutation,
  useUpdateAlertMutation,
  useDeleteAlertMutation,
  useGetAlertMatchesQuery,
} = alertsApi;
