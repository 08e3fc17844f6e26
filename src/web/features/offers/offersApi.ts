import type { NotChosenReason } from '../../../shared/notChosenReasons';
import type { Offer, Task } from '../../../shared/types';
import type { OfferForm } from '../../../shared/validation/offer';
import { api, type Envelope } from '../../api/api';
import { errorStatus } from '../../api/baseQuery';

const base = (taskUuid: string) => `/tasks/${encodeURIComponent(taskUuid)}/offers`;

/** The task and its offers: an offer change moves offers_count and the viewer's role. */
const taskAndOffers = (taskUuid: string) => [
  { type: 'Task' as const, id: taskUuid },
  { type: 'Offers' as const, id: taskUuid },
];

export const offersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Role-filtered by the server. The section redirects to /tasks on failure. */
    getOffers: build.query<Offer[], string>({
      query: (taskUuid) => base(taskUuid),
      transformResponse: (body: Envelope<Offer[]>) => (Array.isArray(body?.data) ? body.data : []),
      extraOptions: { handle401: true, handle404: true, handle500: true, suppressNotice: true },
      providesTags: (_result, _error, taskUuid) => [{ type: 'Offers', id: taskUuid }],
    }),
    createOffer: build.mutation<Offer, { taskUuid: string; body: OfferForm }>({
      query: ({ taskUuid, body }) => ({ url: base(taskUuid), method: 'POST', body }),
      transformResponse: (body: Envelope<Offer[]>) => body.data[0],
      invalidatesTags: (_result, error, { taskUuid }) => (error ? [] : taskAndOffers(taskUuid)),
    }),
    updateOffer: build.mutation<Offer, { taskUuid: string; offerUuid: string; body: OfferForm }>({
      query: ({ taskUuid, offerUuid, body }) => ({
        url: `${base(taskUuid)}/${encodeURIComponent(offerUuid)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: (body: Envelope<Offer>) => body.data,
      // 403: the offer is locked (chosen meanwhile); the refetch shows its current state.
      invalidatesTags: (_result, error, { taskUuid }) =>
        !error || errorStatus(error) === 403 ? taskAndOffers(taskUuid) : [],
    }),
    deleteOffer: build.mutation<null, { taskUuid: string; offerUuid: string }>({
      query: ({ taskUuid, offerUuid }) => ({
        url: `${base(taskUuid)}/${encodeURIComponent(offerUuid)}`,
        method: 'DELETE',
      }),
      extraOptions: { handle404: true },
      invalidatesTags: (_result, _error, { taskUuid }) => taskAndOffers(taskUuid),
    }),
    /** Sends the hash of the offer as shown: 409 when it changed since, 404 when it is gone. */
    chooseOffer: build.mutation<
      Task,
      {
        taskUuid: string;
        offerUuid: string;
        hash: string;
        /** The owner's optional reason for the others (issue 19). */
        notChosenReason?: NotChosenReason | null;
      }
    >({
      query: ({ taskUuid, offerUuid, hash, notChosenReason = null }) => ({
        url: `${base(taskUuid)}/${encodeURIComponent(offerUuid)}/choose`,
        method: 'POST',
        body: { hash, not_chosen_reason: notChosenReason },
      }),
      transformResponse: (body: Envelope<Task>) => body.data,
      extraOptions: { handle404: true },
      invalidatesTags: (_result, error, { taskUuid }) => {
        if (!error) return taskAndOffers(taskUuid);
        const status = errorStatus(error);
        return status === 409 || status === 404 ? [{ type: 'Offers', id: taskUuid }] : [];
      },
    }),
  }),
});

export const {
  useGetOffersQuery,
  useCreateOfferMutation,
  useUpdateOfferMutation,
  useDeleteOfferMutation,
  useChooseOfferMutation,
} = offersApi;
