import { useIntl } from 'react-intl';
import { Link } from '../../ui/Link';
import styled from 'styled-components';
import { taskListMessages as messages } from './messages';
import { theme } from '../../app/theme';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.md};
  margin: ${theme.space.lg} 0;

  a,
  span[aria-disabled] {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
  }

  span[aria-disabled] {
    color: ${theme.colors.textMuted};
  }
`;

interface Props {
  page: number;
  pages: number;
  /** The URL (path and query) of a page. */
  hrefOf: (page: number) => string;
}

/** Previous / 'page x of y' / next as links, so every page has its own shareable URL. */
export function Pagination({ page, pages, hrefOf }: Props) {
  const intl = useIntl();
  if (pages <= 1) return null;
  const previous = intl.formatMessage(messages.previous);
  const next = intl.formatMessage(messages.next);
  return (
    <Nav aria-label={intl.formatMessage(messages.pagination)}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev">
          {previous}
        </Link>
      ) : (
        <span aria-disabled="true">{previous}</span>
      )}
      <span aria-current="page">{intl.formatMessage(messages.pageOf, { page, pages })}</span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next">
          {next}
        </Link>
      ) : (
        <span aria-disabled="true">{next}</span>
      )}
    </Nav>
  );
}
