import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Field, Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import { errorStatus, fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath, safeNextPath } from '../../i18n/routes';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { showNotice } from '../notices/noticesSlice';
import { registrationMessages } from '../registration/messages';
import { sessionMessages as messages } from './messages';
import { useLoginMutation, type LoginRequest } from './sessionApi';
import { shownError } from '../../ui/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { theme } from '../../app/theme';

const Card = styled.section`
  max-width: 420px;
  margin: ${theme.space.lg} auto;
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function LoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const locale = useAppSelector(selectLocale);
  const [searchParams] = useSearchParams();
  const [login] = useLoginMutation();
  useDocumentTitle(intl.formatMessage(messages.loginTitle));
  // A newcomer sent here (e.g. by the make-offer link) can create an account and still return.
  const next = safeNextPath(searchParams.get('next'));
  const registerHref = `${routePath(locale, 'register')}${next ? `?next=${encodeURIComponent(next)}` : ''}`;

  const validate = (values: Partial<LoginRequest>) => {
    const errors: Partial<Record<keyof LoginRequest, string>> = {};
    if (!values.email?.trim()) errors.email = intl.formatMessage(messages.emailRequired);
    else if (!EMAIL.test(values.email.trim()))
      errors.email = intl.formatMessage(messages.emailInvalid);
    if (!values.password) errors.password = intl.formatMessage(messages.passwordRequired);
    return errors;
  };

  const onSubmit = async (values: LoginRequest): Promise<SubmissionErrors | undefined> => {
    const result = await login({ email: values.email.trim(), password: values.password });
    if ('error' in result && result.error) {
      const { error } = result;
      if (isValidationError(error)) {
        return { ...fieldErrors(error), [FORM_ERROR]: intl.formatMessage(messages.failed) };
      }
      const status = errorStatus(error);
      if (status === 429) return { [FORM_ERROR]: intl.formatMessage(messages.tooManyAttempts) };
      if (status === 419) return { [FORM_ERROR]: intl.formatMessage(messages.csrfExpired) };
      return { [FORM_ERROR]: intl.formatMessage(commonMessages.unexpectedError) };
    }
    dispatch(
      showNotice({
        kind: 'success',
        message: messages.loggedIn,
        values: { name: result.data.display_name },
      }),
    );
    navigate(safeNextPath(searchParams.get('next')) ?? routePath(locale, 'home'), {
      replace: true,
    });
    return undefined;
  };

  return (
    <Card aria-labelledby="login-title">
      <h1 id="login-title">{intl.formatMessage(messages.loginTitle)}</h1>
      <p>{intl.formatMessage(messages.loginIntro)}</p>
      <Form<LoginRequest> onSubmit={onSubmit} validate={validate}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError && <FormAlert role="alert">{submitError}</FormAlert>}
            <Field<string> name="email">
              {({ input, meta }) => (
                <TextField
                  {...input}
                  type="email"
                  autoComplete="email"
                  label={intl.formatMessage(messages.email)}
                  error={shownError(meta)}
                />
              )}
            </Field>
            <Field<string> name="password">
              {({ input, meta }) => (
                <TextField
                  {...input}
                  type="password"
                  autoComplete="current-password"
                  label={intl.formatMessage(messages.password)}
                  error={shownError(meta)}
                />
              )}
            </Field>
            <Button
              type="submit"
              $block
              $loading={submitting}
              loadingLabel={intl.formatMessage(messages.submitting)}
            >
              {intl.formatMessage(messages.submit)}
            </Button>
          </form>
        )}
      </Form>
      <p>
        <Link to={registerHref}>{intl.formatMessage(registrationMessages.title)}</Link>
      </p>
    </Card>
  );
}
