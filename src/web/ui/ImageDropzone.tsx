import { useEffect, useId, useRef, useState } from 'react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import { defineMessages, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { fileHasFormat, type RasterFormat } from '../../shared/imageFormats';
import { theme } from '../app/theme';

const messages = defineMessages({
  prompt: {
    id: 'ui.imageDropzone.prompt',
    defaultMessage:
      'Drop images here or click to choose (up to {max, number}, {size, number} MB each)',
  },
  dragging: { id: 'ui.imageDropzone.dragging', defaultMessage: 'Drop the images here' },
  full: {
    id: 'ui.imageDropzone.full',
    defaultMessage:
      'You have added {max, plural, one {# image} other {# images}}, the most a task can have.',
  },
  count: {
    id: 'ui.imageDropzone.count',
    defaultMessage: '{count, number} of {max, plural, one {# image} other {# images}}',
  },
  notImage: {
    id: 'ui.imageDropzone.notImage',
    defaultMessage: '{name}: the file must be an image.',
  },
  wrongFormat: {
    id: 'ui.imageDropzone.wrongFormat',
    defaultMessage: '{name}: this is not a {formats} image.',
  },
  tooLarge: {
    id: 'ui.imageDropzone.tooLarge',
    defaultMessage: '{name}: the image must not be larger than {size, number} MB.',
  },
  tooMany: {
    id: 'ui.imageDropzone.tooMany',
    defaultMessage:
      '{name}: a task can have at most {max, plural, one {# image} other {# images}}.',
  },
  existing: { id: 'ui.imageDropzone.existing', defaultMessage: 'Image {number, number}' },
  remove: { id: 'ui.imageDropzone.remove', defaultMessage: 'Remove image {name}' },
  dismiss: { id: 'ui.imageDropzone.dismiss', defaultMessage: 'Dismiss the error about {name}' },
});

/** How long the drag highlight outlives a dragleave (moving over a child fires one). */
export const DRAG_RESET_MS = 50;

export interface ExistingImage {
  id: string;
  url: string;
}

export interface ImageFileError {
  key: string;
  name: string;
  code: 'not-image' | 'wrong-format' | 'too-large' | 'too-many';
}

const Zone = styled.div<{ $dragging: boolean; $disabled: boolean; $invalid: boolean }>`
  display: grid;
  place-items: center;
  min-height: 120px;
  padding: ${theme.space.lg};
  border: 2px dashed ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  text-align: center;
  cursor: pointer;

  ${({ $dragging }) =>
    $dragging &&
    css`
      border-color: ${theme.colors.primary};
      background: ${theme.colors.secondary};
    `}
  ${({ $disabled }) =>
    $disabled &&
    css`
      cursor: not-allowed;
      opacity: 0.7;
    `}
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: ${theme.space.sm};
  margin: ${theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
`;

const Tile = styled.li`
  position: relative;
  aspect-ratio: 1;
  overflow: hidden;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const RemoveButton = styled.button`
  position: absolute;
  top: 4px;
  right: 4px;
  min-width: 32px;
  min-height: 32px;
  border: 0;
  border-radius: 50%;
  background: rgba(0, 0, 0, 0.7);
  color: #fff;
  font-size: 1.1rem;
  cursor: pointer;
`;

const Errors = styled.ul`
  margin: ${theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};

  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.space.sm};
  }
  button {
    min-width: 32px;
    min-height: 32px;
    border: 0;
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
`;

const Note = styled.p`
  margin: ${theme.space.xs} 0 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Error = styled.p`
  margin: ${theme.space.xs} 0 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

let errorSeq = 0;
const errorOf = (name: string, code: ImageFileError['code']): ImageFileError => ({
  key: `${(errorSeq += 1)}`,
  name,
  code,
});

function rejectionCode(rejection: FileRejection): ImageFileError['code'] {
  const codes = rejection.errors.map((e) => e.code);
  if (codes.includes(ErrorCode.FileInvalidType)) return 'not-image';
  if (codes.includes(ErrorCode.FileTooLarge)) return 'too-large';
  return 'too-many';
}

/** The format names as the UI writes them. */
const FORMAT_NAMES: Record<RasterFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
};

/** A file's preview through an object URL, revoked when the file goes away or on unmount. */
function FilePreview({ file }: { file: File }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (img.current) img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={img} alt={file.name} />;
}

export interface ImageDropzoneProps {
  /** Translated label of the zone. */
  label: string;
  /** Images already stored (edit form). */
  existing: readonly ExistingImage[];
  /** Newly added files, in order. */
  files: readonly File[];
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (index: number) => void;
  onRemoveExisting: (id: string) => void;
  /** Told whether any per-file error is shown (the form's submit stays disabled meanwhile). */
  onErrorsChange?: (hasErrors: boolean) => void;
  /** Most images in total, existing plus new. */
  maxFiles: number;
  maxBytes: number;
  /**
   * The formats taken, checked by each file's first bytes before it is added (the server decides
   * by content too): a renamed text file is refused here, not after its upload.
   */
  formats?: readonly RasterFormat[];
  /** Translated error of the field (e.g. from the server), under the zone. */
  error?: string;
  disabled?: boolean;
  id?: string;
}

/**
 * Image drop zone: images only, `maxBytes` each, `maxFiles` in total (existing + new); previews;
 * per-file errors; disabled with a message when full.
 */
export function ImageDropzone({
  label,
  existing,
  files,
  onAddFiles,
  onRemoveFile,
  onRemoveExisting,
  onErrorsChange,
  maxFiles,
  maxBytes,
  formats,
  error,
  disabled = false,
  id,
}: ImageDropzoneProps) {
  const intl = useIntl();
  const fallbackId = useId();
  const zoneId = id ?? fallbackId;
  const [errors, setErrors] = useState<ImageFileError[]>([]);
  const [dragging, setDragging] = useState(false);
  const dragTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const total = existing.length + files.length;
  const full = total >= maxFiles;
  const sizeMb = Math.round(maxBytes / (1024 * 1024));

  useEffect(() => {
    onErrorsChange?.(errors.length > 0);
  }, [errors.length, onErrorsChange]);

  useEffect(() => () => clearTimeout(dragTimer.current), []);

  const endDrag = () => {
    clearTimeout(dragTimer.current);
    dragTimer.current = setTimeout(() => setDragging(false), DRAG_RESET_MS);
  };

  // The room left is read after the files' first bytes are (another drop may have come first).
  const totalRef = useRef(total);
  useEffect(() => {
    totalRef.current = total;
  }, [total]);

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    endDrag();
    void (async () => {
      const known = await Promise.all(
        accepted.map((file) => (formats ? fileHasFormat(file, formats) : true)),
      );
      const next: ImageFileError[] = rejected.map((r) => errorOf(r.file.name, rejectionCode(r)));
      const images: File[] = [];
      accepted.forEach((file, index) => {
        if (known[index]) images.push(file);
        else next.push(errorOf(file.name, 'wrong-format'));
      });
      const room = Math.max(0, maxFiles - totalRef.current);
      for (const file of images.slice(room)) next.push(errorOf(file.name, 'too-many'));
      setErrors(next);
      if (room > 0 && images.length > 0) onAddFiles(images.slice(0, room));
    })();
  };

  const { getRootProps, getInputProps } = useDropzone({
    accept: { 'image/*': [] },
    maxSize: maxBytes,
    multiple: true,
    disabled: disabled || full,
    onDrop,
    onDragEnter: () => {
      clearTimeout(dragTimer.current);
      setDragging(true);
    },
    onDragLeave: endDrag,
  });

  const errorText = (e: ImageFileError): string => {
    const values = { name: e.name, max: maxFiles, size: sizeMb };
    if (e.code === 'not-image') return intl.formatMessage(messages.notImage, values);
    if (e.code === 'wrong-format') {
      const names = (formats ?? []).map((format) => FORMAT_NAMES[format]);
      return intl.formatMessage(messages.wrongFormat, {
        name: e.name,
        formats: intl.formatList(names, { type: 'disjunction' }),
      });
    }
    if (e.code === 'too-large') return intl.formatMessage(messages.tooLarge, values);
    return intl.formatMessage(messages.tooMany, values);
  };

  const invalid = Boolean(error) || errors.length > 0;
  const describedBy = `${zoneId}-status${error ? ` ${zoneId}-error` : ''}`;
  return (
    <div>
      <Zone
        {...getRootProps({
          'aria-label': label,
          'aria-describedby': describedBy,
          'aria-disabled': disabled || full || undefined,
          'aria-invalid': invalid || undefined,
        })}
        id={zoneId}
        data-dragging={dragging || undefined}
        $dragging={dragging}
        $disabled={disabled || full}
        $invalid={invalid}
      >
        <input
          {...getInputProps({ disabled: disabled || full })}
          aria-label={label}
          data-testid={`${zoneId}-input`}
        />
        <span>
          {full
            ? intl.formatMessage(messages.full, { max: maxFiles })
            : dragging
              ? intl.formatMessage(messages.dragging)
              : intl.formatMessage(messages.prompt, { max: maxFiles, size: sizeMb })}
        </span>
      </Zone>
      <Note id={`${zoneId}-status`} aria-live="polite">
        {intl.formatMessage(messages.count, { count: total, max: maxFiles })}
      </Note>
      {error && <Error id={`${zoneId}-error`}>{error}</Error>}
      {errors.length > 0 && (
        <Errors role="alert">
          {errors.map((e) => (
            <li key={e.key}>
              <span>{errorText(e)}</span>
              <button
                type="button"
                aria-label={intl.formatMessage(messages.dismiss, { name: e.name })}
                onClick={() => setErrors((list) => list.filter((item) => item.key !== e.key))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </Errors>
      )}
      {total > 0 && (
        <Grid>
          {existing.map((image, index) => (
            <Tile key={image.id}>
              <img
                src={image.url}
                alt={intl.formatMessage(messages.existing, { number: index + 1 })}
              />
              <RemoveButton
                type="button"
                aria-label={intl.formatMessage(messages.remove, {
                  name: intl.formatMessage(messages.existing, { number: index + 1 }),
                })}
                onClick={() => onRemoveExisting(image.id)}
              >
                <span aria-hidden="true">×</span>
              </RemoveButton>
            </Tile>
          ))}
          {files.map((file, index) => (
            <Tile key={`${file.name}-${index}`}>
              <FilePreview file={file} />
              <RemoveButton
                type="button"
                aria-label={intl.formatMessage(messages.remove, { name: file.name })}
                onClick={() => onRemoveFile(index)}
              >
                <span aria-hidden="true">×</span>
              </RemoveButton>
            </Tile>
          ))}
        </Grid>
      )}
    </div>
  );
}
