import { DEFAULT_PUBLIC_CONFIG, getConfig, resetConfigCache } from '../../../src/web/app/config';

afterEach(() => {
  document.getElementById('talka-config')?.remove();
  resetConfigCache();
});

it('uses the defaults of config/index.ts when the server injected nothing', () => {
  expect(getConfig()).toEqual(DEFAULT_PUBLIC_CONFIG);
  expect(getConfig().apiBase).toBe('/api');
  expect(getConfig().expiringSoonDays).toBe(3);
});

it('reads #talka-config over the defaults', () => {
  const script = document.createElement('script');
  script.id = 'talka-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify({ apiBase: '/v2/api', expiringSoonDays: 5 });
  document.body.append(script);
  expect(getConfig()).toEqual({
    ...DEFAULT_PUBLIC_CONFIG,
    apiBase: '/v2/api',
    expiringSoonDays: 5,
  });
});
