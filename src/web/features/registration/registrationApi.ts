import type { CurrentUser } from '../../../shared/types';
import { api, unwrap } from '../../api/api';

export interface BecomeFreelancerRequest {
  categories: number[];
  languages: string[];
}

export const registrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    becomeFreelancer: build.mutation<CurrentUser, BecomeFreelancerRequest>({
      query: (body) => ({ url: '/become-freelancer', method: 'POST', body }),
      transformResponse: unwrap<CurrentUser>,
      // The make-offer button reads is_freelancer from `me`: refetch it, and the profiles.
      invalidatesTags: ['Me', 'Profile', 'Freelancers'],
    }),
  }),
});

export const { useBecomeFreelancerMutation } = registrationApi;
