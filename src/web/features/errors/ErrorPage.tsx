import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { ButtonLink } from '../../ui/Button';
import { theme } from '../../app/theme';

const messages = defineMessages({
  notFoundTitle: { id: 'errors.notFound.title', defaultMessage: 'Page not found' },
  notFoundText: {
    id: 'errors.notFound.text',
    defaultMessage: 'The page you are looking for does not exist or has been moved.',
  },
  serverTitle: { id: 'errors.server.title', defaultMessage: 'Something went wrong on our side' },
  serverText: {
    id: 'errors.server.text',
    defaultMessage: 'We could not complete your request. Please try again in a moment.',
  },
  unavailableTitle: {
    id: 'errors.unavailable.title',
    defaultMessage: 'Talka is temporarily unavailable',
  },
  unavailableText: {
    id: 'errors.unavailable.text',
    defaultMessage: 'This page will load by itself as soon as Talka is back.',
  },
  goneTitle: { id: 'errors.gone.title', defaultMessage: 'This task was removed by moderation' },
  goneText: {
    id: 'errors.gone.text',
    defaultMessage:
      'A moderator found that it breaks the rules of Talka, so it is no longer shown.',
  },
  otherTitle: { id: 'errors.other.title', defaultMessage: 'Error {status}' },
  otherText: {
    id: 'errors.other.text',
    defaultMessage: 'The page could not be shown.',
  },
  home: { id: 'errors.backHome', defaultMessage: 'Go to the home page' },
});

const Wrapper = styled.section`
  max-width: 640px;
  margin: ${theme.space.xl} auto;
  text-align: center;
`;

const Code = styled.p`
  margin: 0;
  font-size: 4rem;
  font-weight: 600;
  color: ${theme.colors.textMuted};
`;

/**
 * The error page for an HTTP status: 404, 410 (the only 410 is a task a moderator hid, issue 19),
 * 503 (the outage banner retries above it) and other 5xx have their own texts, others a generic one.
 */
export function ErrorPage({ status }: { status: number }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const [title, text] =
    status === 404
      ? [messages.notFoundTitle, messages.notFoundText]
      : status === 410
        ? [messages.goneTitle, messages.goneText]
        : status === 503
          ? [messages.unavailableTitle, messages.unavailableText]
          : status >= 500
            ? [messages.serverTitle, messages.serverText]
            : [messages.otherTitle, messages.otherText];
  return (
    <Wrapper data-status={status}>
      <Code aria-hidden="true">{status}</Code>
      <h1>{intl.formatMessage(title, { status })}</h1>
      <p>{intl.formatMessage(text)}</p>
      <ButtonLink to={routePath(locale, 'home')}>{intl.formatMessage(messages.home)}</ButtonLink>
    </Wrapper>
  );
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}

export function ServerErrorPage() {
  return <ErrorPage status={500} />;
}
