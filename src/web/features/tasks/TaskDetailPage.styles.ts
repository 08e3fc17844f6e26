import styled from 'styled-components';
import { theme, up } from '../../app/theme';

/** Mobile first: one column; from lg the content and the sidebar side by side. */
export const PageGrid = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  grid-template-columns: minmax(0, 1fr);

  ${up('lg')} {
    grid-template-columns: minmax(0, 1fr) 300px;
    align-items: start;
  }
`;

export const Content = styled.article`
  display: grid;
  gap: ${theme.space.lg};
  min-width: 0;
`;

export const Head = styled.header`
  display: grid;
  gap: ${theme.space.md};
`;

/** Two ends of a row, wrapping when narrow: the title and the owner's buttons; the budget and the
 * page's main action ("Make an offer", a bar at the bottom of a phone's screen). */
export const SpreadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
`;

export const Title = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
  line-height: 1.25;
  overflow-wrap: anywhere;

  ${up('md')} {
    font-size: ${theme.fontSizes.hero};
  }
`;

/** User text: line breaks kept, never HTML. */
export const Description = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

/**
 * The sidebar column: under the task on phones (a button opens the slide-out panel); beside it on
 * large screens, stretched to the row's height so the sidebar can stay sticky (offset 90).
 */
export const SidebarColumn = styled.div`
  min-width: 0;

  ${up('lg')} {
    align-self: stretch;
  }
`;
