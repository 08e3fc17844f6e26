/**
 * Demo pictures drawn with sharp from small SVG illustrations: task images (1200x800 JPEG original and
 * a 400x267 JPEG thumbnail) and 256x256 avatars with initials.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const TASK_IMAGE = { width: 1200, height: 800 } as const;
export const TASK_THUMB = { width: 400, height: 267 } as const;
export const AVATAR_SIZE = 256;

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#0f766e', '#38bdf8', '#fef3c7'],
  ['#7c3aed', '#f472b6', '#fde68a'],
  ['#b45309', '#facc15', '#ecfeff'],
  ['#1d4ed8', '#22d3ee', '#fce7f3'],
  ['#be123c', '#fb923c', '#f0fdf4'],
  ['#166534', '#a3e635', '#eef2ff'],
];

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (ch) =>
    ch === '<'
      ? '&lt;'
      : ch === '>'
        ? '&gt;'
        : ch === '&'
          ? '&amp;'
          : ch === "'"
            ? '&apos;'
            : '&quot;',
  );

function shape(variant: number, accent: string): string {
  switch (variant % 3) {
    case 0:
      return `<circle cx="860" cy="330" r="210" fill="${accent}" fill-opacity="0.85"/>`;
    case 1:
      return `<rect x="640" y="140" width="400" height="360" rx="48" fill="${accent}" fill-opacity="0.85" transform="rotate(-8 840 320)"/>`;
    default:
      return `<polygon points="840,110 1080,520 600,520" fill="${accent}" fill-opacity="0.85"/>`;
  }
}

/** An SVG illustration: gradient background, a shape, the category name and a caption. */
export function taskIllustrationSvg(label: string, caption: string, variant: number): string {
  const [from, to, accent] = PALETTES[variant % PALETTES.length];
  const { width, height } = TASK_IMAGE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="140" cy="700" r="260" fill="#ffffff" fill-opacity="0.08"/>
  ${shape(variant, accent)}
  <text x="80" y="620" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#ffffff">${escapeXml(label)}</text>
  <text x="80" y="690" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="#ffffff" fill-opacity="0.85">${escapeXml(caption)}</text>
</svg>`;
}

export function avatarSvg(initials: string, from: string, to: string): string {
  const s = AVATAR_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${s}" height="${s}" fill="url(#bg)"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="104" font-weight="bold" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}

export interface WrittenImage {
  originalPath: string;
  thumbnailPath: string;
  width: number;
  height: number;
}

/**
 * Renders a task image and its thumbnail under `${uploadsDir}/tasks/<task>/<image>.jpg` and
 * `<image>_thumb.jpg`; returns the paths relative to uploadsDir (forward slashes).
 */
export async function writeTaskImage(
  uploadsDir: string,
  taskUuid: string,
  imageUuid: string,
  svg: string,
): Promise<WrittenImage> {
  const dirRel = `tasks/${taskUuid}`;
  await fs.mkdir(path.join(uploadsDir, dirRel), { recursive: true });
  const originalPath = `${dirRel}/${imageUuid}.jpg`;
  const thumbnailPath = `${dirRel}/${imageUuid}_thumb.jpg`;
  const original = await sharp(Buffer.from(svg))
    .resize(TASK_IMAGE.width, TASK_IMAGE.height, { fit: 'cover' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await fs.writeFile(path.join(uploadsDir, originalPath), original);
  await sharp(original)
    .resize(TASK_THUMB.width, TASK_THUMB.height, { fit: 'cover' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(path.join(uploadsDir, thumbnailPath));
  return { originalPath, thumbnailPath, width: TASK_IMAGE.width, height: TASK_IMAGE.height };
}

/** Renders a 256x256 avatar to `${uploadsDir}/users/<user>/<photo>.jpg`; returns the relative path. */
export async function writeAvatar(
  uploadsDir: string,
  userUuid: string,
  photoUuid: string,
  svg: string,
): Promise<string> {
  const dirRel = `users/${userUuid}`;
  await fs.mkdir(path.join(uploadsDir, dirRel), { recursive: true });
  const rel = `${dirRel}/${photoUuid}.jpg`;
  await sharp(Buffer.from(svg))
    .resize(AVATAR_SIZE, AVATAR_SIZE)
    .jpeg({ quality: 85, mozjpeg: true })
    .toFile(path.join(uploadsDir, rel));
  return rel;
}
