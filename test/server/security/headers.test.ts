/**
 * ASVS 3.4.3, 3.4.6, 3.2.1 and 3.3.x: response headers. The Content-Security-Policy allows exactly
 * what the SPA loads (its own scripts, styles, API and push stream; map tiles from MAP_TILE_URL;
 * the geocoder is reached through /api/geo, so it needs no entry); pages cannot be framed; uploads
 * are served only as raster images that cannot run as pages; cookies carry the right attributes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../config';
import { inlineScriptHashes } from '../../../src/server/spa';
import { agent, buildTestApp, createTask, createUser, type TestApp } from '../../support/server';
import { buildSeededApp, DEMO_EMAILS, loginAgent } from './support';

/** 'default-src 'self'; img-src ...' -> { 'default-src': ["'self'"], ... } */
function parseCsp(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildSeededApp();
  });
  afterAll(() => t.close());

  it('is exactly the SPA’s needs, on pages and API answers alike', async () => {
    const expected = {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      // styled-components injects <style> elements at runtime.
      'style-src': ["'self'", "'unsafe-inline'"],
      // data: map pins, blob: previews of picked images, the tile server from the config.
      'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
      // The API, the push stream and the geocoder proxy (/api/geo) are all same-origin.
      'connect-src': ["'self'"],
      // The loader's ICU warm-up worker is a data: URL (scripts/webpack/boot.js).
      'worker-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    };
    for (const url of ['/lv', '/lv/tasks/TKPROG01', '/api/tasks', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, csp: parseCsp(res.headers['content-security-policy']) }).toEqual({
        url,
        csp: expected,
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("carries the rest of helmet's headers on every answer, a 404 included", async () => {
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      // Not sent: Chromium keys agent clusters by origin anyway; the header only asked for a process
      // of the origin's own, a cold one on each page load (src/server/app.ts).
      'origin-agent-cluster': undefined,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/lv', '/api/tasks', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, res.headers[k]]));
      expect({ url, headers: picked }).toEqual({ url, headers: expected });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('API answers are never stored by a browser or proxy; pages revalidate; uploads cache', async () => {
    const a = await loginAgent(t, DEMO_EMAILS.owner);
    for (const url of ['/api/me', '/api/tasks', '/api/tasks/TKPROG01', '/api/nope']) {
      expect({ url, cache: (await a.get(url)).headers['cache-control'] }).toEqual({
        url,
        cache: 'no-store',
      });
    }
    expect((await agent(t.app).get('/api/me')).headers['cache-control']).toBe('no-store');
    expect((await a.get('/lv/tasks/TKPROG01')).headers['cache-control']).toBe('private, no-cache');
  });

  it('grants no other origin access (no CORS headers, a preflight gets none either)', async () => {
    const origin = { origin: 'https://evil.example' };
    const get = await t.app.inject({ url: '/api/me', headers: origin });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/tasks',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('the SPA page has no inline script the policy would have to allow', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lv/tasks/TKPROG01' });
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    // Only data blocks (type="application/json"), which browsers never run.
    for (const tag of scripts) expect(tag).toMatch(/type="application\/json"/);
  });

  it('allows the built page’s inline loader by its hash, and no other inline script', async () => {
    // As the build writes it (scripts/webpack/paintFirstPlugin.cjs): the loader inline in the head.
    const loader = '!function(){document.documentElement.dataset.loader="ran"}()';
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-spa-'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html lang="lv"><head><meta charset="utf-8"><title>Talka</title>' +
        `<!--talka-head--><!--talka-config--><!--talka-data--><script>${loader}</script></head>` +
        '<body><div id="root"></div></body></html>',
    );
    const app = await buildTestApp({ staticDir });
    try {
      const hash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
      for (const url of ['/lv', '/en/login', '/api/tasks']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect({
          url,
          scripts: parseCsp(res.headers['content-security-policy'])['script-src'],
        }).toEqual({ url, scripts: ["'self'", hash] });
      }
      // The page carries the loader byte for byte (what the hash is of), and no other inline script.
      const page = await app.app.inject({ method: 'GET', url: '/lv' });
      expect(page.body).toContain(`<script>${loader}</script>`);
      const inline = page.body.match(/<script(?![^>]*\ssrc=)(?![^>]*application\/json)[^>]*>/g);
      expect(inline).toEqual(['<script>']);
    } finally {
      await app.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
    expect(
      inlineScriptHashes(
        '<script type="application/json">{}</script><script src="/a.js"></script>',
      ),
    ).toEqual([]);
    expect(inlineScriptHashes('<script>a()</script><script>b()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('b()').digest('base64')}'`,
    ]);
  });

  it('follows MAP_TILE_URL: its origin (subdomain placeholders as *), or none when empty', async () => {
    const env = { MAP_TILE_URL: 'https://{a-c}.tiles.example.org/{z}/{x}/{y}.png?key=1' };
    const custom = await buildTestApp({ public: loadConfig(env).public });
    const none = await buildTestApp({ public: loadConfig({ MAP_TILE_URL: '' }).public });
    try {
      const imgOf = async (app: TestApp) =>
        parseCsp((await app.app.inject('/api/health')).headers['content-security-policy'])[
          'img-src'
        ];
      expect(await imgOf(custom)).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://*.tiles.example.org',
      ]);
      expect(await imgOf(none)).toEqual(["'self'", 'data:', 'blob:']);
    } finally {
      await custom.close();
      await none.close();
    }
  });
});

describe('/uploads cannot run as a page (3.2.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const dir = path.join(t.uploadsDir, 'tasks', 'x');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'ok.webp'), Buffer.from('RIFF0000WEBP'));
    // What an attacker would like to have served: markup under image-looking or other names.
    fs.writeFileSync(
      path.join(dir, 'a.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    );
    fs.writeFileSync(path.join(dir, 'a.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(dir, 'a.js'), 'alert(1)');
    fs.writeFileSync(path.join(dir, 'noext'), '<script>alert(1)</script>');
  });
  afterAll(() => t.close());

  it('serves a raster image as image/* inline, nosniff, with a sandboxing CSP', async () => {
    const res = await t.app.inject('/uploads/tasks/x/ok.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(parseCsp(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'none'"],
      sandbox: [],
    });
  });

  it('serves no SVG, HTML, script or file without an image extension', async () => {
    for (const name of ['a.svg', 'a.html', 'a.js', 'noext', 'a.SVG']) {
      const res = await t.app.inject(`/uploads/tasks/x/${name}`);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 404 });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('cookies (3.3.1-3.3.4)', () => {
  it('over plain HTTP: HttpOnly, SameSite=Lax session cookie; readable XSRF-TOKEN', async () => {
    const t = await buildTestApp();
    try {
      const user = await createUser(t.db);
      const res = await agent(t.app).login(user.email, user.password);
      const session = res.cookies.find((c) => c.name === 'talka_session');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session!.secure).toBeFalsy();
      expect(session!.domain).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('served over HTTPS (PUBLIC_URL https): __Host- prefixed, Secure, no Domain; both cookies', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://talka.example' });
    expect(config.cookieSecure).toBe(true);
    expect(
      loadConfig({ PUBLIC_URL: 'https://talka.example', COOKIE_SECURE: 'false' }).cookieSecure,
    ).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    const t = await buildTestApp({ cookieSecure: config.cookieSecure });
    try {
      const user = await createUser(t.db);
      const a = agent(t.app);
      const res = await a.login(user.email, user.password);
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === '__Host-talka_session');
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session!.domain).toBeUndefined();
      const xsrf = (await t.app.inject('/api/health')).cookies.find(
        (c) => c.name === '__Host-XSRF-TOKEN',
      );
      expect(xsrf).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
      expect(xsrf!.domain).toBeUndefined();
      // The visitor id (views, reports) is HttpOnly and Secure too.
      const task = await createTask(t.db);
      const vid = (await t.app.inject(`/api/tasks/${task.identifier}`)).cookies.find(
        (c) => c.name === 'talka_vid',
      );
      expect(vid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      // The session works under its prefixed name, and the unprefixed name is not read.
      expect((await a.get('/api/me')).statusCode).toBe(200);
      const token = a.cookies.get('__Host-talka_session')!;
      const plain = await t.app.inject({ url: '/api/me', cookies: { talka_session: token } });
      expect(plain.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
