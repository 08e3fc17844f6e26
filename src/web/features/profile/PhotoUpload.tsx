import { useEffect, useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { fileHasFormat, PROFILE_PHOTO_FORMATS } from '../../../shared/imageFormats';
import { fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { buttonStyles, type ButtonVariant } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { visuallyHidden } from '../../ui/VisuallyHidden';
import { showNotice } from '../notices/noticesSlice';
import { profileMessages as messages } from './messages';
import { PHOTO_ACCEPT, PHOTO_MAX_KB, photoProblems, type PhotoProblem } from './photoRules';
import { useUploadPhotoMutation } from './profileApi';
import { theme } from '../../app/theme';

export const PHOTO_PLACEHOLDER = '/images/profile/placeholder.svg';
const SIZE = 160;

const Field = styled.div`
  display: grid;
  justify-items: start;
  gap: ${theme.space.sm};
  margin-bottom: ${theme.space.lg};

  label {
    font-weight: 600;
  }
`;

const Preview = styled.div`
  position: relative;
  width: ${SIZE}px;
  height: ${SIZE}px;
`;

const Picture = styled.img`
  width: 100%;
  height: 100%;
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.surface};
`;

const Overlay = styled.p`
  position: absolute;
  inset: auto 0 0;
  margin: 0;
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.danger};
  color: #fff;
  font-size: ${theme.fontSizes.sm};
  text-align: center;
`;

const Busy = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.7);
`;

const Hint = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * The browser's own file input writes "Choose File / No file chosen" in the browser's language, not
 * the page's: the input is hidden from sight (still the control Tab reaches, Enter/Space open the
 * picker) and a label styled as a button, in the page's language, opens the picker instead.
 */
const Picker = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm} ${theme.space.md};
`;

const HiddenInput = styled.input`
  ${visuallyHidden}
`;

const PickButton = styled.label<{ $variant?: ButtonVariant }>`
  ${buttonStyles}

  input:focus-visible + & {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  input:disabled + & {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

const Chosen = styled.span`
  overflow-wrap: anywhere;
  color: ${theme.colors.textMuted};
`;

const PROBLEM_TEXT = {
  notImage: messages.photoNotImage,
  type: messages.photoType,
  tooLarge: messages.photoTooLarge,
} as const satisfies Record<PhotoProblem, unknown>;

interface Props {
  /** The current photo's URL, if any. */
  current: string | null | undefined;
}

/**
 * The profile photo field of SPEC section 5: labelled with the image label, id photo; the file is
 * checked (image, png/jpg/jpeg by name, type and first bytes, 2048 KB) before upload; on failure the first error is shown over the
 * preview and the preview falls back to a placeholder. The server's 422 errors.photo shows the same.
 */
export function PhotoUpload({ current }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [upload, { isLoading }] = useUploadPhotoMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setChosen(file.name);
    const problems = photoProblems(file);
    // Named and typed as an image but not one by its first bytes (a renamed file): refused here,
    // as the server would refuse it after the upload.
    if (problems.length === 0 && !(await fileHasFormat(file, PROFILE_PHOTO_FORMATS))) {
      problems.push('notImage');
    }
    if (problems.length > 0) {
      setPreview(null);
      setError(intl.formatMessage(PROBLEM_TEXT[problems[0]], { max: PHOTO_MAX_KB }));
      return;
    }
    setError(null);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    const result = await upload(file);
    if ('error' in result && result.error) {
      setPreview(null);
      const server = isValidationError(result.error) ? fieldErrors(result.error).photo : undefined;
      setError(server ?? intl.formatMessage(messages.photoFailed));
      return;
    }
    dispatch(showNotice({ kind: 'success', message: messages.photoSaved }));
  };

  // Beside the button: the file just chosen, or (with no photo at all) that none is chosen; a photo
  // already on the profile speaks for itself in the preview.
  const hasPhoto = Boolean(chosen ?? current);
  const status = chosen ?? (current ? null : intl.formatMessage(messages.photoNone));
  const src = error ? PHOTO_PLACEHOLDER : (preview ?? current ?? PHOTO_PLACEHOLDER);
  const alt = error || src === PHOTO_PLACEHOLDER ? messages.photoPlaceholderAlt : messages.photoAlt;
  return (
    <Field>
      <label htmlFor="photo">{intl.formatMessage(messages.photoLabel)}</label>
      <Preview data-testid="photo-preview">
        <Picture src={src} alt={intl.formatMessage(alt)} width={SIZE} height={SIZE} />
        {isLoading && (
          <Busy>
            <Spinner label={intl.formatMessage(messages.photoUploading)} size="2rem" />
          </Busy>
        )}
        {error && (
          <Overlay id="photo-error" role="alert">
            {error}
          </Overlay>
        )}
      </Preview>
      <Picker>
        <HiddenInput
          id="photo"
          name="photo"
          type="file"
          accept={PHOTO_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${status ? 'photo-chosen ' : ''}${error ? 'photo-error ' : ''}photo-hint`}
          disabled={isLoading}
          onChange={(event) => void onChange(event)}
        />
        <PickButton htmlFor="photo" $variant="secondary">
          {intl.formatMessage(hasPhoto ? messages.photoChange : messages.photoChoose)}
        </PickButton>
        {status && <Chosen id="photo-chosen">{status}</Chosen>}
      </Picker>
      <Hint id="photo-hint">{intl.formatMessage(messages.photoHint, { max: PHOTO_MAX_KB })}</Hint>
    </Field>
  );
}
