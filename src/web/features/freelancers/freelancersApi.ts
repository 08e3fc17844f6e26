import type { Locale } from '../../../shared/locales';
import type { FreelancerCard, FreelancerSortBy, Paginated, SortDir } from '../../../shared/types';
import { api } from '../../api/api';

export interface FreelancersArgs {
  categories: string[];
  languages: string[];
  sort_by: FreelancerSortBy;
  sort_dir: SortDir;
  page: number;
  locale: Locale;
}

export const FREELANCER_SORTS: readonly FreelancerSortBy[] = [
  'freelancer_rating',
  'completed_tasks',
  'newest',
];

/** The query string of GET /api/freelancers: arrays as repeated keys, as the task page links. */
export function freelancersQuery(args: FreelancersArgs): string {
  const search = new URLSearchParams();
  args.categories.forEach((slug) => search.append('categories', slug));
  args.languages.forEach((code) => search.append('languages', code));
  search.set('sort_by', args.sort_by);
  search.set('sort_dir', args.sort_dir);
  search.set('page', String(args.page));
  search.set('locale', args.locale);
  return search.toString();
}

/** The filters of a /freelancers URL (SPEC section 2's link: categories, languages, sort, page). */
export function freelancersArgs(params: URLSearchParams, locale: Locale): FreelancersArgs {
  const split = (key: string) =>
    params
      .getAll(key)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean);
  const sortBy = params.get('sort_by');
  const page = Number(params.get('page'));
  return {
    categories: split('categories'),
    languages: [...new Set(split('languages').map((code) => code.toLowerCase()))],
    sort_by: (FREELANCER_SORTS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as FreelancerSortBy)
      : 'freelancer_rating',
    sort_dir: params.get('sort_dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    locale,
  };
}

export const freelancersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFreelancers: build.query<Paginated<FreelancerCard>, FreelancersArgs>({
      query: (args) => `/freelancers?${freelancersQuery(args)}`,
      providesTags: [{ type: 'Freelancers', id: 'LIST' }],
      extraOptions: { handle401: true, handle404: true, handle500: true, suppressNotice: true },
    }),
  }),
});

export const { useGetFreelancersQuery } = freelancersApi;
