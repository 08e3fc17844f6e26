import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorStatus, fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath, safeNextPath } from '../../i18n/routes';
import { Button, ButtonLink } from '../../ui/Button';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { showNotice } from '../notices/noticesSlice';
import { registrationMessages as messages } from './messages';
import { useConfirmRegistrationMutation } from './registrationApi';
import { Card } from './shared';
import { FormAlert } from '../../ui/FormAlert';

/**
 * /{locale}/confirm-email?token=…&next=…: the link of the registration email. The account is
 * created only when the person presses the button (a POST), so a mail scanner that opens links
 * cannot use the token up. On success the user is logged in and returns to ?next.
 */
export default function ConfirmEmailPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const locale = useAppSelector(selectLocale);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const next = safeNextPath(searchParams.get('next'));
  const [confirm, { isLoading }] = useConfirmRegistrationMutation();
  /** The link cannot work (none, unknown, used or expired): only registering again helps. */
  const [invalid, setInvalid] = useState(!token);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(intl.formatMessage(messages.confirmTitle));

  const invalidText = intl.formatMessage(messages.confirmInvalid);
  const onConfirm = async () => {
    const result = await confirm({ token });
    if ('error' in result && result.error) {
      const { error: failure } = result;
      if (isValidationError(failure)) {
        setInvalid(true);
        setError(fieldErrors(failure).token ?? invalidText);
      } else if (errorStatus(failure) === 429) {
        setError(intl.formatMessage(messages.tooManyAttempts));
      } else if (errorStatus(failure) === 419) {
        setError(intl.formatMessage(messages.expired));
      } else {
        setError(intl.formatMessage(commonMessages.unexpectedError));
      }
      return;
    }
    dispatch(
      showNotice({
        kind: 'success',
        message: messages.success,
        values: { name: result.data.display_name },
      }),
    );
    navigate(next ?? routePath(locale, 'home'), { replace: true });
  };

  const registerHref = `${routePath(locale, 'register')}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
  const shownError = error ?? (invalid ? invalidText : null);

  return (
    <Card aria-labelledby="confirm-title">
      <h1 id="confirm-title">{intl.formatMessage(messages.confirmTitle)}</h1>
      <p>{intl.formatMessage(messages.confirmIntro)}</p>
      {shownError && <FormAlert role="alert">{shownError}</FormAlert>}
      {!invalid ? (
        <Button
          type="button"
          $block
          $loading={isLoading}
          loadingLabel={intl.formatMessage(messages.confirmSubmitting)}
          onClick={onConfirm}
        >
          {intl.formatMessage(messages.confirmSubmit)}
        </Button>
      ) : null}
      {invalid && (
        <p>
          <ButtonLink to={registerHref} $variant="secondary">
            {intl.formatMessage(messages.confirmRegisterAgain)}
          </ButtonLink>
        </p>
      )}
    </Card>
  );
}
