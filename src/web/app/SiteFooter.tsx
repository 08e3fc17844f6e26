import { useIntl } from 'react-intl';
import { Link } from '../ui/Link';
import styled from 'styled-components';
import type { Locale } from '../../shared/locales';
import { routePath } from '../i18n/routes';
import { appMessages } from './messages';
import { theme, up } from './theme';

/** The footer's pages, in the order the footer lists them (src/web/features/info). */
export const FOOTER_PAGES = ['help', 'contact', 'terms', 'privacy'] as const;
export type FooterPage = (typeof FOOTER_PAGES)[number];

const Row = styled.div`
  display: grid;
  gap: ${theme.space.md};

  ${up('md')} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

// Links in columns of at least 12rem on a phone (one column at 412 px: "Политика
// конфиденциальности" is one word too long for half of it), each a 44 px target; one row from
// tablets up.
const Links = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  gap: 0 ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  ${up('md')} {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${theme.space.lg};
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: inherit;
    font-weight: 600;
  }
`;

const Tagline = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
`;

/** Under every page: what Talka is and the links to help, contact, terms and privacy. */
export function SiteFooter({ locale }: { locale: Locale }) {
  const intl = useIntl();
  return (
    <Row>
      <Tagline>{intl.formatMessage(appMessages.footerTagline)}</Tagline>
      <nav aria-label={intl.formatMessage(appMessages.footerLabel)}>
        <Links>
          {FOOTER_PAGES.map((name) => (
            <li key={name}>
              <Link to={routePath(locale, name)}>{intl.formatMessage(appMessages[name])}</Link>
            </li>
          ))}
        </Links>
      </nav>
    </Row>
  );
}
