import type { ReactNode } from 'react';
import styled from 'styled-components';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space.sm};
  top: -100px;
  z-index: ${({ theme }) => theme.zIndices.notices};
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.background};

  &:focus {
    top: ${({ theme }) => theme.space.sm};
  }
`;

const HeaderBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.header};
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const HeaderInner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.breakpoints.xl};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
`;

const Logo = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;

  a {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: none;
  }
`;

const Nav = styled.nav`
  order: 3;
  width: 100%;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    order: 0;
    width: auto;
    flex: 1;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-left: auto;
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.breakpoints.xl};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};

  &:focus {
    outline: none;
  }
`;

interface Props {
  /** The logo link (e.g. a router Link to home). */
  logo: ReactNode;
  /** Translated label of the main navigation. */
  navLabel: string;
  nav?: ReactNode;
  /** Right side of the header: language switcher, user menu. */
  actions?: ReactNode;
  /** Translated 'Skip to content'. */
  skipLabel: string;
  /** Toasts and other overlays. */
  overlay?: ReactNode;
  children: ReactNode;
}

/** Page frame: skip link, sticky header (logo, nav, actions), main content. */
export function Layout({ logo, navLabel, nav, actions, skipLabel, overlay, children }: Props) {
  return (
    <Shell>
      <SkipLink href="#main">{skipLabel}</SkipLink>
      <HeaderBar>
        <HeaderInner>
          <Logo>{logo}</Logo>
          {nav && <Nav aria-label={navLabel}>{nav}</Nav>}
          {actions && <Actions>{actions}</Actions>}
        </HeaderInner>
      </HeaderBar>
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      {overlay}
    </Shell>
  );
}
