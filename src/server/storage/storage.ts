/**
 * User images on disk under the uploads folder. Every upload is re-encoded by sharp: oriented by
 * its EXIF, stripped of all metadata, resized, saved under a generated name. SVG is rasterised
 * and never stored or served as SVG. Returned paths are relative to the uploads folder, with '/'.
 *
 * Files in doubt (issue 14 item 5). A process can die between writing a file and committing the row
 * that references it, or between deleting a row and its file. So every such file is marked first:
 * a hard link under `.staging/<host>~<pid>~<boot>/<relative path>`, made before the file is written
 * to its place (new files) or inside the transaction that deletes its row (removed files), and
 * dropped once the commit has decided (`settle`, or `remove` with the file). After a crash the
 * marks stay; `recover` (at start) resolves those of dead processes by the database: a marked file
 * that a row references is kept, any other is deleted. Live processes' marks are left alone.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readdir, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { LIMITS } from '../../shared/limits';
import { ref, validationMessages as m, type MessageRef } from '../../shared/validation/messages';
import {
  DEFAULT_MAX_PIXELS,
  inspectImage,
  pixelLimitError,
  sharpInput,
  type ImageFormat,
  type ImageRejection,
} from './inspect';

export const TASK_IMAGE = {
  maxBytes: LIMITS.imageMaxBytes,
  allowed: ['jpeg', 'png', 'webp', 'gif', 'svg'] as readonly ImageFormat[],
  originalMaxSide: 2560,
  thumbnailWidth: 480,
  quality: 82,
};

/** SPEC section 5 'Photo upload': png, jpg, jpeg (and svg, rasterised), 2048 KB. */
export const PROFILE_PHOTO = {
  maxBytes: LIMITS.photoMaxBytes,
  allowed: ['png', 'jpeg', 'svg'] as readonly ImageFormat[],
  size: 256,
  quality: 82,
};

export interface SavedTaskImage {
  uuid: string;
  original_path: string;
  thumbnail_path: string;
  width: number;
  height: number;
}

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    readonly maxBytes: number,
  ) {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

/** The field message for a rejected image (sizes in KB, as SPEC section 9 states them). */
export function rejectionMessage(reason: ImageRejection, maxBytes: number): MessageRef {
  if (reason === 'too_large') return ref(m.imageTooLarge, { max: Math.round(maxBytes / 1024) });
  if (reason === 'too_many_pixels') return ref(m.imageTooManyPixels);
  if (reason === 'unsupported_type') return ref(m.imageType);
  return ref(m.image);
}

export interface StorageOptions {
  /** Decoded pixels allowed per image; default 40 megapixels. */
  maxPixels?: number;
}

/** The folder of in-doubt marks, under the uploads folder (never served: a dot segment). */
export const STAGING_DIR = '.staging';

/** This process's mark folder: host, pid and a per-process boot id (a restarted pid 1 differs). */
const OWNER = `${os.hostname().replace(/[^A-Za-z0-9.-]/g, '_')}~${process.pid}~${randomUUID()}`;

/** Whether the process that owns a mark folder may still be running (then its marks are its own). */
function ownerAlive(owner: string): boolean {
  if (owner === OWNER) return true;
  const [host, pid] = owner.split('~');
  if (host !== os.hostname().replace(/[^A-Za-z0-9.-]/g, '_')) return true; // another machine: not ours to judge
  const id = Number(pid);
  if (!Number.isInteger(id) || id <= 0) return false;
  if (id === process.pid) return false; // our pid, another boot: a previous incarnation
  try {
    process.kill(id, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RecoveryReport {
  /** Marked files that a row references: kept. */
  kept: number;
  /** Marked files no row references: deleted. */
  deleted: number;
}

export interface Storage {
  readonly root: string;
  saveTaskImage(taskUuid: string, buffer: Buffer, originalName?: string): Promise<SavedTaskImage>;
  /** Returns the relative path of the 256x256 photo. */
  saveProfilePhoto(userUuid: string, buffer: Buffer): Promise<string>;
  /** Deletes files by relative path; missing files are fine, paths outside the folder throw. */
  remove(paths: readonly string[]): Promise<void>;
  /** Deletes everything stored for a task. */
  removeTask(taskUuid: string): Promise<void>;
  /** The absolute path of a stored file (validated like remove). */
  absolutePath(relative: string): string;
  /** Marks stored files as in doubt (before the transaction that deletes their rows commits). */
  mark(paths: readonly string[]): Promise<void>;
  /** Drops the marks of files whose fate the database has decided (they stay). */
  settle(paths: readonly string[]): Promise<void>;
  /**
   * At start: resolves the marks of processes that are gone. `referenced` answers which of the
   * given relative paths a row points at.
   */
  recover(referenced: (paths: string[]) => Promise<Set<string>>): Promise<RecoveryReport>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertUuid(value: string): string {
  if (!UUID.test(value)) throw new Error('storage: not a uuid');
  return value.toLowerCase();
}

/** A safe relative path: no absolute paths, no '..', no empty or hidden segments. */
export function isSafeRelative(relative: string): boolean {
  if (!relative || relative.includes('\0') || relative.includes('\\')) return false;
  if (path.posix.isAbsolute(relative) || path.win32.isAbsolute(relative)) return false;
  return relative
    .split('/')
    .every((s) => s !== '' && s !== '.' && s !== '..' && !s.startsWith('.'));
}

export function createStorage(uploadsDir: string, options: StorageOptions = {}): Storage {
  const root = path.resolve(uploadsDir);
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;

  const absolutePath = (relative: string): string => {
    if (!isSafeRelative(relative)) throw new Error('storage: unsafe path');
    const target = path.resolve(root, ...relative.split('/'));
    if (!target.startsWith(root + path.sep)) throw new Error('storage: unsafe path');
    return target;
  };

  async function accept(
    buffer: Buffer,
    rules: { maxBytes: number; allowed: readonly ImageFormat[] },
  ) {
    const result = await inspectImage(buffer, { ...rules, maxPixels, decode: false });
    if (!result.ok) throw new ImageRejectedError(result.reason, rules.maxBytes);
    return result;
  }

  /** Runs sharp; decoding failures become rejections (the decompression check). */
  async function encode(run: () => Promise<{ data: Buffer; info: OutputInfo }>, maxBytes: number) {
    try {
      return await run();
    } catch (err) {
      throw new ImageRejectedError(
        pixelLimitError(err) ? 'too_many_pixels' : 'not_image',
        maxBytes,
      );
    }
  }

  const stagingRoot = path.join(root, STAGING_DIR);
  /** The mark of a stored file, in the given owner's folder (validated like absolutePath). */
  const markPath = (relative: string, owner = OWNER): string => {
    absolutePath(relative);
    return path.join(stagingRoot, owner, ...relative.split('/'));
  };
  const ignoreMissing = (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  };

  /**
   * Runs a write into a folder it creates first; once more if the folder vanished meanwhile (an empty
   * mark folder is removed when another request settles).
   */
  async function inFolder(dir: string, write: () => Promise<unknown>): Promise<void> {
    await mkdir(dir, { recursive: true });
    try {
      await write();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(dir, { recursive: true });
      await write();
    }
  }

  /** Drops a mark and the mark folders it leaves empty (up to this process's own folder). */
  async function unmark(relative: string): Promise<void> {
    const marked = markPath(relative);
    await unlink(marked).catch(ignoreMissing);
    let dir = path.dirname(marked);
    const stop = path.join(stagingRoot, OWNER);
    while (dir.startsWith(stop + path.sep)) {
      // Fails on a folder still in use: it stays.
      if (
        !(await rmdir(dir).then(
          () => true,
          () => false,
        ))
      )
        break;
      dir = path.dirname(dir);
    }
  }

  /** Each file is written as its mark first, then linked into place: a crash leaves only marks. */
  async function writeAll(files: readonly { relative: string; data: Buffer }[]): Promise<void> {
    const written: string[] = [];
    try {
      for (const file of files) {
        const target = absolutePath(file.relative);
        const marked = markPath(file.relative);
        written.push(file.relative);
        await inFolder(path.dirname(marked), () => writeFile(marked, file.data, { flag: 'wx' }));
        await inFolder(path.dirname(target), () => link(marked, target));
      }
    } catch (err) {
      await remove(written);
      throw err;
    }
  }

  async function mark(paths: readonly string[]): Promise<void> {
    for (const relative of paths) {
      const target = absolutePath(relative);
      const marked = markPath(relative);
      // A file already gone needs no mark; one already marked keeps it.
      if (
        !(await stat(target).then(
          () => true,
          () => false,
        ))
      )
        continue;
      await inFolder(path.dirname(marked), () =>
        link(target, marked).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'EEXIST') throw err;
        }),
      );
    }
  }

  async function settle(paths: readonly string[]): Promise<void> {
    for (const relative of paths) await unmark(relative);
  }

  async function remove(paths: readonly string[]): Promise<void> {
    const targets = paths.map(absolutePath);
    const dirs = new Set<string>();
    for (const target of targets) {
      await unlink(target).catch(ignoreMissing);
      dirs.add(path.dirname(target));
    }
    await settle(paths);
    // Leave no empty per-task or per-user folders behind; a folder still in use stays.
    for (const dir of dirs) {
      if (path.dirname(path.dirname(dir)) === root) await rmdir(dir).catch(() => undefined);
    }
  }

  /** Every file under a folder, as paths relative to it with '/' (none when it does not exist). */
  async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      },
    );
    const out: string[] = [];
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory())
        out.push(...(await filesUnder(path.join(dir, entry.name), relative)));
      else if (entry.isFile()) out.push(relative);
    }
    return out;
  }

  async function recover(
    referenced: (paths: string[]) => Promise<Set<string>>,
  ): Promise<RecoveryReport> {
    const report: RecoveryReport = { kept: 0, deleted: 0 };
    const owners = await readdir(stagingRoot).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    for (const owner of owners) {
      if (ownerAlive(owner)) continue;
      const ownerDir = path.join(stagingRoot, owner);
      const marked = (await filesUnder(ownerDir)).filter((p) => isSafeRelative(p));
      const kept = marked.length > 0 ? await referenced(marked) : new Set<string>();
      for (const relative of marked) {
        const target = absolutePath(relative);
        if (kept.has(relative)) {
          // Committed: the file stays (linked back in the unlikely case it is not in place).
          await stat(target).catch(() => link(markPath(relative, owner), target));
          report.kept++;
        } else {
          await unlink(target).catch(ignoreMissing);
          const dir = path.dirname(target);
          if (path.dirname(path.dirname(dir)) === root) await rmdir(dir).catch(() => undefined);
          report.deleted++;
        }
      }
      await rm(ownerDir, { recursive: true, force: true });
    }
    return report;
  }

  return {
    root,
    absolutePath,
    remove,
    mark,
    settle,
    recover,

    async saveTaskImage(taskUuid, buffer) {
      // The original name is not used: it is not trusted for the type, nor kept on disk.
      const task = assertUuid(taskUuid);
      const inspected = await accept(buffer, TASK_IMAGE);
      const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
      // Transparency needs WebP; everything else becomes JPEG.
      const webp = meta.hasAlpha === true || inspected.format === 'svg';
      const ext = webp ? 'webp' : 'jpg';
      const encodeAs = (image: Sharp) =>
        webp
          ? image.webp({ quality: TASK_IMAGE.quality })
          : image.flatten({ background: '#ffffff' }).jpeg({ quality: TASK_IMAGE.quality });

      const original = await encode(
        () =>
          encodeAs(
            sharp(buffer, sharpInput(maxPixels))
              .rotate()
              .resize(TASK_IMAGE.originalMaxSide, TASK_IMAGE.originalMaxSide, {
                fit: 'inside',
                withoutEnlargement: true,
              }),
          ).toBuffer({ resolveWithObject: true }),
        TASK_IMAGE.maxBytes,
      );
      // The thumbnail is made from the re-encoded original: already oriented and small.
      const thumbnail = await encode(
        () =>
          encodeAs(
            sharp(original.data).resize({
              width: TASK_IMAGE.thumbnailWidth,
              withoutEnlargement: true,
            }),
          ).toBuffer({ resolveWithObject: true }),
        TASK_IMAGE.maxBytes,
      );

      const uuid = randomUUID();
      const original_path = `tasks/${task}/${uuid}.${ext}`;
      const thumbnail_path = `tasks/${task}/${uuid}-thumb.${ext}`;
      await writeAll([
        { relative: original_path, data: original.data },
        { relative: thumbnail_path, data: thumbnail.data },
      ]);
      return {
        uuid,
        original_path,
        thumbnail_path,
        width: original.info.width,
        height: original.info.height,
      };
    },

    async saveProfilePhoto(userUuid, buffer) {
      const user = assertUuid(userUuid);
      const inspected = await accept(buffer, PROFILE_PHOTO);
      const size = PROFILE_PHOTO.size;
      // Render small SVGs at a density that gives at least the target size (within limits).
      const density =
        inspected.format === 'svg'
          ? Math.min(600, Math.max(72, (72 * size) / Math.min(inspected.width, inspected.height)))
          : undefined;
      const png = inspected.format !== 'jpeg';
      const photo = await encode(() => {
        const image = sharp(buffer, { ...sharpInput(maxPixels), ...(density ? { density } : {}) })
          .rotate()
          .resize(size, size, { fit: 'cover' });
        return (png ? image.png() : image.jpeg({ quality: PROFILE_PHOTO.quality })).toBuffer({
          resolveWithObject: true,
        });
      }, PROFILE_PHOTO.maxBytes);
      const relative = `profiles/${user}/${randomUUID()}.${png ? 'png' : 'jpg'}`;
      await writeAll([{ relative, data: photo.data }]);
      return relative;
    },

    async removeTask(taskUuid) {
      const task = assertUuid(taskUuid);
      await rm(path.join(root, 'tasks', task), { recursive: true, force: true });
      await rm(path.join(stagingRoot, OWNER, 'tasks', task), { recursive: true, force: true });
    },
  };
}
