import type { CurrentUser } from '../../../shared/types';
import { api, unwrap } from '../../api/api';
import { storeSignedInUser } from '../session/sessionApi';

export interface BecomeFreelancerRequest {
  categories: number[];
  languages: string[];
}

export interface RegisterRequest {
  full_name: string;
  email: string;
  password: string;
  terms: boolean;
  /** Where the emailed link leads after confirming (a same-site path). */
  next?: string;
}

/** The server answers the same for a new and a registered address (docs/ACCOUNTS.md). */
export interface RegisterAccepted {
  email: string;
}

export const registrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RegisterAccepted, RegisterRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      transformResponse: unwrap<RegisterAccepted>,
      // A 419 here means the CSRF cookie was stale: the form says so.
      extraOptions: { handle401: true },
    }),
    /** Follows the emailed link: creates the account and logs in. */
    confirmRegistration: build.mutation<CurrentUser, { token: string }>({
      query: (body) => ({ url: '/register/confirm', method: 'POST', body }),
      transformResponse: unwrap<CurrentUser>,
      extraOptions: { handle401: true },
      onQueryStarted: storeSignedInUser,
    }),
    becomeFreelancer: build.mutation<CurrentUser, BecomeFreelancerRequest>({
      query: (body) => ({ url: '/become-freelancer', method: 'POST', body }),
      transformResponse: unwrap<CurrentUser>,
      // The make-offer button reads is_freelancer from `me`: refetch it, and the profiles.
      invalidatesTags: ['Me', 'Profile', 'Freelancers'],
    }),
  }),
});

export const { useBecomeFreelancerMutation, useConfirmRegistrationMutation, useRegisterMutation } =
  registrationApi;
