import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { theme } from '../app/theme';

export interface GalleryImage {
  /** Stable key (e.g. the image uuid). */
  id: string;
  thumbnail: string;
  original: string;
}

export interface GalleryProps {
  images: GalleryImage[];
  /** Translated alt text of image n (1-based) of count, e.g. 'Photo 2 of 5: Fix my sink'. */
  altText: (index: number, count: number) => string;
  /** Translated accessible name of the list of thumbnails. */
  label: string;
}

/** The lightbox the implementation chunk returns: open at an index, clean up on unmount. */
export interface Lightbox {
  open(index: number): void;
  destroy(): void;
}

/** The lightbox's own texts, translated (lightgallery's are English). */
export interface LightboxStrings {
  close: string;
  maximize: string;
  previous: string;
  next: string;
  download: string;
  playVideo: string;
  loadFailed: string;
  /** Id of the element whose text names the lightbox dialog. */
  labelledBy: string;
}

/** `alts`: the translated alt text of each image, in order (the lightbox shows them too). */
export type LightboxFactory = (
  host: HTMLElement,
  images: readonly GalleryImage[],
  alts: readonly string[],
  strings: LightboxStrings,
) => Lightbox;

const messages = defineMessages({
  label: { id: 'lightbox.label', defaultMessage: 'Image viewer' },
  close: { id: 'lightbox.close', defaultMessage: 'Close the image viewer' },
  maximize: { id: 'lightbox.maximize', defaultMessage: 'Full size on or off' },
  previous: { id: 'lightbox.previous', defaultMessage: 'Previous image' },
  next: { id: 'lightbox.next', defaultMessage: 'Next image' },
  download: { id: 'lightbox.download', defaultMessage: 'Download' },
  playVideo: { id: 'lightbox.playVideo', defaultMessage: 'Play the video' },
  loadFailed: { id: 'lightbox.loadFailed', defaultMessage: 'The image could not be loaded.' },
});

/** Loads lightgallery (and its CSS) on the first click: its own chunk, 'lightbox'. */
export const loadLightbox = (): Promise<LightboxFactory> =>
  import(/* webpackChunkName: "lightbox" */ './Gallery.lightgallery').then(
    (module) => module.createLightbox,
  );

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  gap: ${theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Tile = styled.button`
  display: block;
  width: 100%;
  height: 250px;
  min-height: 250px;
  padding: 0;
  overflow: hidden;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  cursor: zoom-in;

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.2s ease;
  }

  &:hover img,
  &:focus-visible img {
    transform: scale(1.03);
  }
`;

/**
 * Thumbnails (tiles 250 px high, lazy images); a tile opens a lightgallery lightbox that loops
 * and opens the original in a new tab when the shown image is clicked.
 */
export function Gallery({ images, altText, label }: GalleryProps) {
  const host = useRef<HTMLDivElement>(null);
  const lightbox = useRef<Lightbox | null>(null);
  const intl = useIntl();
  const labelId = useId();
  const strings = useMemo<LightboxStrings>(
    () => ({
      close: intl.formatMessage(messages.close),
      maximize: intl.formatMessage(messages.maximize),
      previous: intl.formatMessage(messages.previous),
      next: intl.formatMessage(messages.next),
      download: intl.formatMessage(messages.download),
      playVideo: intl.formatMessage(messages.playVideo),
      loadFailed: intl.formatMessage(messages.loadFailed),
      labelledBy: labelId,
    }),
    [intl, labelId],
  );

  // A new image list (e.g. after a push refetch) or another language needs a new lightbox.
  useEffect(
    () => () => {
      lightbox.current?.destroy();
      lightbox.current = null;
    },
    [images, strings],
  );

  const open = useCallback(
    async (index: number) => {
      try {
        if (!lightbox.current && host.current) {
          const create = await loadLightbox();
          if (!host.current) return;
          lightbox.current = create(
            host.current,
            images,
            images.map((_, n) => altText(n + 1, images.length)),
            strings,
          );
        }
        lightbox.current?.open(index);
      } catch (error) {
        // Without the lightbox the original still opens.
        console.error('[gallery] lightbox failed to load', error);
        window.open(images[index]?.original, '_blank', 'noopener');
      }
    },
    [images, altText, strings],
  );

  if (images.length === 0) return null;
  return (
    <>
      <Grid aria-label={label}>
        {images.map((image, index) => (
          <li key={image.id}>
            <Tile type="button" onClick={() => void open(index)} data-testid="gallery-tile">
              <img
                src={image.thumbnail}
                alt={altText(index + 1, images.length)}
                width={400}
                height={250}
                loading="lazy"
                decoding="async"
              />
            </Tile>
          </li>
        ))}
      </Grid>
      <div ref={host} hidden>
        <span id={labelId}>{intl.formatMessage(messages.label)}</span>
      </div>
    </>
  );
}
