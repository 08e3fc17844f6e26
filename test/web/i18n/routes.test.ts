import { LOCALES } from '../../../src/shared/locales';
import {
  ROUTES,
  localiseUnprefixedPath,
  matchRoute,
  routePath,
  safeNextPath,
  switchLocalePath,
  type RouteName,
} from '../../../src/web/i18n/routes';

describe('routePath', () => {
  it.each([
    ['lv', '/lv/pieslegties'],
    ['en', '/en/login'],
    ['ru', '/ru/vhod'],
    ['tr', '/tr/giris'],
    ['et', '/et/sisselogimine'],
    ['lt', '/lt/prisijungti'],
  ] as const)('login in %s is %s', (locale, path) => {
    expect(routePath(locale, 'login')).toBe(path);
  });

  it.each([
    ['lv', '/lv/izveidot-uzdevumu'],
    ['en', '/en/create-task'],
    ['ru', '/ru/sozdat-zadanie'],
    ['tr', '/tr/gorev-olustur'],
    ['et', '/et/loo-ulesanne'],
    ['lt', '/lt/sukurti-uzduoti'],
  ] as const)('tasksCreate in %s is %s', (locale, path) => {
    expect(routePath(locale, 'tasksCreate')).toBe(path);
  });

  it('builds the shared paths with params and query', () => {
    expect(routePath('en', 'home')).toBe('/en');
    expect(routePath('lv', 'tasks', {}, { categories: 'courier' })).toBe(
      '/lv/tasks?categories=courier',
    );
    expect(routePath('ru', 'task', { slug: 'fix my sink' })).toBe('/ru/tasks/fix%20my%20sink');
    expect(routePath('et', 'taskView', { uuid: 'u1' })).toBe('/et/tasks/view/u1');
    expect(routePath('lt', 'profile', { uuid: 'u2' })).toBe('/lt/user/profile/u2');
    expect(routePath('tr', 'becomeFreelancer')).toBe('/tr/become-freelancer');
    expect(
      routePath('en', 'freelancers', {}, { categories: 'x', languages: ['lv', 'en'], page: 1 }),
    ).toBe('/en/freelancers?categories=x&languages=lv&languages=en&page=1');
    expect(routePath('en', 'tasksCreate', {}, { category_id: 11 })).toBe(
      '/en/create-task?category_id=11',
    );
  });

  it('throws on a missing param instead of building a broken link', () => {
    expect(() => routePath('en', 'task')).toThrow(/slug/);
  });

  it('register is localised in every locale and the segments are unique per locale', () => {
    for (const locale of LOCALES) {
      const segments = (Object.keys(ROUTES) as RouteName[]).map((n) => ROUTES[n][locale]);
      expect(new Set(segments).size).toBe(segments.length);
    }
    expect(new Set(LOCALES.map((l) => ROUTES.register[l])).size).toBeGreaterThan(1);
  });
});

describe('matchRoute', () => {
  it('finds the name and params of a localised path', () => {
    expect(matchRoute('/lv/pieslegties')).toEqual({ locale: 'lv', name: 'login', params: {} });
    expect(matchRoute('/en/tasks/view/abc')).toEqual({
      locale: 'en',
      name: 'taskView',
      params: { uuid: 'abc' },
    });
    expect(matchRoute('/en/tasks/abc')).toEqual({
      locale: 'en',
      name: 'task',
      params: { slug: 'abc' },
    });
    expect(matchRoute('/en')).toEqual({ locale: 'en', name: 'home', params: {} });
    // Another locale's segment is not a route of this locale.
    expect(matchRoute('/en/pieslegties')).toBeNull();
    expect(matchRoute('/de/login')).toBeNull();
  });

  it('answers the same path again from its cache, each caller with its own copy', () => {
    const first = matchRoute('/en/tasks/view/abc');
    first!.params.uuid = 'changed';
    first!.name = 'home';
    expect(matchRoute('/en/tasks/view/abc')).toEqual({
      locale: 'en',
      name: 'taskView',
      params: { uuid: 'abc' },
    });
    // More paths than the cache holds: the first ones are still answered right after they left it.
    for (let i = 0; i < 200; i += 1) {
      expect(matchRoute(`/en/tasks/task-${i}`)).toEqual({
        locale: 'en',
        name: 'task',
        params: { slug: `task-${i}` },
      });
    }
    expect(matchRoute('/en/tasks/task-0')?.params).toEqual({ slug: 'task-0' });
    expect(matchRoute('/en/no/such/page')).toBeNull();
    expect(matchRoute('/en/no/such/page')).toBeNull();
  });
});

describe('language switcher mapping', () => {
  it('maps localised segments to the other locale and keeps query and hash', () => {
    expect(switchLocalePath('/lv/pieslegties?next=%2Flv', 'en')).toBe('/en/login?next=%2Flv');
    expect(switchLocalePath('/en/create-task?category_id=11', 'ru')).toBe(
      '/ru/sozdat-zadanie?category_id=11',
    );
    expect(switchLocalePath('/lt/tasks/my-task#offers', 'et')).toBe('/et/tasks/my-task#offers');
    expect(switchLocalePath('/tr', 'lv')).toBe('/lv');
  });

  it('swaps only the prefix of unknown pages', () => {
    expect(switchLocalePath('/en/no/such/page', 'lv')).toBe('/lv/no/such/page');
  });

  it('round-trips every route through every locale', () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const params = { slug: 's', uuid: 'u' };
      for (const from of LOCALES) {
        for (const to of LOCALES) {
          expect(switchLocalePath(routePath(from, name, params), to)).toBe(
            routePath(to, name, params),
          );
        }
      }
    }
  });
});

describe('redirect of paths without a locale (bestLocale)', () => {
  it('uses the first supported browser language', () => {
    expect(localiseUnprefixedPath('/', ['de-DE', 'ru-RU', 'en'])).toBe('/ru');
    expect(localiseUnprefixedPath('/', ['et'])).toBe('/et');
  });

  it('falls back to lv', () => {
    expect(localiseUnprefixedPath('/', ['de', 'fr'])).toBe('/lv');
    expect(localiseUnprefixedPath('/', undefined)).toBe('/lv');
  });

  it('keeps the rest of the path and translates localised routes', () => {
    expect(localiseUnprefixedPath('/tasks/abc?x=1', ['en-GB'])).toBe('/en/tasks/abc?x=1');
    expect(localiseUnprefixedPath('/login?next=%2Fen', ['lv'])).toBe('/lv/pieslegties?next=%2Fen');
    expect(localiseUnprefixedPath('/de/tasks', ['lt'])).toBe('/lt/tasks');
    expect(localiseUnprefixedPath('/unknown/page', ['tr'])).toBe('/tr/unknown/page');
  });
});

describe('safeNextPath', () => {
  it('accepts same-origin relative paths only', () => {
    expect(safeNextPath('/en/tasks?x=1')).toBe('/en/tasks?x=1');
    expect(safeNextPath('//evil.example/x')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('javascript:alert(1)')).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});
