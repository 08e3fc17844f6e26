import { defineMessages, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../ui/Link';
import styled from 'styled-components';
import { LOCALES, type Locale } from '../../shared/locales';
import { switchLocalePath } from './routes';
import { theme } from '../app/theme';

const messages = defineMessages({
  label: { id: 'i18n.switcher.label', defaultMessage: 'Language' },
});

/** Each language in its own name: shown to speakers of that language, so never translated. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  lv: 'Latviešu',
  en: 'English',
  ru: 'Русский',
  tr: 'Türkçe',
  et: 'Eesti',
  lt: 'Lietuvių',
};

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(Link)<{ $current: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 36px;
  min-height: 36px;
  padding: 0 ${theme.space.xs};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${({ $current }) => ($current ? 600 : 400)};
  text-decoration: ${({ $current }) => ($current ? 'none' : 'underline')};
  color: ${({ $current }) => ($current ? theme.colors.text : theme.colors.primary)};
  background: ${({ $current }) => ($current ? theme.colors.secondary : 'transparent')};
`;

/** Links to the current page in each language (localised segments are mapped). */
export function LanguageSwitcher({ current }: { current: Locale }) {
  const intl = useIntl();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <nav aria-label={intl.formatMessage(messages.label)}>
      <List>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <Item
              to={switchLocalePath(here, locale)}
              lang={locale}
              hrefLang={locale}
              // The visible code first, then the language's name (WCAG 2.5.3, label in name).
              aria-label={`${locale.toUpperCase()} ${LANGUAGE_NAMES[locale]}`}
              aria-current={locale === current ? 'true' : undefined}
              $current={locale === current}
            >
              {locale.toUpperCase()}
            </Item>
          </li>
        ))}
      </List>
    </nav>
  );
}
