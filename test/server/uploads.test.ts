import fs from 'node:fs';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../support/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  fs.mkdirSync(path.join(t.uploadsDir, 'photos'), { recursive: true });
  fs.writeFileSync(path.join(t.uploadsDir, 'photos', 'a b.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
  fs.writeFileSync(path.join(t.uploadsDir, 'photos', 'evil.html'), '<script>alert(1)</script>');
  fs.writeFileSync(path.join(t.uploadsDir, 'photos', 'pic.svg'), '<svg onload="alert(1)"/>');
  fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'secret');
});
afterAll(() => t.close());

describe('/uploads/*', () => {
  it('serves an image inline, sandboxed and nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/photos/a%20b.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.rawPayload).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('serves nothing but raster images: html and svg (script carriers) are 404', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/uploads/photos/evil.html' });
    expect(html.statusCode).toBe(404);
    expect(html.body).not.toContain('<script>');
    const svg = await t.app.inject({ method: 'GET', url: '/uploads/photos/pic.svg' });
    expect(svg.statusCode).toBe(404);
    expect(svg.body).not.toContain('onload');
  });

  it('is read-only and cannot leave the uploads folder', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../secret.txt' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/%2e%2e/secret.txt' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/photos/none.jpg' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/photos' })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: '/uploads/photos/x.jpg', payload: 'x' });
    expect(put.statusCode).not.toBe(200);
    expect(fs.existsSync(path.join(t.uploadsDir, 'photos', 'x.jpg'))).toBe(false);
  });
});
