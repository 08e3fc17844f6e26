/**
 * User images on disk under the uploads folder. Every upload is re-encoded by sharp: oriented by
 * its EXIF, stripped of all metadata, resized, saved under a generated name. SVG is rasterised
 * and never stored or served as SVG. Returned paths are relative to the uploads folder, with '/'.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
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

  async function writeAll(files: readonly { relative: string; data: Buffer }[]): Promise<void> {
    const written: string[] = [];
    try {
      for (const file of files) {
        const target = absolutePath(file.relative);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, file.data, { flag: 'wx' });
        written.push(file.relative);
      }
    } catch (err) {
      await remove(written);
      throw err;
    }
  }

  async function remove(paths: readonly string[]): Promise<void> {
    const targets = paths.map(absolutePath);
    const dirs = new Set<string>();
    for (const target of targets) {
      await unlink(target).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      dirs.add(path.dirname(target));
    }
    // Leave no empty per-task or per-user folders behind; a folder still in use stays.
    for (const dir of dirs) {
      if (path.dirname(path.dirname(dir)) === root) await rmdir(dir).catch(() => undefined);
    }
  }

  return {
    root,
    absolutePath,
    remove,

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
    },
  };
}
