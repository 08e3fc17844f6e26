import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { matchRoute, routePath } from '../../i18n/routes';
import { Button } from '../../ui/Button';
import { alertsMessages } from '../alerts/messages';
import { sessionMessages as messages } from './messages';
import { logoutRequested } from './sessionActions';
import { useMeQuery } from './sessionApi';

const Menu = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const MenuLink = styled(Link)`
  white-space: nowrap;
`;

const Name = styled.span`
  font-weight: 600;
  max-width: 12em;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * Header: the user's name, their reports (and the moderation page for a moderator) and a log-out
 * button, or a log-in link that returns here.
 */
export function UserMenu() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const location = useLocation();
  const { data: user, isLoading } = useMeQuery();

  if (isLoading) return null;
  if (user) {
    return (
      <Menu role="group" aria-label={intl.formatMessage(messages.userMenu)}>
        <Name>{user.display_name}</Name>
        {user.is_moderator && (
          <MenuLink to={routePath(locale, 'moderation')}>
            {intl.formatMessage(messages.moderation)}
          </MenuLink>
        )}
        <MenuLink to={routePath(locale, 'myReports')}>
          {intl.formatMessage(messages.myReports)}
        </MenuLink>
        {user.is_freelancer && (
          <>
            <MenuLink to={routePath(locale, 'alertMatches')}>
              {intl.formatMessage(alertsMessages.menuMatches)}
            </MenuLink>
            <MenuLink to={routePath(locale, 'alerts')}>
              {intl.formatMessage(alertsMessages.menuAlerts)}
            </MenuLink>
          </>
        )}
        <Button $variant="secondary" onClick={() => dispatch(logoutRequested())}>
          {intl.formatMessage(messages.logout)}
        </Button>
      </Menu>
    );
  }
  const here = `${location.pathname}${location.search}`;
  const onLogin = matchRoute(location.pathname)?.name === 'login';
  const to = onLogin
    ? `${location.pathname}${location.search}`
    : `${routePath(locale, 'login')}?next=${encodeURIComponent(here)}`;
  return <Link to={to}>{intl.formatMessage(messages.loginLink)}</Link>;
}
