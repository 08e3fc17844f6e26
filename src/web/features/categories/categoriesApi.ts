import type { Locale } from '../../../shared/locales';
import type { Category } from '../../../shared/types';
import { api, type Envelope } from '../../api/api';

export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The category tree with this week's task counts, titles in the given locale. */
    getCategories: build.query<Category[], Locale>({
      query: (locale) => ({ url: '/categories', params: { locale } }),
      // A sidebar must survive an odd body (an empty 200): no tree is an empty tree.
      transformResponse: (body: Envelope<Category[]> | null) => body?.data ?? [],
      providesTags: ['Categories'],
      // A public list beside the page: its failure must not log out or replace the page.
      extraOptions: { handle401: true, handle404: true, handle500: true, suppressNotice: true },
    }),
  }),
});

export const { useGetCategoriesQuery } = categoriesApi;

/** Every category of the tree, parents before their children. */
export function flattenCategories(tree: readonly Category[]): Category[] {
  const out: Category[] = [];
  const walk = (nodes: readonly Category[]) => {
    for (const node of nodes) {
      out.push(node);
      if (node.children?.length) walk(node.children);
    }
  };
  walk(tree);
  return out;
}
