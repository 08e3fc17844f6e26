/** The one theme: colours (WCAG AA on white), spacing, breakpoints, radii, shadows. */
export const theme = {
  colors: {
    primary: '#0b5cad',
    primaryHover: '#084a8c',
    primaryText: '#ffffff',
    secondary: '#e8eef5',
    secondaryHover: '#d5e0ec',
    secondaryText: '#14273d',
    danger: '#b3261e',
    dangerHover: '#8f1e18',
    success: '#1e6b34',
    error: '#b3261e',
    info: '#0b5cad',
    warning: '#8a5300',
    text: '#1b1f24',
    textMuted: '#4d5763',
    background: '#ffffff',
    surface: '#f5f7fa',
    border: '#c9d1db',
    // The focus ring: navy, 3:1 and more against every light surface (amber #ffb000 was 1.8:1 on white).
    focus: '#14273d',
    overlay: 'rgba(15, 23, 33, 0.6)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  fontSizes: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem', hero: '2.25rem' },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2.5rem', xxl: '4rem' },
  radii: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  shadows: {
    card: '0 1px 3px rgba(0, 0, 0, 0.12)',
    modal: '0 12px 40px rgba(0, 0, 0, 0.3)',
  },
  breakpoints: { sm: '576px', md: '768px', lg: '992px', xl: '1200px' },
  modalWidths: { sm: '400px', md: '560px', lg: '800px', xl: '1140px' },
  zIndices: { header: 100, modal: 1000, notices: 1100, tooltip: 1200 },
} as const;

export type AppTheme = typeof theme;

/** Mobile-first media query: styles apply from the given breakpoint up. */
export const up = (bp: keyof AppTheme['breakpoints']): string =>
  `@media (min-width: ${theme.breakpoints[bp]})`;
