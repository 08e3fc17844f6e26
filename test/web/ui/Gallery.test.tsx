/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../../src/web/app/theme';
import { Gallery, type LightboxStrings } from '../../../src/web/ui/Gallery';
import en from '../../../translations/en.json';
import lv from '../../../translations/lv.json';

// lightgallery draws its own DOM and CSS; its chunk is replaced by a recording fake here.
const mockLightbox = { open: jest.fn(), destroy: jest.fn(), created: jest.fn() };
jest.mock('../../../src/web/ui/Gallery.lightgallery', () => ({
  createLightbox: (host: HTMLElement, images: unknown[], alts: string[], strings: unknown) => {
    mockLightbox.created(host, images, alts, strings);
    return { open: mockLightbox.open, destroy: mockLightbox.destroy };
  },
}));

const images = [1, 2, 3].map((n) => ({
  id: `img-${n}`,
  thumbnail: `/t${n}.jpg`,
  original: `/o${n}.jpg`,
}));

const renderGallery = (list = images, locale: 'en' | 'lv' = 'en') =>
  render(
    <IntlProvider locale={locale} messages={locale === 'lv' ? lv : en}>
      <ThemeProvider theme={theme}>
        <Gallery images={list} label="Photos" altText={(i, n) => `Photo ${i} of ${n}`} />
      </ThemeProvider>
    </IntlProvider>,
  );

beforeEach(() => jest.clearAllMocks());

describe('Gallery', () => {
  it('renders nothing without images', () => {
    const { container } = renderGallery([]);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows lazy thumbnails with alt, width and height in 250 px tiles that are buttons', () => {
    renderGallery();
    const list = screen.getByRole('list', { name: 'Photos' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    const img = screen.getByRole('img', { name: 'Photo 2 of 3' });
    expect(img).toHaveAttribute('src', '/t2.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    const tile = img.closest('button');
    expect(tile).not.toBeNull();
    expect(tile).toHaveStyle({ height: '250px' });
  });

  it('opens the lightbox at the clicked image, creating it once', async () => {
    const user = userEvent.setup();
    renderGallery();
    await user.click(screen.getByRole('button', { name: 'Photo 3 of 3' }));
    await waitFor(() => expect(mockLightbox.open).toHaveBeenCalledWith(2));
    // The lightbox shows each image with the same alt text as its thumbnail.
    expect(mockLightbox.created).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      images,
      ['Photo 1 of 3', 'Photo 2 of 3', 'Photo 3 of 3'],
      expect.objectContaining({ close: 'Close the image viewer', next: 'Next image' }),
    );
    await user.click(screen.getByRole('button', { name: 'Photo 1 of 3' }));
    await waitFor(() => expect(mockLightbox.open).toHaveBeenLastCalledWith(0));
    expect(mockLightbox.created).toHaveBeenCalledTimes(1);
  });

  it("gives the lightbox its texts in the page's language, and a name for its dialog", async () => {
    const user = userEvent.setup();
    renderGallery(images, 'lv');
    await user.click(screen.getByRole('button', { name: 'Photo 2 of 3' }));
    await waitFor(() => expect(mockLightbox.open).toHaveBeenCalledWith(1));
    const strings = mockLightbox.created.mock.calls[0][3] as LightboxStrings;
    expect(strings).toEqual({
      close: lv['lightbox.close'],
      maximize: lv['lightbox.maximize'],
      previous: lv['lightbox.previous'],
      next: lv['lightbox.next'],
      download: lv['lightbox.download'],
      playVideo: lv['lightbox.playVideo'],
      loadFailed: lv['lightbox.loadFailed'],
      labelledBy: expect.any(String),
    });
    expect(strings.next).toBe('Nākamais attēls');
    // The dialog lightgallery draws is named by this text (aria-labelledby).
    expect(document.getElementById(strings.labelledBy)).toHaveTextContent('Attēlu skatītājs');
  });

  it('destroys the lightbox on unmount', async () => {
    const user = userEvent.setup();
    const { unmount } = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Photo 1 of 3' }));
    await waitFor(() => expect(mockLightbox.open).toHaveBeenCalled());
    unmount();
    expect(mockLightbox.destroy).toHaveBeenCalled();
  });
});
