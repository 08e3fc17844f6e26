import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { CurrentUser } from '../../../shared/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../i18n/i18nSlice';
import { routePath } from '../../i18n/routes';
import { Button } from '../../ui/Button';
import { HeaderButton } from '../../ui/HeaderButton';
import { Link } from '../../ui/Link';
import { usePanel } from '../../ui/usePanel';
import { alertsMessages } from '../alerts/messages';
import { sessionMessages as messages } from './messages';
import { logoutRequested } from './sessionActions';
import { theme } from '../../app/theme';

const Menu = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
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

  @media (min-width: ${theme.breakpoints.md}) {
    display: none;
  }
`;

/** Wide screens: the user's name opens the account's links (they would crowd the header's row). */
const AccountButton = styled(HeaderButton)`
  max-width: 14em;
`;

/**
 * The account's links and "Log out": on a phone a column in the header's menu panel (already
 * behind the Menu button), on wide screens a panel under the name's button while it is open.
 */
const Links = styled.div<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space.md};
  width: 100%;

  @media (min-width: ${theme.breakpoints.md}) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    position: absolute;
    top: calc(100% + ${theme.space.xs});
    right: 0;
    z-index: ${theme.zIndices.header};
    width: max-content;
    min-width: 12em;
    gap: ${theme.space.sm};
    padding: ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.background};
    box-shadow: ${theme.shadows.modal};
  }
`;

/** A small chevron; the button's text names it. */
function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * A signed-in user's part of the header (UserMenu.tsx loads it): their name with their links
 * (reports, the moderation page for a moderator, a freelancer's alerts) and a log-out button. On
 * wide screens the name is a button that opens the links; Escape, a click elsewhere or another page
 * closes them.
 */
export function AccountMenu({ user, pathname }: { user: CurrentUser; pathname: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  // Another page (a link followed) finds it closed.
  const { open, setOpen, id: linksId, buttonProps, onKeyDown } = usePanel(pathname);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  return (
    <Menu
      ref={menu}
      role="group"
      aria-label={intl.formatMessage(messages.userMenu)}
      onKeyDown={onKeyDown}
    >
      <Name>{user.display_name}</Name>
      <AccountButton {...buttonProps} $screens="wide">
        <span>{user.display_name}</span>
        <Chevron />
      </AccountButton>
      <Links id={linksId} $open={open}>
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
      </Links>
    </Menu>
  );
}
