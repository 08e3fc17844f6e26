/**
 * @jest-environment ./test/support/webEnvironment.ts
 *
 * Relative times ("Posted 3 hours ago" on a task, the age of an offer) in each locale's grammar,
 * the same text on the server and after hydration, the full date as a tooltip once hydrated.
 */
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import type { Locale } from '../../../src/shared/locales';
import { RelativeTime } from '../../../src/web/ui/RelativeTime';

const NOW = new Date('2026-11-27T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const ui = (locale: Locale, iso: string, format?: (relative: string) => string) => (
  <IntlProvider locale={locale} messages={{}}>
    <RelativeTime iso={iso} now={NOW} format={format} />
  </IntlProvider>
);

describe('RelativeTime', () => {
  it.each<[Locale, number, string]>([
    ['lt', 21, 'prieš 21 dieną'],
    ['lt', 5, 'prieš 5 dienas'],
    ['lt', 11, 'prieš 11 dienų'],
    ['lv', 21, 'pirms 21 dienas'],
    ['ru', 21, '21 день назад'],
    ['ru', 22, '22 дня назад'],
    ['ru', 25, '25 дней назад'],
    ['en', 1, '1 day ago'],
    ['et', 2, '2 päeva eest'],
    ['tr', 3, '3 gün önce'],
  ])('%s, %i days ago: "%s"', (locale, days, text) => {
    render(ui(locale, daysAgo(days)));
    expect(screen.getByText(text)).toHaveAttribute('datetime', daysAgo(days));
  });

  it('puts the relative time into the sentence it is given', () => {
    render(ui('en', daysAgo(0.125), (relative) => `Posted ${relative}`));
    expect(screen.getByText('Posted 3 hours ago').tagName).toBe('TIME');
  });

  it('hydrates the server text without a mismatch and adds the full date as a tooltip', async () => {
    const iso = daysAgo(2);
    const html = renderToString(ui('en', iso));
    expect(html).not.toContain('title=');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, ui('en', iso), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    const time = screen.getByText('2 days ago');
    // SPEC's display format, DD.MM.YYYY HH:mm, in the browser's time zone.
    expect(time.getAttribute('title')).toMatch(/^25\.11\.2026 \d\d:\d\d$/);
  });
});
