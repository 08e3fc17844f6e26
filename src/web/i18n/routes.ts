/**
 * Localised route names. Every path is /{locale}/{segments}; a few names have per-locale segments.
 * routePath() builds links; matchRoute() and switchLocalePath() map a path back to its name so the
 * language switcher and the root redirect keep the current page.
 */
import { LOCALES, bestLocale, isLocale, type Locale } from '../../shared/locales';

type PerLocale = Record<Locale, string>;
const same = (path: string): PerLocale => ({
  lv: path,
  en: path,
  ru: path,
  tr: path,
  et: path,
  lt: path,
});

export const ROUTES = {
  home: same(''),
  login: {
    lv: 'pieslegties',
    en: 'login',
    ru: 'vhod',
    tr: 'giris',
    et: 'sisselogimine',
    lt: 'prisijungti',
  },
  register: {
    lv: 'registreties',
    en: 'register',
    ru: 'registratsiya',
    tr: 'kayit-ol',
    et: 'registreeru',
    lt: 'registruotis',
  },
  tasksCreate: {
    lv: 'izveidot-uzdevumu',
    en: 'create-task',
    ru: 'sozdat-zadanie',
    tr: 'gorev-olustur',
    et: 'loo-ulesanne',
    lt: 'sukurti-uzduoti',
  },
  tasks: same('tasks'),
  // 'tasks/view/:uuid' is listed before 'tasks/:slug' so matching prefers the literal segment.
  taskView: same('tasks/view/:uuid'),
  task: same('tasks/:slug'),
  becomeFreelancer: same('become-freelancer'),
  // The link of the registration email (src/server/auth/registration.ts builds it).
  confirmEmail: same('confirm-email'),
  freelancers: same('freelancers'),
  profile: same('user/profile/:uuid'),
} as const satisfies Record<string, PerLocale>;

export type RouteName = keyof typeof ROUTES;
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

const splitPath = (path: string): string[] => path.split('/').filter(Boolean);

/** Which route (in which locale) a path without its query belongs to, or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  const [first, ...rest] = splitPath(pathname);
  if (!isLocale(first)) return null;
  return matchSegments(rest, [first]);
}

function matchSegments(rest: string[], locales: readonly Locale[]): RouteMatch | null {
  for (const locale of locales) {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const pattern = splitPath(routePattern(locale, name));
      if (pattern.length !== rest.length) continue;
      const params: Record<string, string> = {};
      const ok = pattern.every((segment, i) => {
        if (segment.startsWith(':')) {
          params[segment.slice(1)] = decodeURIComponent(rest[i]);
          return true;
        }
        return segment === rest[i];
      });
      if (ok) return { locale, name, params };
    }
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
