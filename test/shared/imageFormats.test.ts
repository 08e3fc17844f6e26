import { sniffRasterFormat, TASK_IMAGE_FORMATS } from '../../src/shared/imageFormats';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((ch) => ch.charCodeAt(0)) : part,
    ),
  );

describe('sniffRasterFormat: the format by its magic number (browser and server alike)', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    ['GIF87a', bytes('GIF87a'), 'gif'],
    ['GIF89a', bytes('GIF89a'), 'gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBP'), 'webp'],
    ['RIFF but not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVE'), null],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e]), null],
    ['text', bytes('hello'), null],
    ['an SVG (text, looked at by the server apart)', bytes('<svg/>'), null],
    ['nothing', bytes(), null],
  ])('%s', (_name, head, expected) => {
    expect(sniffRasterFormat(head)).toBe(expected);
  });

  it('task images: the raster formats the server re-encodes', () => {
    expect(TASK_IMAGE_FORMATS).toEqual(['jpeg', 'png', 'webp', 'gif']);
  });
});
