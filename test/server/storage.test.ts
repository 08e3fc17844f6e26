/**
 * Image uploads: type by content (magic bytes, SVG root), size and pixel limits, re-encoding
 * (EXIF orientation applied then stripped, sizes), SVG rasterised, paths inside the uploads folder.
 */
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import {
  createStorage,
  ImageRejectedError,
  inspectImage,
  rejectionMessage,
  sniffFormat,
  STAGING_DIR,
  type ImageFormat,
  type Storage,
} from '../../src/server/storage';

const TASK = '0b6c7a8e-4a51-4f7e-9a39-3c2b1f6e5d40';
const USER = '5f1e2d3c-7b6a-4c9d-8e0f-1a2b3c4d5e6f';
const ALL: ImageFormat[] = ['jpeg', 'png', 'webp', 'gif', 'svg'];
const MB = 1024 * 1024;

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels,
      background: channels === 4 ? { r: 0, g: 128, b: 255, alpha: 0.5 } : { r: 200, g: 60, b: 30 },
    },
  });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A PNG whose header claims width x height, with the given (possibly bogus) pixel data. */
function craftedPng(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPTED_SVG = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<!-- a logo -->
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32" viewBox="0 0 64 32" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="64" height="32" fill="#0a7"/>
</svg>`,
);

let dir: string;
let storage: Storage;
let png: Buffer;

beforeAll(async () => {
  png = await solid(40, 30).png().toBuffer();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'talka-storage-'));
  storage = createStorage(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('inspectImage: the type comes from the content', () => {
  it('detects every allowed format by its magic bytes', async () => {
    expect(sniffFormat(png)).toBe('png');
    expect(sniffFormat(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffFormat(await solid(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffFormat(await solid(8, 8).gif().toBuffer())).toBe('gif');
    expect(sniffFormat(SCRIPTED_SVG)).toBe('svg');
  });

  it('accepts a PNG named .txt (the name is never consulted)', async () => {
    expect(await inspectImage(png, { maxBytes: MB, allowed: ALL })).toEqual({
      ok: true,
      format: 'png',
      width: 40,
      height: 30,
    });
    const saved = await storage.saveTaskImage(TASK, png, 'notes.txt');
    expect(saved.original_path).toMatch(/\.jpg$/);
  });

  it('rejects a text file named .jpg', async () => {
    const text = Buffer.from('just some notes, not a photo\n');
    expect(await inspectImage(text, { maxBytes: MB, allowed: ALL })).toEqual({
      ok: false,
      reason: 'not_image',
    });
    await expect(storage.saveTaskImage(TASK, text, 'photo.jpg')).rejects.toMatchObject({
      reason: 'not_image',
    });
  });

  it('finds the SVG root after the prolog, and nowhere else', async () => {
    expect(sniffFormat(Buffer.from('<!DOCTYPE svg [ <!-- x --> ]>\n<svg/>'))).toBe('svg');
    expect(sniffFormat(Buffer.from('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>'))).toBe(
      'svg',
    );
    expect(sniffFormat(Buffer.from('<html><body><svg></svg></body></html>'))).toBeNull();
    expect(sniffFormat(Buffer.from('svg'))).toBeNull();
  });

  it('rejects an SVG with entities (XML bombs)', async () => {
    const bomb = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>',
    );
    expect(await inspectImage(bomb, { maxBytes: MB, allowed: ALL })).toEqual({
      ok: false,
      reason: 'not_image',
    });
  });

  it('rejects a real image of a type the caller does not allow', async () => {
    const gif = await solid(8, 8).gif().toBuffer();
    expect(await inspectImage(gif, { maxBytes: MB, allowed: ['png', 'jpeg'] })).toEqual({
      ok: false,
      reason: 'unsupported_type',
    });
    await expect(storage.saveProfilePhoto(USER, gif)).rejects.toMatchObject({
      reason: 'unsupported_type',
    });
  });

  it('rejects files over the size limit', async () => {
    expect(await inspectImage(png, { maxBytes: png.length - 1, allowed: ALL })).toEqual({
      ok: false,
      reason: 'too_large',
    });
    const big = Buffer.concat([png, Buffer.alloc(2048 * 1024)]); // over the 2048 KB photo limit
    const rejection = await storage.saveProfilePhoto(USER, big).catch((err: unknown) => err);
    expect(rejection).toBeInstanceOf(ImageRejectedError);
    expect((rejection as ImageRejectedError).reason).toBe('too_large');
    expect(rejectionMessage('too_large', 2048 * 1024)).toEqual({
      id: 'validation.image_too_large',
      values: { max: 2048 },
    });
  });

  it('rejects a pixel flood: a tiny file whose header claims 100000 x 100000 pixels', async () => {
    const flood = craftedPng(100_000, 100_000, deflateSync(Buffer.alloc(1000)));
    expect(flood.length).toBeLessThan(200);
    expect(await inspectImage(flood, { maxBytes: MB, allowed: ALL })).toEqual({
      ok: false,
      reason: 'too_many_pixels',
    });
    await expect(storage.saveTaskImage(TASK, flood, 'flood.png')).rejects.toMatchObject({
      reason: 'too_many_pixels',
    });
  });

  it('rejects a decompression bomb under a lower pixel limit', async () => {
    const bomb = await solid(3000, 3000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await inspectImage(bomb, { maxBytes: MB, allowed: ALL, maxPixels: 1_000_000 })).toEqual({
      ok: false,
      reason: 'too_many_pixels',
    });
    const strict = createStorage(dir, { maxPixels: 1_000_000 });
    await expect(strict.saveTaskImage(TASK, bomb, 'bomb.png')).rejects.toMatchObject({
      reason: 'too_many_pixels',
    });
  });

  it('rejects an image whose pixel data does not decode', async () => {
    const broken = craftedPng(2000, 2000, Buffer.from([0x78, 0x9c, 0x01, 0x02]));
    expect(await inspectImage(broken, { maxBytes: MB, allowed: ALL })).toEqual({
      ok: false,
      reason: 'not_image',
    });
    await expect(storage.saveTaskImage(TASK, broken, 'broken.png')).rejects.toMatchObject({
      reason: 'not_image',
    });
  });
});

describe('saving task images', () => {
  it('stores original and thumbnail under tasks/<taskUuid>/ with generated names', async () => {
    const photo = await solid(1200, 800).jpeg().toBuffer();
    const saved = await storage.saveTaskImage(TASK, photo, '../../evil name.jpg');
    expect(saved.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.original_path).toBe(`tasks/${TASK}/${saved.uuid}.jpg`);
    expect(saved.thumbnail_path).toBe(`tasks/${TASK}/${saved.uuid}-thumb.jpg`);
    for (const relative of [saved.original_path, saved.thumbnail_path]) {
      expect(path.isAbsolute(relative)).toBe(false);
      expect(relative.split('/')).not.toContain('..');
      expect((await stat(path.join(dir, relative))).isFile()).toBe(true);
    }
    expect(saved).toMatchObject({ width: 1200, height: 800 });
  });

  it('makes thumbnails 480 px wide', async () => {
    const saved = await storage.saveTaskImage(TASK, await solid(1200, 800).png().toBuffer(), 'a');
    const thumb = await sharp(path.join(dir, saved.thumbnail_path)).metadata();
    expect(thumb).toMatchObject({ width: 480, height: 320, format: 'jpeg' });
  });

  it('limits originals to 2560 px on the long side', async () => {
    const saved = await storage.saveTaskImage(TASK, await solid(4000, 1000).jpeg().toBuffer(), 'a');
    expect(saved).toMatchObject({ width: 2560, height: 640 });
    const meta = await sharp(path.join(dir, saved.original_path)).metadata();
    expect(meta).toMatchObject({ width: 2560, height: 640 });
  });

  it('applies the EXIF orientation, then strips EXIF', async () => {
    const withExif = await solid(600, 400)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret owner', Make: 'PhoneCam' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(withExif).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);

    const saved = await storage.saveTaskImage(TASK, withExif, 'a.jpg');
    const stored = await readFile(path.join(dir, saved.original_path));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('secret owner'))).toBe(false);
    expect(meta).toMatchObject({ width: 400, height: 600 }); // rotated upright
    const thumb = await sharp(path.join(dir, saved.thumbnail_path)).metadata();
    expect(thumb.exif).toBeUndefined();
  });

  it('keeps transparency as WebP', async () => {
    const saved = await storage.saveTaskImage(TASK, await solid(100, 100, 4).png().toBuffer(), 'a');
    expect(saved.original_path).toMatch(/\.webp$/);
    expect((await sharp(path.join(dir, saved.original_path)).metadata()).format).toBe('webp');
  });

  it('rasterises an SVG task image: nothing stored is SVG', async () => {
    const saved = await storage.saveTaskImage(TASK, SCRIPTED_SVG, 'logo.svg');
    for (const relative of [saved.original_path, saved.thumbnail_path]) {
      expect(relative).not.toMatch(/\.svg$/);
      const stored = await readFile(path.join(dir, relative));
      expect(stored.includes(Buffer.from('<svg'))).toBe(false);
      expect(sniffFormat(stored)).toBe('webp');
    }
  });

  it('refuses a task uuid that is not a uuid', async () => {
    await expect(storage.saveTaskImage('../../etc', png, 'a.png')).rejects.toThrow('uuid');
  });
});

describe('profile photos', () => {
  it('rasterises an SVG with a script to a 256x256 PNG', async () => {
    const relative = await storage.saveProfilePhoto(USER, SCRIPTED_SVG);
    expect(relative).toMatch(new RegExp(`^profiles/${USER}/[0-9a-f-]{36}\\.png$`));
    const stored = await readFile(path.join(dir, relative));
    expect(sniffFormat(stored)).toBe('png');
    expect(stored.includes(Buffer.from('<svg'))).toBe(false);
    expect(stored.includes(Buffer.from('script'))).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 256, height: 256 });
  });

  it('crops a JPEG to 256x256 and keeps it a JPEG', async () => {
    const relative = await storage.saveProfilePhoto(USER, await solid(800, 400).jpeg().toBuffer());
    expect(relative).toMatch(/\.jpg$/);
    expect(await sharp(path.join(dir, relative)).metadata()).toMatchObject({
      width: 256,
      height: 256,
      format: 'jpeg',
    });
  });
});

describe('removing files', () => {
  it('deletes stored files, tolerates missing ones and drops the empty folder', async () => {
    const saved = await storage.saveTaskImage(TASK, png, 'a.png');
    await storage.remove([saved.original_path, saved.thumbnail_path, `tasks/${TASK}/gone.jpg`]);
    await expect(stat(path.join(dir, saved.original_path))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(stat(path.join(dir, 'tasks', TASK))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(dir)).isDirectory()).toBe(true);
  });

  it('refuses paths that leave the uploads folder', async () => {
    for (const bad of ['../outside.jpg', '/etc/passwd', 'tasks/../../x', 'tasks\\..\\x', '']) {
      await expect(storage.remove([bad])).rejects.toThrow('unsafe path');
    }
  });

  it('removes everything of a task', async () => {
    await storage.saveTaskImage(TASK, png, 'a.png');
    await storage.removeTask(TASK);
    await expect(stat(path.join(dir, 'tasks', TASK))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('files in doubt (issue 14 item 5)', () => {
  /** Moves this process's marks under the name of a process that has died (pid 2^22 + 1 is free). */
  const orphanMarks = async () => {
    const staging = path.join(dir, STAGING_DIR);
    const [own] = await readdir(staging);
    const [host] = own.split('~');
    await rename(path.join(staging, own), path.join(staging, `${host}~4194305~dead`));
  };
  const exists = (relative: string) =>
    stat(path.join(dir, relative)).then(
      () => true,
      () => false,
    );

  it('a stored file is marked until settled; settling leaves no mark folder', async () => {
    const saved = await storage.saveTaskImage(TASK, png, 'a.png');
    expect(await exists(saved.original_path)).toBe(true);
    const staging = path.join(dir, STAGING_DIR);
    expect((await readdir(staging, { recursive: true })).join()).toContain(saved.original_path);
    await storage.settle([saved.original_path, saved.thumbnail_path]);
    expect((await readdir(staging, { recursive: true })).join()).not.toContain(saved.uuid);
    await storage.remove([saved.original_path, saved.thumbnail_path]);
  });

  it('after a crash, start-up keeps the marked files a row references and deletes the rest', async () => {
    const committed = await storage.saveTaskImage(TASK, png, 'a.png');
    const uncommitted = await storage.saveTaskImage(TASK, png, 'b.png');
    const kept = await storage.saveTaskImage(TASK, png, 'c.png');
    const deletedRow = await storage.saveTaskImage(TASK, png, 'd.png');
    await storage.settle([kept.original_path, kept.thumbnail_path]);
    await storage.settle([deletedRow.original_path, deletedRow.thumbnail_path]);
    // Marked for removal inside a transaction that then committed (its row is gone).
    await storage.mark([deletedRow.original_path, deletedRow.thumbnail_path]);
    await orphanMarks();
    const rows = new Set([
      committed.original_path,
      committed.thumbnail_path,
      kept.original_path,
      kept.thumbnail_path,
    ]);
    const report = await storage.recover(
      async (paths) => new Set(paths.filter((p) => rows.has(p))),
    );
    expect(report).toEqual({ kept: 2, deleted: 4 });
    for (const p of rows) expect(await exists(p)).toBe(true);
    for (const gone of [uncommitted, deletedRow]) {
      expect(await exists(gone.original_path)).toBe(false);
      expect(await exists(gone.thumbnail_path)).toBe(false);
    }
    expect(await readdir(path.join(dir, STAGING_DIR))).toEqual([]);
    await storage.removeTask(TASK);
  });

  it('leaves the marks of a live process alone', async () => {
    const saved = await storage.saveTaskImage(TASK, png, 'a.png');
    const report = await storage.recover(async () => new Set());
    expect(report).toEqual({ kept: 0, deleted: 0 });
    expect(await exists(saved.original_path)).toBe(true);
    await storage.remove([saved.original_path, saved.thumbnail_path]);
  });
});
