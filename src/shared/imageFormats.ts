/**
 * Image formats told by their first bytes (magic numbers), never by a file's name or declared type:
 * the server decides what an upload is this way, and the browser refuses a non-image the same way
 * before uploading it.
 */

export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** Formats a task image may be (by content); the server re-encodes each to JPEG or WebP. */
export const TASK_IMAGE_FORMATS: readonly RasterFormat[] = ['jpeg', 'png', 'webp', 'gif'];

/** Formats a profile photo may be by content, as the browser checks them (the server also takes SVG). */
export const PROFILE_PHOTO_FORMATS: readonly RasterFormat[] = ['png', 'jpeg'];

/** How many leading bytes `sniffRasterFormat` needs (WebP: 'RIFF' size 'WEBP'). */
export const MAGIC_BYTES = 12;

const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0));

const startsWith = (bytes: Uint8Array, magic: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);

/** The raster format by magic bytes, or null (an SVG is text: the server looks at it apart). */
export function sniffRasterFormat(bytes: Uint8Array): RasterFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * Whether a file's first bytes show one of `formats`: what the browser checks before uploading a
 * file whose name and declared type say image (a renamed text file is refused at once).
 */
export async function fileHasFormat(
  file: Blob,
  formats: readonly RasterFormat[],
): Promise<boolean> {
  try {
    const head = new Uint8Array(await file.slice(0, MAGIC_BYTES).arrayBuffer());
    const format = sniffRasterFormat(head);
    return format !== null && formats.includes(format);
  } catch {
    // Unreadable (removed from the disk meanwhile): not an image we can send.
    return false;
  }
}
