import type { Locale } from '../../../shared/locales';
import type { CurrentUser, PublicProfile } from '../../../shared/types';
import { api, unwrap } from '../../api/api';

export interface ProfileUpdate {
  display_name: string;
  phone_number: string | null;
  languages: Locale[];
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<PublicProfile, { uuid: string; locale: Locale }>({
      query: ({ uuid, locale }) => ({
        url: `/users/${encodeURIComponent(uuid)}`,
        params: { locale },
      }),
      transformResponse: unwrap<PublicProfile>,
      providesTags: (_result, _error, { uuid }) => [{ type: 'Profile', id: uuid }],
      // A public page: a 401 here says nothing about the session; 404 shows the not-found page.
      extraOptions: { handle401: true },
    }),
    updateProfile: build.mutation<CurrentUser, ProfileUpdate>({
      query: (body) => ({ url: '/me/profile', method: 'PUT', body }),
      transformResponse: unwrap<CurrentUser>,
      invalidatesTags: (result) => [
        'Me',
        ...(result ? [{ type: 'Profile' as const, id: result.uuid }] : []),
      ],
    }),
    uploadPhoto: build.mutation<CurrentUser, File>({
      query: (file) => {
        const body = new FormData();
        body.append('photo', file);
        return { url: '/me/photo', method: 'POST', body };
      },
      transformResponse: unwrap<CurrentUser>,
      invalidatesTags: (result) => [
        'Me',
        ...(result ? [{ type: 'Profile' as const, id: result.uuid }] : []),
      ],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useUploadPhotoMutation } = profileApi;
