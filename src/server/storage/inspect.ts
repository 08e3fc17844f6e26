/**
 * What an uploaded file really is, decided by its content: magic bytes for raster formats, the
 * root element for SVG. The file name and the declared MIME type are never consulted.
 */
import sharp, { type SharpOptions } from 'sharp';
import { sniffRasterFormat, type RasterFormat } from '../../shared/imageFormats';

export type ImageFormat = RasterFormat | 'svg';
export type ImageRejection = 'not_image' | 'too_large' | 'too_many_pixels' | 'unsupported_type';

export type InspectResult =
  | { ok: true; format: ImageFormat; width: number; height: number }
  | { ok: false; reason: ImageRejection };

export interface InspectOptions {
  maxBytes: number;
  allowed: readonly ImageFormat[];
  /** Decoded pixels allowed (width x height). Default 40 megapixels. */
  maxPixels?: number;
  /**
   * Decode the whole image (small, under the pixel limit) to prove it is not corrupt or a
   * decompression bomb. Default true; the storage skips it because saving decodes anyway.
   */
  decode?: boolean;
}

export const DEFAULT_MAX_PIXELS = 40_000_000;

/** How far into a file the SVG root element is looked for. */
const SVG_SNIFF_BYTES = 4096;

/** Skips the XML prolog (declaration, comments, processing instructions, doctype). */
function rootElementStart(text: string): string | null {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.replace(/^\s+/, '');
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end < 0) return null;
      rest = rest.slice(end + 2);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return null;
      rest = rest.slice(end + 3);
    } else if (/^<!doctype/i.test(rest)) {
      // An internal subset ([...]) may hold '>' characters.
      const subset = rest.indexOf('[');
      const close = rest.indexOf('>');
      if (close < 0) return null;
      if (subset >= 0 && subset < close) {
        const end = rest.indexOf(']', subset);
        if (end < 0) return null;
        const after = rest.indexOf('>', end);
        if (after < 0) return null;
        rest = rest.slice(after + 1);
      } else {
        rest = rest.slice(close + 1);
      }
    } else {
      return rest;
    }
  }
}

/** True when the text's root element is <svg> (optionally namespace-prefixed). */
export function looksLikeSvg(buf: Buffer): boolean {
  const head = buf.subarray(0, SVG_SNIFF_BYTES);
  if (head.includes(0)) return false; // binary, or UTF-16: not an SVG we take
  const root = rootElementStart(head.toString('utf8'));
  return root !== null && /^<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(root);
}

/** The format by magic bytes (shared/imageFormats.ts, as the browser checks), else SVG, or null. */
export function sniffFormat(buf: Buffer): ImageFormat | null {
  return sniffRasterFormat(buf) ?? (looksLikeSvg(buf) ? 'svg' : null);
}

/** sharp's 'Input image exceeds pixel limit' (duck-typed: native errors may come from another realm). */
const pixelLimitError = (err: unknown): boolean => {
  const message =
    typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : err;
  return typeof message === 'string' && /pixel limit/i.test(message);
};

/** Options for sharp that every decode of an upload uses. */
export const sharpInput = (maxPixels: number): SharpOptions => ({
  limitInputPixels: maxPixels,
  failOn: 'error',
  sequentialRead: true,
});

export async function inspectImage(
  buffer: Buffer,
  options: InspectOptions,
): Promise<InspectResult> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (buffer.length > options.maxBytes) return { ok: false, reason: 'too_large' };
  const format = sniffFormat(buffer);
  if (!format) return { ok: false, reason: 'not_image' };
  if (!options.allowed.includes(format)) return { ok: false, reason: 'unsupported_type' };
  // Entities are how XML bombs and external entity reads work; no honest SVG upload needs one.
  if (format === 'svg' && /<!ENTITY/i.test(buffer.toString('utf8'))) {
    return { ok: false, reason: 'not_image' };
  }

  let width: number;
  let height: number;
  try {
    // The header only: dimensions are read without decoding pixels.
    const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
    if (meta.format !== format || !meta.width || !meta.height) {
      return { ok: false, reason: 'not_image' };
    }
    width = meta.width;
    height = meta.height;
  } catch {
    return { ok: false, reason: 'not_image' };
  }
  if (width * height > maxPixels) return { ok: false, reason: 'too_many_pixels' };

  if (options.decode ?? true) {
    try {
      await sharp(buffer, sharpInput(maxPixels)).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    } catch (err) {
      return { ok: false, reason: pixelLimitError(err) ? 'too_many_pixels' : 'not_image' };
    }
  }
  return { ok: true, format, width, height };
}

export { pixelLimitError };
