/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '../../../../src/shared/locales';
import { apiLog } from '../../../../src/web/api/log';
import { CategorySidebar } from '../../../../src/web/features/categories';
import { sidebarCategories } from '../../../../src/web/features/categories/CategorySidebar';
import { categoryPicture } from '../../../../src/web/features/categories/categoryPicture';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { routeFetch, TREE } from '../taskList/fetchRoutes';

const catalog = (locale: Locale): Record<string, string> =>
  JSON.parse(
    readFileSync(path.resolve(__dirname, `../../../../translations/${locale}.json`), 'utf8'),
  );

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderSidebar(locale: Locale = 'en', variant: 'panel' | 'popular' = 'panel') {
  const fetches = routeFetch({ '/categories': () => json(200, { data: TREE }) });
  const result = renderWithProviders(
    <IntlProvider locale={locale} messages={catalog(locale)} defaultLocale="en">
      <CategorySidebar variant={variant} />
    </IntlProvider>,
    { locale, route: `/${locale}/tasks` },
  );
  const panel = () => document.getElementById('app-sidebar') as HTMLElement;
  return { ...result, fetches, panel };
}

const card = (root: HTMLElement, id: number) =>
  within(root).getByTestId(`category-card-${id}`) as HTMLElement;

// Counts in TREE: 1 -> 1, 11 -> 2, 31 -> 5, 42 -> 0, 56 -> 21, 64 -> 11, 74 -> 22, 85 -> 10.
const EXPECTED: Record<Locale, Record<number, string>> = {
  en: {
    1: '1 task this week',
    11: '2 tasks this week',
    31: '5 tasks this week',
    56: '21 tasks this week',
    64: '11 tasks this week',
  },
  lv: {
    1: '1 uzdevums šonedēļ',
    11: '2 uzdevumi šonedēļ',
    56: '21 uzdevums šonedēļ',
    64: '11 uzdevumu šonedēļ',
    85: '10 uzdevumu šonedēļ',
  },
  ru: {
    1: '1 задание за неделю',
    11: '2 задания за неделю',
    31: '5 заданий за неделю',
    56: '21 задание за неделю',
    64: '11 заданий за неделю',
    74: '22 задания за неделю',
  },
  lt: {
    1: '1 užduotis šią savaitę',
    11: '2 užduotys šią savaitę',
    56: '21 užduotis šią savaitę',
    64: '11 užduočių šią savaitę',
    85: '10 užduočių šią savaitę',
  },
  et: {
    1: '1 ülesanne sel nädalal',
    11: '2 ülesannet sel nädalal',
    56: '21 ülesannet sel nädalal',
  },
  tr: { 1: 'Bu hafta 1 görev', 11: 'Bu hafta 2 görev', 56: 'Bu hafta 21 görev' },
};

describe('CategorySidebar counts', () => {
  it.each(Object.keys(EXPECTED) as Locale[])(
    'words this week’s count with the plural rules of %s, and shows nothing at zero',
    async (locale) => {
      const { panel, fetches } = renderSidebar(locale);
      await waitFor(() => expect(card(panel(), 1)).toBeInTheDocument());
      for (const [id, text] of Object.entries(EXPECTED[locale])) {
        expect(card(panel(), Number(id))).toHaveTextContent(text);
      }
      // Zero: the title only, no count line at all.
      const zero = card(panel(), 42);
      expect(zero.querySelectorAll('p')).toHaveLength(0);
      expect(zero).toHaveTextContent(/^House cleaning$/);
      expect(new URL(fetches.to('/categories')[0].url).searchParams.get('locale')).toBe(locale);
    },
  );
});

describe('CategorySidebar links and pictures', () => {
  it('sends top categories to the task form with category_id and the others to the list', async () => {
    const { panel } = renderSidebar('en');
    await waitFor(() => expect(card(panel(), 1)).toBeInTheDocument());
    // The large-screen panel is display: none at jsdom's (small) width, hence hidden: true.
    const link = (id: number, name: string) =>
      within(card(panel(), id)).getByRole('link', { name, hidden: true });
    expect(link(1, 'Courier')).toHaveAttribute('href', '/en/create-task?category_id=1');
    expect(link(11, 'Home repair')).toHaveAttribute('href', '/en/create-task?category_id=11');
    expect(link(130, 'Beauty and health')).toHaveAttribute(
      'href',
      '/en/create-task?category_id=130',
    );
    expect(link(149, 'Legal counselling')).toHaveAttribute(
      'href',
      '/en/create-task?category_id=149',
    );
    expect(link(31, 'Transport')).toHaveAttribute(
      'href',
      '/en/tasks?categories=transport-and-freight',
    );
    // Children of a top category go to the filtered list, not to the form.
    expect(link(11, 'Plumbing')).toHaveAttribute('href', '/en/tasks?categories=plumbing');
    expect(link(1, 'Document delivery')).toHaveAttribute(
      'href',
      '/en/tasks?categories=document-delivery',
    );
  });

  it('uses the pictured ids’ pictures, a neutral one for others, and a listed localised variant', async () => {
    const { panel } = renderSidebar('en');
    await waitFor(() => expect(card(panel(), 31)).toBeInTheDocument());
    expect(card(panel(), 31).querySelector('img')).toHaveAttribute(
      'src',
      '/images/categories/31.svg',
    );
    expect(card(panel(), 500).querySelector('img')).toHaveAttribute(
      'src',
      '/images/categories/default.svg',
    );
    expect(categoryPicture(1, 'lv', { 1: ['lv'] })).toBe('/images/categories/1.lv.svg');
    expect(categoryPicture(1, 'en', { 1: ['lv'] })).toBe('/images/categories/1.svg');
  });

  it('has the panel id app-sidebar and a heading', async () => {
    const { panel } = renderSidebar('en');
    expect(panel().tagName).toBe('ASIDE');
    expect(
      within(panel()).getByRole('heading', { name: 'Categories', hidden: true }),
    ).toBeInTheDocument();
    expect(panel()).not.toBeVisible();
  });

  it('popular variant shows the busiest categories first', () => {
    expect(sidebarCategories(TREE, 'popular', 3).map((c) => c.id)).toEqual([74, 56, 64]);
    expect(sidebarCategories(TREE, 'panel', 3)).toHaveLength(TREE.length);
  });
});

describe('CategorySidebar on small screens', () => {
  it('opens in a modal that closes when a link is clicked', async () => {
    const { user, router } = renderSidebar('en');
    await user.click(screen.getByRole('button', { name: 'Browse categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    await user.click(await within(dialog).findByRole('link', { name: 'Plumbing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/en/tasks?categories=plumbing',
    );
  });

  it('closes when a link to the current page is clicked', async () => {
    const { user } = renderSidebar('en');
    await user.click(screen.getByRole('button', { name: 'Browse categories' }));
    const dialog = await screen.findByRole('dialog');
    // The card link of a child of the current list: same URL after the first click.
    await user.click(await within(dialog).findByRole('link', { name: 'Transport' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Browse categories' }));
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('link', { name: 'Transport' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on a route change from elsewhere (back button, saga navigation)', async () => {
    const { user, router } = renderSidebar('en');
    await user.click(screen.getByRole('button', { name: 'Browse categories' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await act(async () => {
      await router.navigate('/en/tasks?status=open');
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Browse categories' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('popular variant opens a slide-out panel that closes on link click', async () => {
    const { user } = renderSidebar('en', 'popular');
    await user.click(screen.getByRole('button', { name: 'Popular categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Popular categories' });
    await user.click(await within(dialog).findByRole('link', { name: 'Event hosting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
