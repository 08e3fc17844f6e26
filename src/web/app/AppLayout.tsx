import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../ui/Link';
import styled from 'styled-components';
import { HydrationGate } from '../ui/HydrationGate';
import type { Locale } from '../../shared/locales';
import { CategorySidebar } from '../features/categories';
import { ErrorPage } from '../features/errors/ErrorPage';
import { clearErrorPage, selectErrorPage } from '../features/errors/errorPageSlice';
import { OutageBanner } from '../features/errors/OutageBanner';
import { Notices } from '../features/notices/Notices';
import { UserMenu } from '../features/session/UserMenu';
import { commonMessages } from '../i18n/commonMessages';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { matchRoute, routePath, type RouteName } from '../i18n/routes';
import { Layout } from '../ui/Layout';
import { uiMessages } from '../ui/messages';
import { useAppDispatch, useAppSelector } from './hooks';
import { appMessages } from './messages';
import { SiteFooter } from './SiteFooter';
import { theme, up } from './theme';

const NavList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: ${theme.space.xs} 0;
    color: ${theme.colors.text};
    font-weight: 600;
  }
`;

/** Pages with the category sidebar (SPEC section 2); the task page shows its own popular one. */
const SIDEBAR_PAGES: readonly RouteName[] = ['home', 'tasks'];

const WithSidebar = styled.div`
  display: grid;
  gap: ${theme.space.lg};

  ${up('lg')} {
    grid-template-columns: 280px minmax(0, 1fr);
    align-items: start;
  }
`;

// Stretched to the page's height so the panel inside can stay sticky while the page scrolls.
const SidebarColumn = styled.div`
  align-self: stretch;
`;

const PageColumn = styled.div`
  min-width: 0;
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

  const routeName = matchRoute(location.pathname)?.name;
  const page = errorPage ? <ErrorPage status={errorPage.status} /> : children;
  const content =
    !errorPage && routeName && SIDEBAR_PAGES.includes(routeName) ? (
      <WithSidebar>
        <SidebarColumn>
          <CategorySidebar variant="panel" />
        </SidebarColumn>
        <PageColumn>{page}</PageColumn>
      </WithSidebar>
    ) : (
      page
    );

  return (
    <Layout
      skipLabel={intl.formatMessage(uiMessages.skipToContent)}
      menuLabel={intl.formatMessage(uiMessages.menu)}
      menuResetKey={url}
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
      footer={<SiteFooter locale={locale} />}
      overlay={<Notices />}
    >
      <OutageBanner />
      <HydrationGate>{content}</HydrationGate>
    </Layout>
  );
}
