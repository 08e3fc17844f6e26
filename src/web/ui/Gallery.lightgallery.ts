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

/**
 * lightgallery concatenates `src` into `src="…"` too. The image URLs are ours (/uploads/…), but
 * nothing reaches it unchecked: an http(s) URL serialised by the URL parser, which percent-encodes
 * quotes and angle brackets; anything else is no image.
 */
export function safeImageUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '';
    return parsed.origin === window.location.origin
      ? `${parsed.pathname}${parsed.search}`.replace(/'/g, '%27')
      : parsed.href.replace(/'/g, '%27');
  } catch {
    return '';
  }
}

export function createLightbox(
  host: HTMLElement,
  images: readonly GalleryImage[],
  alts: readonly string[],
  strings: LightboxStrings,
): Lightbox {
  ensureAssets();
  const gallery = lightGallery(host, {
    dynamic: true,
    // No alt here: lightgallery builds the slide's <img> as an HTML string, and the alt names the
    // task (user text: `Mount a 55" TV` broke the markup, a crafted title injected elements).
    // Each slide's alt is set as a DOM property once the slide is in the document (below).
    dynamicEl: images.map((image) => ({
      src: safeImageUrl(image.original),
      thumb: safeImageUrl(image.thumbnail),
    })),
    // Captions are HTML too: none (the alt says what the image is).
    getCaptionFromTitleOrAlt: false,
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

  // The slide's image exists once lightgallery appended it: give it its alt text as plain text.
  const onAppendSlide = (event: Event) => {
    const index = (event as CustomEvent<{ index: number }>).detail?.index;
    if (typeof index !== 'number') return;
    const img = gallery.getSlideItem(index).find('img.lg-object').get() as Element | undefined;
    if (img instanceof HTMLImageElement) img.alt = alts[index] ?? '';
  };
  host.addEventListener('lgAfterAppendSlide', onAppendSlide);

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
      host.removeEventListener('lgAfterAppendSlide', onAppendSlide);
      gallery.destroy();
    },
  };
}
