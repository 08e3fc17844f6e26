/**
 * Localised route names. Every path is /{locale}/{segments}; a few names have per-locale segments.
 * routePath() builds links. ROUTE_TREE is the app's route tree without elements: the client's
 * router and the server's static handler (src/web/app/router.tsx appRoutes) add them to the same
 * objects, and matchRoute() (the language switcher, the root redirect, the server) matches with
 * react-router's matchRoutes over it: one matcher for every side.
 */
import { matchRoutes } from 'react-router-dom';
import { LOCALES, bestLocale, isLocale, type Locale } from '../../shared/locales';
import { ROUTES, type RouteName } from '../../shared/routes';

export { ROUTES, type RouteName } from '../../shared/routes';
export type RouteParams = Record<string, string | number>;
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

/** The router pattern (relative to /{locale}) of a route name, e.g. 'tasks/:slug'. */
export function routePattern(locale: Locale, name: RouteName): string {
  return ROUTES[name][locale];
}

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The localised path of a route: routePath('lv', 'login') === '/lv/pieslegties',
 * routePath('en', 'task', { slug: 'abc' }) === '/en/tasks/abc',
 * routePath('en', 'tasksCreate', undefined, { category_id: 11 }) === '/en/create-task?category_id=11'.
 */
export function routePath(
  locale: Locale,
  name: RouteName,
  params: RouteParams = {},
  query?: Record<string, QueryValue>,
): string {
  const segments = routePattern(locale, name)
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`routePath: missing param ${segment} for ${name}`);
      return encodeURIComponent(String(value));
    });
  return `/${[locale, ...segments].join('/')}${buildQuery(query)}`;
}

export interface RouteMatch {
  locale: Locale;
  name: RouteName;
  params: Record<string, string>;
}

/** A node of ROUTE_TREE: react-router's route fields, no elements. */
export type RouteNode = { id: string; caseSensitive?: boolean } & (
  | { index: true; path?: undefined; children?: undefined }
  | { index?: false; path?: string; children?: RouteNode[] }
);

/** Route ids: the locale's layout, its pages' error boundary, each page, its 404 and the rest. */
export const routeIds = {
  locale: (locale: Locale) => locale,
  pages: (locale: Locale) => `${locale}:pages`,
  page: (locale: Locale, name: RouteName) => `${locale}:${name}`,
  notFound: (locale: Locale) => `${locale}:notFound`,
  /** A path without one of our locales: redirected (localiseUnprefixedPath). */
  unprefixed: 'unprefixed',
} as const;

const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/**
 * /{locale} (the layout) > a pathless boundary (errors render inside the layout) > one child per
 * route name with that locale's segments ('' is the index), and '*' (404); '*' at the top for
 * paths without a locale. Matching is case-sensitive, as links are built; react-router ranks a
 * literal segment over a parameter (tasks/view/:uuid before tasks/:slug).
 */
export const ROUTE_TREE: RouteNode[] = [
  ...LOCALES.map((locale): RouteNode => ({
    id: routeIds.locale(locale),
    path: `/${locale}`,
    caseSensitive: true,
    children: [
      {
        id: routeIds.pages(locale),
        children: [
          ...ROUTE_NAMES.map((name): RouteNode => {
            const pattern = routePattern(locale, name);
            const id = routeIds.page(locale, name);
            return pattern
              ? { id, path: pattern, caseSensitive: true }
              : { id, index: true, caseSensitive: true };
          }),
          { id: routeIds.notFound(locale), path: '*' },
        ],
      },
    ],
  })),
  { id: routeIds.unprefixed, path: '*' },
];

const PAGE_OF_ID = new Map<string, { locale: Locale; name: RouteName }>(
  LOCALES.flatMap((locale) =>
    ROUTE_NAMES.map((name) => [routeIds.page(locale, name), { locale, name }] as const),
  ),
);

// matchRoute's answers for the paths last asked about. react-router's matchRoutes flattens and
// ranks the whole branch on every call (3-10 ms on a phone), and a page asks about the same few
// paths on every render (the language switcher, links, the router's start).
const MATCH_CACHE_SIZE = 64;
const matchCache = new Map<string, RouteMatch | null>();

/** Which route (in which locale) a path without its query belongs to, or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  if (!matchCache.has(pathname)) {
    if (matchCache.size >= MATCH_CACHE_SIZE) {
      matchCache.delete(matchCache.keys().next().value as string);
    }
    matchCache.set(pathname, matchRouteUncached(pathname));
  }
  const match = matchCache.get(pathname) ?? null;
  // A copy: what a caller does with its answer never changes the next caller's.
  return match && { ...match, params: { ...match.params } };
}

function matchRouteUncached(pathname: string): RouteMatch | null {
  // The locale's own branch of the tree (the same objects): one sixth of the ranking work.
  const first = pathname.split('/')[1];
  const branch = isLocale(first) ? ROUTE_TREE[LOCALES.indexOf(first)] : undefined;
  const matches = branch ? matchRoutes([branch], pathname) : null;
  const leaf = matches?.[matches.length - 1];
  const page = leaf && PAGE_OF_ID.get(leaf.route.id ?? '');
  if (!leaf || !page) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(leaf.params)) {
    if (value !== undefined) params[key] = value;
  }
  return { ...page, params };
}

const splitPath = (path: string): string[] => path.split('/').filter(Boolean);

/** The first of these locales in which the segments (after the locale) name a route. */
function matchSegments(rest: string[], locales: readonly Locale[]): RouteMatch | null {
  for (const locale of locales) {
    const match = matchRoute(`/${[locale, ...rest].join('/')}`);
    if (match) return match;
  }
  return null;
}

function splitUrl(url: string): { pathname: string; suffix: string } {
  const index = url.search(/[?#]/);
  return index === -1
    ? { pathname: url, suffix: '' }
    : { pathname: url.slice(0, index), suffix: url.slice(index) };
}

/**
 * The same page in another locale, query and hash kept: /lv/pieslegties?next=x -> /en/login?next=x.
 * Unknown pages keep their path and only swap the prefix.
 */
export function switchLocalePath(url: string, target: Locale): string {
  const { pathname, suffix } = splitUrl(url);
  const match = matchRoute(pathname);
  if (match) return routePath(target, match.name, match.params) + suffix;
  const [first, ...rest] = splitPath(pathname);
  const tail = isLocale(first) ? rest : splitPath(pathname);
  return `/${[target, ...tail].join('/')}${suffix}`;
}

// A segment that looks like a language tag (de, pt-br) is treated as a foreign locale prefix.
const LANGUAGE_TAG = /^[a-z]{2}(-[a-z]{2,4})?$/i;

/**
 * Where a path without one of our locale prefixes goes: the best locale of the browser, the rest of
 * the path kept and translated when it names a localised route (/login -> /lv/pieslegties).
 */
export function localiseUnprefixedPath(
  url: string,
  preferred: readonly string[] | undefined,
): string {
  const { pathname, suffix } = splitUrl(url);
  let segments = splitPath(pathname);
  if (segments.length > 0 && LANGUAGE_TAG.test(segments[0]) && !isLocale(segments[0])) {
    segments = segments.slice(1);
  }
  const locale = bestLocale(preferred);
  const match = matchSegments(segments, [locale, ...LOCALES.filter((l) => l !== locale)]);
  if (match) return routePath(locale, match.name, match.params) + suffix;
  return `/${[locale, ...segments].join('/')}${suffix}`;
}

/** A `next` target is followed only if it is a same-origin relative path (no //host, no scheme). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  try {
    const url = new URL(next, 'http://talka.invalid');
    if (url.origin !== 'http://talka.invalid') return null;
  } catch {
    return null;
  }
  return next;
}
