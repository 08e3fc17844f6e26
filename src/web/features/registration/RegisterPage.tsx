import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Field, Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../ui/Link';
import { PASSWORD_MIN, registerSchema } from '../../../shared/validation/auth';
import { errorStatus, fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppSelector } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath, safeNextPath } from '../../i18n/routes';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { registrationMessages as messages } from './messages';
import { useRegisterMutation, type RegisterRequest } from './registrationApi';
import { ErrorLine } from '../../ui/TextField';
import { Card, CheckLabel, Hint, shownError } from './shared';
import { FormAlert } from '../../ui/FormAlert';
import { validateWith } from './validationText';

type Values = Partial<Omit<RegisterRequest, 'next'>>;

/** The terms and the privacy policy open in a new tab, so what is typed here stays. */
function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** What every successful registration shows: the server's answer is the same for any address. */
function CheckEmail({ email, onAgain }: { email: string; onAgain: () => void }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card aria-labelledby="register-sent-title">
      <h1 id="register-sent-title" ref={heading} tabIndex={-1}>
        {intl.formatMessage(messages.checkEmailTitle)}
      </h1>
      <p role="status">{intl.formatMessage(messages.checkEmailBody, { email })}</p>
      <Hint>{intl.formatMessage(messages.checkEmailHint)}</Hint>
      <Button type="button" $variant="secondary" onClick={onAgain}>
        {intl.formatMessage(messages.confirmRegisterAgain)}
      </Button>
    </Card>
  );
}

/**
 * /{locale}/register: name, email, password and the terms, checked with the shared schema; the
 * server's 422 messages go under their fields as sent. On success the page says to check the
 * mailbox: the emailed link (ConfirmEmailPage) creates the account, logs in and returns to ?next.
 */
export default function RegisterPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const [searchParams] = useSearchParams();
  const [register] = useRegisterMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const next = safeNextPath(searchParams.get('next'));
  useDocumentTitle(intl.formatMessage(sentTo ? messages.checkEmailTitle : messages.title));

  const onSubmit = async (values: Values): Promise<SubmissionErrors | undefined> => {
    const result = await register({
      full_name: (values.full_name ?? '').trim(),
      email: (values.email ?? '').trim(),
      password: values.password ?? '',
      terms: values.terms === true,
      ...(next ? { next } : {}),
    });
    if ('error' in result && result.error) {
      const { error } = result;
      if (isValidationError(error)) {
        return { ...fieldErrors(error), [FORM_ERROR]: intl.formatMessage(messages.failed) };
      }
      const status = errorStatus(error);
      if (status === 429) return { [FORM_ERROR]: intl.formatMessage(messages.tooManyAttempts) };
      if (status === 419) return { [FORM_ERROR]: intl.formatMessage(messages.expired) };
      return { [FORM_ERROR]: intl.formatMessage(commonMessages.unexpectedError) };
    }
    setSentTo(result.data.email);
    return undefined;
  };

  const loginHref = `${routePath(locale, 'login')}${next ? `?next=${encodeURIComponent(next)}` : ''}`;

  if (sentTo) return <CheckEmail email={sentTo} onAgain={() => setSentTo(null)} />;

  return (
    <Card aria-labelledby="register-title">
      <h1 id="register-title">{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.intro)}</p>
      <Form<Values>
        onSubmit={onSubmit}
        validate={(values) => validateWith(intl, registerSchema, values)}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            {submitError && <FormAlert role="alert">{submitError}</FormAlert>}
            <Field<string> name="full_name">
              {({ input, meta }) => (
                <TextField
                  {...input}
                  id="register-full-name"
                  autoComplete="name"
                  label={intl.formatMessage(messages.fullName)}
                  error={shownError(meta)}
                />
              )}
            </Field>
            <Field<string> name="email">
              {({ input, meta }) => (
                <TextField
                  {...input}
                  id="register-email"
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
                  id="register-password"
                  type="password"
                  autoComplete="new-password"
                  label={intl.formatMessage(messages.password)}
                  minLength={PASSWORD_MIN}
                  error={shownError(meta)}
                />
              )}
            </Field>
            <Hint>{intl.formatMessage(messages.passwordHint, { min: PASSWORD_MIN })}</Hint>
            <Field<boolean> name="terms" type="checkbox">
              {({ input: { value: _value, ...input }, meta }) => {
                const error = shownError(meta);
                return (
                  <>
                    <CheckLabel>
                      <input
                        {...input}
                        id="register-terms"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? 'register-terms-error' : undefined}
                      />
                      <span>
                        {intl.formatMessage(messages.terms, {
                          terms: (text) => (
                            <NewTabLink key="terms" href={routePath(locale, 'terms')}>
                              {text}
                            </NewTabLink>
                          ),
                          privacy: (text) => (
                            <NewTabLink key="privacy" href={routePath(locale, 'privacy')}>
                              {text}
                            </NewTabLink>
                          ),
                        })}
                      </span>
                    </CheckLabel>
                    <ErrorLine id="register-terms-error" error={error} />
                  </>
                );
              }}
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
        {intl.formatMessage(messages.haveAccount)}{' '}
        <Link to={loginHref}>{intl.formatMessage(messages.login)}</Link>
      </p>
    </Card>
  );
}
