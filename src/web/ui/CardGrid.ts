import styled from 'styled-components';
import { theme } from '../app/theme';

/**
 * A list of cards (tasks, freelancers): one column on a phone, two from the md breakpoint and, where
 * the page is wide enough for them, three from xl (`$columns`, default 3).
 */
export const CardGrid = styled.ul<{ $columns?: 2 | 3 }>`
  display: grid;
  gap: ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  /* A list page has up to 20 cards and a phone shows two: those after the first six (two rows of a
     wide screen) are laid out and painted when they come near the screen, not in the first frame
     (docs/PERFORMANCE.md, "Lighthouse"). The first six never wait: a card on the first screen that
     was drawn late would move the ones under it (a layout shift). */
  & > li:nth-child(n + 7) {
    content-visibility: auto;
    contain-intrinsic-size: auto 300px;
  }

  @media (min-width: ${theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  @media (min-width: ${theme.breakpoints.xl}) {
    grid-template-columns: ${({ $columns = 3 }) => `repeat(${$columns}, minmax(0, 1fr))`};
  }
`;

/** What a results page shows instead of its grid: nothing found, or a failure and a way on. */
export const GridNotice = styled.div`
  display: grid;
  justify-items: start;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.lg};
`;
