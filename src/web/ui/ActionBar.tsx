import type { ReactNode } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { theme } from '../app/theme';

/** The bar's height on phones; the page keeps this much room free at its bottom. */
const BAR_HEIGHT = '4.5rem';
const RESERVED = `calc(${BAR_HEIGHT} + env(safe-area-inset-bottom, 0px))`;

/**
 * While a bar is on the page (phones only): room at the page's bottom so the bar covers nothing,
 * and --talka-action-bar for what else sits at the bottom (the notices stand above the bar).
 * A global style, so the server's render has it too: nothing moves when the page hydrates; static
 * (no function of props), so hydration keeps the server's rules (GlobalStyle.ts says why).
 */
const ReserveRoom = createGlobalStyle`
  :root {
    --talka-action-bar: ${RESERVED};
  }

  body {
    padding-bottom: var(--talka-action-bar);
  }

  @media (min-width: ${theme.breakpoints.md}) {
    :root {
      --talka-action-bar: 0px;
    }
  }
`;

const Bar = styled.div`
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: ${theme.zIndices.header};
  display: flex;
  align-items: center;
  box-sizing: border-box;
  min-height: ${RESERVED};
  padding: ${theme.space.sm} ${theme.space.md};
  padding-bottom: calc(${theme.space.sm} + env(safe-area-inset-bottom, 0px));
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.background};
  box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.08);

  /* One wide action on a phone. */
  > *,
  > * > a,
  > * > button {
    width: 100%;
  }

  @media (min-width: ${theme.breakpoints.md}) {
    position: static;
    z-index: auto;
    display: block;
    min-height: 0;
    padding: 0;
    border: 0;
    background: none;
    box-shadow: none;

    > *,
    > * > a,
    > * > button {
      width: auto;
    }
  }
`;

/**
 * The page's main action (e.g. "Make an offer"): in place near the top from tablets up, and on
 * phones a bar fixed at the bottom of the screen (as Airtasker does) that covers no content.
 * CSS only, so the server's HTML and the hydrated page are the same.
 */
export function ActionBar({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <>
      <ReserveRoom />
      <Bar data-testid={testId}>{children}</Bar>
    </>
  );
}
