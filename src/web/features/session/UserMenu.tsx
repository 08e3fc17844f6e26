import { lazy } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { matchRoute, routePath } from '../../i18n/routes';
import { HydrationBoundary } from '../../ui/HydrationBoundary';
import { Link } from '../../ui/Link';
import { sessionMessages as messages } from './messages';
import { useMeQuery } from './sessionApi';

// A signed-in user's menu is a chunk of its own: a visitor's pages (most first loads) carry only
// the log-in link. Server-rendered for a signed-in user and hydrated once its chunk is in.
const AccountMenu = lazy(() =>
  import(/* webpackChunkName: "account-menu" */ './AccountMenu').then((module) => ({
    default: module.AccountMenu,
  })),
);

/**
 * Header: a signed-in user's account menu (./AccountMenu.tsx), or a log-in link that returns here.
 */
export function UserMenu() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const location = useLocation();
  const { data: user, isLoading } = useMeQuery();

  if (isLoading) return null;
  if (user) {
    return (
      <HydrationBoundary>
        <AccountMenu user={user} pathname={location.pathname} />
      </HydrationBoundary>
    );
  }
  const here = `${location.pathname}${location.search}`;
  const onLogin = matchRoute(location.pathname)?.name === 'login';
  const to = onLogin
    ? `${location.pathname}${location.search}`
    : `${routePath(locale, 'login')}?next=${encodeURIComponent(here)}`;
  return <Link to={to}>{intl.formatMessage(messages.loginLink)}</Link>;
}
