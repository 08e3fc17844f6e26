/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASK_IMAGE_FORMATS } from '../../../src/shared/imageFormats';
import { LIMITS } from '../../../src/shared/limits';
import {
  DRAG_RESET_MS,
  ImageDropzone,
  type ExistingImage,
} from '../../../src/web/ui/ImageDropzone';
import { renderWithProviders } from '../../support/render';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file that starts as a PNG does (the zone checks the first bytes). */
const png = (name: string, bytes = 10) => {
  const content = new Uint8Array(Math.max(bytes, PNG_MAGIC.length));
  content.set(PNG_MAGIC);
  return new File([content], name, { type: 'image/png' });
};

const existing = (n: number): ExistingImage[] =>
  Array.from({ length: n }, (_, i) => ({ id: `img-${i}`, url: `/uploads/${i}.jpg` }));

let created: string[];
beforeEach(() => {
  created = [];
  let seq = 0;
  Object.assign(URL, {
    createObjectURL: jest.fn(() => {
      const url = `blob:preview-${(seq += 1)}`;
      created.push(url);
      return url;
    }),
    revokeObjectURL: jest.fn(),
  });
});

function Harness({
  initialExisting = [],
  onErrors,
  onRemoveExisting,
}: {
  initialExisting?: ExistingImage[];
  onErrors?: (has: boolean) => void;
  onRemoveExisting?: (id: string) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState(initialExisting);
  return (
    <ImageDropzone
      id="zone"
      label="Images"
      existing={kept}
      files={files}
      maxFiles={LIMITS.imagesPerTask}
      maxBytes={LIMITS.imageMaxBytes}
      formats={TASK_IMAGE_FORMATS}
      onAddFiles={(added) => setFiles((list) => [...list, ...added])}
      onRemoveFile={(index) => setFiles((list) => list.filter((_, i) => i !== index))}
      onRemoveExisting={(id) => {
        onRemoveExisting?.(id);
        setKept((list) => list.filter((image) => image.id !== id));
      }}
      onErrorsChange={onErrors}
    />
  );
}

// Files the browser would filter by `accept` must reach the zone, to test its own check.
const setup = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByTestId('zone-input');

describe('ImageDropzone (SPEC 5: images only, 4 MB each, 12 in total)', () => {
  it('adds images with previews and counts them', async () => {
    renderWithProviders(<Harness />);
    await setup().upload(input(), [png('a.png'), png('b.png')]);
    expect(await screen.findByAltText('a.png')).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByAltText('b.png')).toBeInTheDocument();
    expect(screen.getByText('2 of 12 images')).toBeInTheDocument();
  });

  it('rejects a file that is not an image, with a per-file error', async () => {
    const onErrors = jest.fn();
    renderWithProviders(<Harness onErrors={onErrors} />);
    await setup().upload(input(), [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('cv.pdf: the file must be an image.')).toBeInTheDocument();
    expect(screen.getByText('0 of 12 images')).toBeInTheDocument();
    expect(onErrors).toHaveBeenLastCalledWith(true);
  });

  it('refuses by the first bytes, not the name or type: a renamed text file, an SVG', async () => {
    const onErrors = jest.fn();
    renderWithProviders(<Harness onErrors={onErrors} />);
    await setup().upload(input(), [
      new File(['hello'], 'notes.jpg', { type: 'image/jpeg' }),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
        type: 'image/svg+xml',
      }),
      png('ok.png'),
    ]);
    expect(
      await screen.findByText('notes.jpg: this is not a JPEG, PNG, WebP, or GIF image.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('logo.svg: this is not a JPEG, PNG, WebP, or GIF image.'),
    ).toBeInTheDocument();
    expect(screen.getByAltText('ok.png')).toBeInTheDocument();
    expect(screen.getByText('1 of 12 images')).toBeInTheDocument();
    expect(onErrors).toHaveBeenLastCalledWith(true);
  });

  it('rejects an image over 4 MB', async () => {
    renderWithProviders(<Harness />);
    await setup().upload(input(), [png('huge.png', LIMITS.imageMaxBytes + 1), png('ok.png')]);
    expect(
      await screen.findByText('huge.png: the image must not be larger than 4 MB.'),
    ).toBeInTheDocument();
    expect(screen.getByAltText('ok.png')).toBeInTheDocument();
    expect(screen.queryByAltText('huge.png')).not.toBeInTheDocument();
  });

  it('takes 12 in total (existing + new): the 13th file gets an error', async () => {
    renderWithProviders(<Harness initialExisting={existing(10)} />);
    await setup().upload(input(), [png('11.png'), png('12.png'), png('13.png')]);
    expect(
      await screen.findByText('13.png: a task can have at most 12 images.'),
    ).toBeInTheDocument();
    expect(screen.getByAltText('12.png')).toBeInTheDocument();
    expect(screen.queryByAltText('13.png')).not.toBeInTheDocument();
  });

  it('is disabled at 12 with a message, and enabled again after a removal', async () => {
    const onRemoveExisting = jest.fn();
    const user = setup();
    renderWithProviders(
      <Harness initialExisting={existing(12)} onRemoveExisting={onRemoveExisting} />,
    );
    expect(
      screen.getByText('You have added 12 images, the most a task can have.'),
    ).toBeInTheDocument();
    expect(input()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove image Image 3' }));
    expect(onRemoveExisting).toHaveBeenCalledWith('img-2');
    expect(input()).not.toBeDisabled();
  });

  it('clears an error when it is dismissed (the form may submit again)', async () => {
    const onErrors = jest.fn();
    const user = setup();
    renderWithProviders(<Harness onErrors={onErrors} />);
    await user.upload(input(), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await user.click(
      await screen.findByRole('button', { name: 'Dismiss the error about notes.txt' }),
    );
    expect(screen.queryByText(/notes.txt: /)).not.toBeInTheDocument();
    expect(onErrors).toHaveBeenLastCalledWith(false);
  });

  it('revokes preview URLs when a file is removed and on unmount', async () => {
    const user = setup();
    const { unmount } = renderWithProviders(<Harness />);
    await user.upload(input(), [png('a.png'), png('b.png')]);
    await screen.findByAltText('b.png');
    await user.click(screen.getByRole('button', { name: 'Remove image a.png' }));
    expect(URL.revokeObjectURL).toHaveBeenCalled();
    unmount();
    const revoked = (URL.revokeObjectURL as jest.Mock).mock.calls.map(([url]) => url);
    for (const url of created) expect(revoked).toContain(url);
  });

  it('resets the drag highlight 50 ms after the drag leaves', async () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<Harness />);
      const zone = screen.getByRole('presentation', { name: 'Images' });
      const dataTransfer = { types: ['Files'], files: [], items: [] };
      await act(async () => {
        fireEvent.dragEnter(zone, { dataTransfer });
      });
      await waitFor(() => expect(zone).toHaveAttribute('data-dragging', 'true'));
      await act(async () => {
        fireEvent.dragLeave(zone, { dataTransfer });
      });
      expect(zone).toHaveAttribute('data-dragging', 'true');
      act(() => {
        jest.advanceTimersByTime(DRAG_RESET_MS);
      });
      expect(zone).not.toHaveAttribute('data-dragging');
    } finally {
      jest.useRealTimers();
    }
  });
});
