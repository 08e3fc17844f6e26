import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES } from '../../../shared/validation/profile';

export type PhotoProblem = 'notImage' | 'type' | 'tooLarge';

export const PHOTO_MAX_KB = PHOTO_MAX_BYTES / 1024;
/** The file input's accept list: the extensions and their types. */
export const PHOTO_ACCEPT = [
  ...PHOTO_EXTENSIONS.map((ext) => `.${ext}`),
  'image/png',
  'image/jpeg',
].join(',');

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * SPEC section 5, checked before anything is uploaded: an image, png/jpg/jpeg, at most 2048 KB. All
 * problems in order; the first one is what the user sees. The server checks again by content.
 */
export function photoProblems(file: Pick<File, 'name' | 'type' | 'size'>): PhotoProblem[] {
  const problems: PhotoProblem[] = [];
  if (!file.type.startsWith('image/')) problems.push('notImage');
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
    problems.push('type');
  if (file.size > PHOTO_MAX_BYTES) problems.push('tooLarge');
  return problems;
}
