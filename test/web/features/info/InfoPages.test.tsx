/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { LOCALES, type Locale } from '../../../../src/shared/locales';
import { theme } from '../../../../src/web/app/theme';
import {
  INFO_DOCUMENTS,
  InfoPage,
  SUPPORT_EMAIL,
  type InfoPageName,
} from '../../../../src/web/features/info/InfoPages';

const catalogOf = (locale: Locale): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../../translations', `${locale}.json`), 'utf8'),
  ) as Record<string, string>;

const PAGES = Object.keys(INFO_DOCUMENTS) as InfoPageName[];

/** Every message id a page shows: its title (the footer's link), introduction and sections. */
function idsOf(name: InfoPageName): string[] {
  const doc = INFO_DOCUMENTS[name];
  return [
    `app.footer.${name}`,
    String(doc.intro.id),
    ...doc.groups.flatMap((group) => [
      ...(group.heading ? [String(group.heading.id)] : []),
      ...group.sections.flatMap((s) => [String(s.title.id), String(s.body.id)]),
    ]),
  ];
}

function renderPage(locale: Locale, name: InfoPageName) {
  const errors: string[] = [];
  const view = render(
    <ThemeProvider theme={theme}>
      <IntlProvider
        locale={locale}
        messages={catalogOf(locale)}
        defaultLocale="en"
        onError={(error) => errors.push(error.message)}
      >
        <InfoPage name={name} />
      </IntlProvider>
    </ThemeProvider>,
  );
  return { ...view, errors };
}

it('the footer has the four pages, each with a title, an introduction and sections', () => {
  expect(PAGES.sort()).toEqual(['contact', 'help', 'privacy', 'terms']);
  for (const name of PAGES) expect(idsOf(name).length).toBeGreaterThanOrEqual(6);
});

describe.each(LOCALES)('in %s', (locale) => {
  const catalog = catalogOf(locale);

  it.each(PAGES)('the %s page is complete and shows every section', (name) => {
    // Every text of the page is in this locale's catalog, none empty.
    const missing = idsOf(name).filter((id) => !catalog[id]?.trim());
    expect(missing).toEqual([]);

    const { errors, container } = renderPage(locale, name);
    expect(errors).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      catalog[`app.footer.${name}`],
    );
    for (const group of INFO_DOCUMENTS[name].groups) {
      for (const section of group.sections) {
        const heading = screen.getByRole('heading', { name: catalog[String(section.title.id)] });
        expect(heading).toBeVisible();
        // Each <p> (<li>) of the message is a paragraph (an item) of its own.
        const tag = section.list ? 'li' : 'p';
        const message = catalog[String(section.body.id)];
        const parts = heading.parentElement?.querySelectorAll(tag) ?? [];
        expect(parts.length).toBe(message.split(`<${tag}>`).length - 1 || 1);
      }
    }
    expect(container.textContent).not.toMatch(/<\/?(p|li)>/);
    // No id shows in place of a text, and the address is filled in.
    expect(container.textContent).not.toMatch(/\binfo\.[a-z]+\.|\{email\}/);
  });

  it('the contact page gives the support address as a mail link and what to include', () => {
    renderPage(locale, 'contact');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const link = screen.getByRole('link', { name: SUPPORT_EMAIL });
    expect(link).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  it('the terms say what Talka is in two paragraphs: a venue, not a party to the deal', () => {
    renderPage(locale, 'terms');
    const about = screen.getByRole('heading', { name: catalog['info.terms.about.title'] })
      .parentElement as HTMLElement;
    expect(about.querySelectorAll('p')).toHaveLength(2);
  });

  it('the privacy policy names the address where rights are exercised', () => {
    renderPage(locale, 'privacy');
    const rights = screen.getByRole('heading', {
      name: catalog['info.privacy.rights.title'],
    }).parentElement as HTMLElement;
    expect(within(rights).getAllByText(new RegExp(SUPPORT_EMAIL.replace('.', '\\.')))).not.toEqual(
      [],
    );
  });
});
