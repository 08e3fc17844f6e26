import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../../config';
import { renderIndexHtml } from '../../src/server/spa';
import { buildTestApp, createTask, createUser, type TestApp } from '../support/server';

const TEMPLATE =
  '<!doctype html><html><head><!--talka-head--><!--talka-config--></head><body><div id="root"></div><!--talka-data--></body></html>';

const scriptJson = (html: string, id: string): unknown => {
  const match = new RegExp(`<script id="${id}" type="application/json">([\\s\\S]*?)</script>`).exec(
    html,
  );
  if (!match) throw new Error(`no ${id} script`);
  return JSON.parse(match[1]);
};

describe('renderIndexHtml', () => {
  const config = loadConfig({}).public;
  const evil = 'Task </script><script>alert(1)</script> <!-- $& $1';

  it('inlines the public config as JSON that reads back identically', () => {
    const html = renderIndexHtml(TEMPLATE, { config });
    expect(scriptJson(html, 'talka-config')).toEqual(config);
    expect(html).not.toContain('<!--talka-');
  });

  it('cannot be broken out of by a title with </script> (or $& patterns)', () => {
    const data = { task: { title: evil } };
    const html = renderIndexHtml(TEMPLATE, {
      config: { ...config, mapTileAttribution: evil },
      data,
    });
    // Exactly the two script tags we put in, nothing injected.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
    expect(scriptJson(html, 'talka-data')).toEqual(data);
    expect(
      (scriptJson(html, 'talka-config') as { mapTileAttribution: string }).mapTileAttribution,
    ).toBe(evil);
  });

  it('writes the noscript notice as text, in the language it is given', () => {
    const template =
      '<html lang="lv"><body><noscript><!--talka-noscript--></noscript></body></html>';
    const html = renderIndexHtml(template, {
      config,
      lang: 'ru',
      noscript: 'Нужен <JavaScript> & всё',
    });
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<noscript>Нужен &lt;JavaScript&gt; &amp; всё</noscript>');
  });

  it('puts extra head tags in place and leaves no data script when there is no data', () => {
    const html = renderIndexHtml(TEMPLATE, { config, head: '<title>$&</title>' });
    expect(html).toContain('<head><title>$&</title><script id="talka-config"');
    expect(html).not.toContain('talka-data');
  });
});

describe('SPA serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.mkdirSync(path.join(dist, 'js'));
    fs.writeFileSync(path.join(dist, 'js', 'main.0123abcd.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    // What the production build writes beside an asset (webpack.config.ts, CompressionPlugin).
    const bundle = 'console.log("a bundle");'.repeat(100);
    fs.writeFileSync(path.join(dist, 'js', 'page.89abcdef.js'), bundle);
    fs.writeFileSync(path.join(dist, 'js', 'page.89abcdef.js.gz'), zlib.gzipSync(bundle));
    fs.writeFileSync(path.join(dist, 'js', 'page.89abcdef.js.br'), zlib.brotliCompressSync(bundle));
    t = await buildTestApp({ staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/lv', '/en/tasks', '/ru/vhod'])(
    'serves the rendered page with the config for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // Always revalidated, and private: every page embeds the viewer's own data.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(scriptJson(res.body, 'talka-config')).toEqual(t.config.public);
    },
  );

  it.each([
    ['/', '/en'],
    ['/xx/tasks/TSK-1', '/en/tasks/TSK-1'],
    ['/xx/unknown/path', '/en/unknown/path'],
    ['/login?next=%2Fen', '/en/login?next=%2Fen'],
  ])('redirects %s (no locale of ours) to the best locale: %s', async (url, location) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('serves hashed assets with a long immutable cache, others revalidated', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/js/main.0123abcd.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    expect(js.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toMatch(/max-age=0/);
  });

  it('sends the precompressed brotli or gzip file to browsers that accept it', async () => {
    const bundle = 'console.log("a bundle");'.repeat(100);
    const url = '/js/page.89abcdef.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 5);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('compresses rendered pages and API answers for browsers that accept it', async () => {
    const plainPage = await t.app.inject({ method: 'GET', url: '/en/tasks' });
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    const brPage = await t.app.inject({
      method: 'GET',
      url: '/en/tasks',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brPage.statusCode).toBe(200);
    expect(brPage.headers['content-encoding']).toBe('br');
    expect(brPage.headers.vary).toMatch(/accept-encoding/i);
    const page = zlib.brotliDecompressSync(brPage.rawPayload).toString();
    expect(scriptJson(page, 'talka-config')).toEqual(t.config.public);
    expect(page).toContain('<div id="root">');
    expect(brPage.rawPayload.length).toBeLessThan(plainPage.rawPayload.length / 2);

    const author = await createUser(t.db);
    for (let i = 0; i < 4; i += 1) {
      await createTask(t.db, {
        author_uuid: author.uuid,
        title: `Paint the fence, part ${i}`,
        description: 'Two coats, white, and the gate too. '.repeat(20),
      });
    }
    const plainApi = await t.app.inject({ method: 'GET', url: '/api/tasks?locale=en' });
    expect(plainApi.rawPayload.length).toBeGreaterThan(2048);
    const gzApi = await t.app.inject({
      method: 'GET',
      url: '/api/tasks?locale=en',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzApi.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzApi.rawPayload).toString())).toEqual(plainApi.json());
    // The entity tag is the plain body's, whatever the encoding: a revalidation still gets 304.
    expect(gzApi.headers.etag).toBe(plainApi.headers.etag);
    expect(gzApi.headers.vary).toMatch(/Cookie/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/tasks?locale=en',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plainApi.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);

    // A small answer is not worth compressing.
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps /api/* JSON 404s and missing assets 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/js/missing.deadbeef.js' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).body).not.toContain(
      '<!--talka-config-->',
    );
  });
});
