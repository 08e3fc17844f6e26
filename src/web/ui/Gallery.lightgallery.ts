/**
 * lightgallery as a plain JS lightbox (its React wrapper declares an old React peer range), in its
 * own chunk. Its CSS and icon font are emitted as files by webpack; we link them on first use.
 */
import lightGallery from 'lightgallery';
import lgCssUrl from 'lightgallery/css/lightgallery.css';
import lgFontUrl from 'lightgallery/fonts/lg.woff2';
import type { GalleryImage, Lightbox, LightboxStrings } from './Gallery';
import { ensureStyle, ensureStylesheet } from './stylesheet';

function ensureAssets(): void {
  ensureStylesheet(lgCssUrl);
  // The CSS points at ../fonts/, which webpack does not emit next to it: declare the font again.
  if (typeof lgFontUrl === 'string') {
    ensureStyle(
      'talka-lg-font',
      `@font-face{font-family:"lg";src:url("${lgFontUrl}") format("woff2");font-display:block;}` +
        '.lg-outer .lg-current .lg-image{cursor:alias;}' +
        // Its focus ring is 1px dashed: ours is 3px, white on the dark viewer.
        '.lg-container .lg-icon:focus-visible{outline:3px solid #fff;outline-offset:-3px;}',
    );
  }
}

/** lightgallery writes its strings into HTML attributes as they are. */
const attribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function createLightbox(
  host: HTMLElement,
  images: readonly GalleryImage[],
  alts: readonly string[],
  strings: LightboxStrings,
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
    // Its own texts are English: ours, in the page's language (every one of them is required).
    strings: {
      closeGallery: attribute(strings.close),
      toggleMaximize: attribute(strings.maximize),
      previousSlide: attribute(strings.previous),
      nextSlide: attribute(strings.next),
      download: attribute(strings.download),
      playVideo: attribute(strings.playVideo),
      mediaLoadingFailed: attribute(strings.loadFailed),
    },
    ariaLabelledby: strings.labelledBy,
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
