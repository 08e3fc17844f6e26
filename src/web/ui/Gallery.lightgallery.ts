/**
 * lightgallery as a plain JS lightbox (its React wrapper declares an old React peer range), in its
 * own chunk. Its CSS and icon font are emitted as files by webpack; we link them on first use.
 */
import lightGallery from 'lightgallery';
import lgCssUrl from 'lightgallery/css/lightgallery.css';
import lgFontUrl from 'lightgallery/fonts/lg.woff2';
import type { GalleryImage, Lightbox } from './Gallery';
import { ensureStyle, ensureStylesheet } from './stylesheet';

function ensureAssets(): void {
  ensureStylesheet(lgCssUrl);
  // The CSS points at ../fonts/, which webpack does not emit next to it: declare the font again.
  if (typeof lgFontUrl === 'string') {
    ensureStyle(
      'talka-lg-font',
      `@font-face{font-family:"lg";src:url("${lgFontUrl}") format("woff2");font-display:block;}` +
        '.lg-outer .lg-current .lg-image{cursor:alias;}',
    );
  }
}

export function createLightbox(
  host: HTMLElement,
  images: readonly GalleryImage[],
  alts: readonly string[],
): Lightbox {
  ensureAssets();
  const gallery = lightGallery(host, {
    dynamic: true,
    dynamicEl: images.map((image, index) => ({
      src: image.original,
      thumb: image.thumbnail,
      alt: alts[index] ?? '',
    })),
    // Previous on the first and next on the last wrap around (SPEC section 2).
    loop: true,
    download: false,
    licenseKey: '0000-0000-000-0000',
  });

  // Clicking the shown image opens the original in a new tab.
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (!target?.closest('.lg-outer .lg-current .lg-image')) return;
    const original = images[gallery.index]?.original;
    if (original) window.open(original, '_blank', 'noopener');
  };
  document.addEventListener('click', onClick);

  return {
    open: (index) => gallery.openGallery(index),
    destroy: () => {
      document.removeEventListener('click', onClick);
      gallery.destroy();
    },
  };
}
