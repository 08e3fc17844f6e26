import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { Locale } from '../../shared/locales';
import { ErrorPage } from '../features/errors/ErrorPage';
import { clearErrorPage, selectErrorPage } from '../features/errors/errorPageSlice';
import { Notices } from '../features/notices/Notices';
import { UserMenu } from '../features/session/UserMenu';
import { commonMessages } from '../i18n/commonMessages';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { routePath } from '../i18n/routes';
import { Layout } from '../ui/Layout';
import { uiMessages } from '../ui/messages';
import { useAppDispatch, useAppSelector } from './hooks';
import { appMessages } from './messages';

const NavList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space.xs} 0;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 500;
  }
`;

/** Header, notices, and the routed page, or the error page a failed call asked for. */
export function AppLayout({ locale, children }: { locale: Locale; children: ReactNode }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const errorPage = useAppSelector(selectErrorPage);
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const shownUrl = useRef(url);

  // An error page belongs to the page that failed: leaving it clears the error.
  useEffect(() => {
    if (shownUrl.current !== url) {
      shownUrl.current = url;
      dispatch(clearErrorPage());
    }
  }, [url, dispatch]);

  return (
    <Layout
      skipLabel={intl.formatMessage(uiMessages.skipToContent)}
      navLabel={intl.formatMessage(appMessages.mainNav)}
      logo={
        <Link to={routePath(locale, 'home')} aria-label={intl.formatMessage(appMessages.logoLabel)}>
          {intl.formatMessage(commonMessages.appName)}
        </Link>
      }
      nav={
        <NavList>
          <li>
            <Link to={routePath(locale, 'tasksCreate')}>
              {intl.formatMessage(appMessages.postTask)}
            </Link>
          </li>
          <li>
            <Link to={routePath(locale, 'tasks')}>
              {intl.formatMessage(appMessages.browseTasks)}
            </Link>
          </li>
        </NavList>
      }
      actions={
        <>
          <LanguageSwitcher current={locale} />
          <UserMenu />
        </>
      }
      overlay={<Notices />}
    >
      {errorPage ? <ErrorPage status={errorPage.status} /> : children}
    </Layout>
  );
}
