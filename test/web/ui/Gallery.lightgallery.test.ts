/**
 * @jest-environment ./test/support/webEnvironment.ts
 *
 * Issue 14 (High 1): the real lightgallery, with titles that are HTML. It builds each slide's
 * <img> as an HTML string, so no user text may reach it: the alt text is set as a DOM property.
 */
import { createLightbox, safeImageUrl } from '../../../src/web/ui/Gallery.lightgallery';
import type { LightboxStrings } from '../../../src/web/ui/Gallery';

const strings: LightboxStrings = {
  close: 'Close',
  maximize: 'Full size',
  previous: 'Previous image',
  next: 'Next image',
  download: 'Download',
  playVideo: 'Play',
  loadFailed: 'Failed',
  labelledBy: 'viewer-name',
};

const PHISH =
  'x" ><meta http-equiv="refresh" content="0;url=https://example.test/phish"><a style="position:fixed;inset:0" href="https://example.test">';
const TV = 'Mount a 55" TV';

const images = [
  { id: 'a', thumbnail: '/uploads/t/a.jpg', original: '/uploads/o/a.jpg' },
  { id: 'b', thumbnail: '/uploads/t/b.jpg', original: '/uploads/o/b.jpg' },
];

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

/** Opens the lightbox at `index` and answers the shown slide's image. */
function openAt(alts: string[], index: number) {
  const host = document.createElement('div');
  document.body.append(host);
  const lightbox = createLightbox(host, images, alts, strings);
  lightbox.open(index);
  // lightgallery appends the slide's content after its opening animation frames.
  jest.advanceTimersByTime(2000);
  const slides = Array.from(document.querySelectorAll<HTMLImageElement>('.lg-item img.lg-object'));
  return { lightbox, slides };
}

describe('the lightbox with user text', () => {
  it.each([
    ['a crafted title', PHISH],
    ['an ordinary title with a quote', TV],
  ])('shows %s as the alt text, exactly, and injects no element', (_name, title) => {
    const alts = [`Photo 1 of 2: ${title}`, `Photo 2 of 2: ${title}`];
    const { lightbox, slides } = openAt(alts, 1);
    expect(slides.length).toBeGreaterThan(0);
    const shown = slides.find((img) => img.getAttribute('data-index') === '1');
    expect(shown?.alt).toBe(alts[1]);
    expect(shown?.getAttribute('src')).toBe('/uploads/o/b.jpg');
    // Nothing of the title became markup anywhere in the document.
    expect(document.querySelector('meta[http-equiv]')).toBeNull();
    expect(document.querySelector('a[href^="https://example.test"]')).toBeNull();
    expect(document.querySelector('.lg-sub-html')?.innerHTML ?? '').not.toContain('example.test');
    lightbox.destroy();
  });
});

describe('safeImageUrl', () => {
  it('keeps our paths and encodes what would close an attribute', () => {
    expect(safeImageUrl('/uploads/o/a.jpg')).toBe('/uploads/o/a.jpg');
    expect(safeImageUrl('/uploads/o/a".jpg')).toBe('/uploads/o/a%22.jpg');
    expect(safeImageUrl("/uploads/<x>'.jpg")).toBe('/uploads/%3Cx%3E%27.jpg');
    expect(safeImageUrl('https://cdn.example.test/a.jpg?x="y"')).toBe(
      'https://cdn.example.test/a.jpg?x=%22y%22',
    );
  });

  it('refuses other schemes', () => {
    expect(safeImageUrl('javascript:alert(1)')).toBe('');
    expect(safeImageUrl('data:text/html,<b>x</b>')).toBe('');
  });
});
