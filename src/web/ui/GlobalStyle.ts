import { createGlobalStyle } from 'styled-components';
import { theme } from '../app/theme';

/**
 * Mobile-first base styles: system fonts, readable sizes, visible focus rings. Static (the one
 * theme's values, no function of props): styled-components then keeps the server's rules as they
 * are when the page hydrates. A global style with a function in it is written again in hydration's
 * commit (its rules deleted and inserted anew), and with them `*` and `body`: the browser then
 * computes the style of every element of the page once more (issue 15, docs/PERFORMANCE.md).
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
  }

  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: 1.5;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
  }

  /*
   * Two weights in the whole UI: 400 and 600 (the components' bold, and here the browser's own bold
   * elements the app uses). Each weight is a face of its own that the page's first layout loads and
   * measures glyph by glyph: five weights made that layout 9-14 ms longer than two
   * (docs/PERFORMANCE.md).
   */
  h1,
  h2,
  h3,
  strong {
    font-weight: 600;
  }

  img {
    max-width: 100%;
    height: auto;
  }

  a {
    color: ${theme.colors.primary};
  }

  /* Keyboard focus is always visible (WCAG 2.4.7): a 3px ring set off by a 2px gap. */
  :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
