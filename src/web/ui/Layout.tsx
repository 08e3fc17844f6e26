import type { ReactNode } from 'react';
import styled from 'styled-components';
import { HeaderButton } from './HeaderButton';
import { usePanel } from './usePanel';
import { theme } from '../app/theme';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: ${theme.space.sm};
  top: -100px;
  z-index: ${theme.zIndices.notices};
  padding: ${theme.space.sm};
  background: ${theme.colors.background};

  &:focus {
    top: ${theme.space.sm};
  }
`;

const HeaderBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.header};
  background: ${theme.colors.background};
  border-bottom: 1px solid ${theme.colors.border};
`;

const HeaderInner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm} ${theme.space.md};
  max-width: ${theme.breakpoints.xl};
  margin: 0 auto;
  padding: ${theme.space.sm} ${theme.space.md};
`;

const Logo = styled.div`
  font-size: ${theme.fontSizes.lg};
  font-weight: 600;

  a {
    color: ${theme.colors.primary};
    text-decoration: none;
  }
`;

const Nav = styled.nav`
  order: 3;
  width: 100%;

  @media (min-width: ${theme.breakpoints.md}) {
    order: 0;
    width: auto;
    flex: 1;
  }
`;

/**
 * Languages and the account. Wide screens show them in the header's row; on a phone they would wrap
 * and squeeze the name and "Log out" (issue 16), so there they sit behind the menu button, in a
 * panel under the header's first row.
 */
const Actions = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  order: 4;
  width: 100%;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space.md};
  padding: ${theme.space.sm} 0;
  border-top: 1px solid ${theme.colors.border};

  @media (min-width: ${theme.breakpoints.md}) {
    display: flex;
    order: 0;
    width: auto;
    flex-direction: row;
    align-items: center;
    gap: ${theme.space.sm};
    padding: 0;
    border-top: 0;
    margin-left: auto;
  }
`;

/** Its panel holds the actions on a phone; wide screens show them in the row. */
const MenuButton = styled(HeaderButton)`
  margin-left: auto;
`;

/** Three bars; the button's text names it. */
function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M3 5h14M3 10h14M3 15h14"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${theme.breakpoints.xl};
  margin: 0 auto;
  padding: ${theme.space.md};

  &:focus {
    outline: none;
  }
`;

/** The page's foot: the site's links (terms, privacy, help, contact) under every page. */
const FooterBar = styled.footer`
  content-visibility: auto;
  contain-intrinsic-size: auto 160px;
  margin-top: ${theme.space.xl};
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.secondary};
  color: ${theme.colors.secondaryText};
`;

const FooterInner = styled.div`
  max-width: ${theme.breakpoints.xl};
  margin: 0 auto;
  padding: ${theme.space.lg} ${theme.space.md};
`;

interface Props {
  /** The logo link (e.g. a router Link to home). */
  logo: ReactNode;
  /** Translated label of the main navigation. */
  navLabel: string;
  nav?: ReactNode;
  /** Right side of the header: language switcher, user menu (behind a menu button on phones). */
  actions?: ReactNode;
  /** Translated 'Menu': the phone's button that shows the actions. */
  menuLabel: string;
  /** Closes the phone's menu when it changes (the page's URL: a link in it was followed). */
  menuResetKey?: string;
  /** Translated 'Skip to content'. */
  skipLabel: string;
  /** The page's foot (its links), under the content. */
  footer?: ReactNode;
  /** Toasts and other overlays. */
  overlay?: ReactNode;
  children: ReactNode;
}

/** Page frame: skip link, sticky header (logo, nav, actions), main content, footer. */
export function Layout({
  logo,
  navLabel,
  nav,
  actions,
  menuLabel,
  menuResetKey,
  skipLabel,
  footer,
  overlay,
  children,
}: Props) {
  const menu = usePanel(menuResetKey);
  return (
    <Shell>
      <SkipLink href="#main">{skipLabel}</SkipLink>
      <HeaderBar onKeyDown={menu.onKeyDown}>
        <HeaderInner>
          <Logo>{logo}</Logo>
          {nav && <Nav aria-label={navLabel}>{nav}</Nav>}
          {actions && (
            <>
              <MenuButton {...menu.buttonProps} $screens="narrow">
                <MenuIcon />
                {menuLabel}
              </MenuButton>
              <Actions id={menu.id} $open={menu.open}>
                {actions}
              </Actions>
            </>
          )}
        </HeaderInner>
      </HeaderBar>
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      {footer && (
        <FooterBar>
          <FooterInner>{footer}</FooterInner>
        </FooterBar>
      )}
      {overlay}
    </Shell>
  );
}
