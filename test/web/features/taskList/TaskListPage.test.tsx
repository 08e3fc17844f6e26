/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import TaskListPage from '../../../../src/web/features/taskList/TaskListPage';
import {
  activeFilterCount,
  filtersFromParams,
  withFilters,
} from '../../../../src/web/features/taskList/filters';
import { CardGrid } from '../../../../src/web/ui/CardGrid';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { allowFormDataOfForms, page, routeFetch, summary, TREE, type Handler } from './fetchRoutes';

let restoreFormData: () => void;
beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  restoreFormData = allowFormDataOfForms();
});
afterEach(() => {
  restoreFormData();
  jest.restoreAllMocks();
});

function setup(route: string, tasks: Handler = () => json(200, page([summary()], 1, 3, 30))) {
  const fetches = routeFetch({
    '/categories': () => json(200, { data: TREE }),
    '/tasks': tasks,
  });
  const rendered = renderWithProviders(<TaskListPage />, { route });
  const lastQuery = () => {
    const calls = fetches.to('/tasks');
    return new URL(calls[calls.length - 1].url).searchParams;
  };
  const here = () => new URLSearchParams(rendered.router.state.location.search);
  return { ...rendered, fetches, lastQuery, here };
}

async function openFilters(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  return screen.getByRole('dialog', { name: 'Filter tasks' });
}

describe('TaskListPage filters in the URL', () => {
  it('prefills the filters from a shared URL and requests with them', async () => {
    const { lastQuery, fetches } = setup(
      '/en/tasks?categories=plumbing&status=open&q=tap&city=Riga&budget_min=10&budget_max=200&sort=budget_desc&page=2',
    );
    expect(await screen.findByRole('link', { name: 'Fix a leaking tap' })).toBeInTheDocument();
    const q = lastQuery();
    expect(q.getAll('categories')).toEqual(['plumbing']);
    expect(q.get('status')).toBe('open');
    expect(q.get('q')).toBe('tap');
    expect(q.get('city')).toBe('Riga');
    expect(q.get('budget_min')).toBe('10');
    expect(q.get('budget_max')).toBe('200');
    expect(q.get('sort')).toBe('budget_desc');
    expect(q.get('page')).toBe('2');
    expect(q.get('locale')).toBe('en');
    expect(fetches.to('/tasks')).toHaveLength(1);

    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('plumbing'));
    expect(screen.getByLabelText('Status')).toHaveValue('open');
    expect(screen.getByLabelText('Sort by')).toHaveValue('budget_desc');
    expect(screen.getByLabelText('Search')).toHaveValue('tap');
    expect(screen.getByLabelText('City')).toHaveValue('Riga');
    expect(screen.getByLabelText('Budget from (€)')).toHaveValue('10');
    expect(screen.getByLabelText('Budget to (€)')).toHaveValue('200');
  });

  it('changing a filter updates the URL, resets the page and requests again', async () => {
    const { user, here, lastQuery } = setup('/en/tasks?page=3&q=tap');
    await screen.findByRole('link', { name: 'Fix a leaking tap' });
    // Phone layout (jsdom matches no media query): the fields are in the Filters dialog.
    await openFilters(user);
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Category')).getByRole('option', { name: '— Plumbing' }),
      ).toBeInTheDocument(),
    );

    await user.selectOptions(screen.getByLabelText('Category'), 'plumbing');
    await waitFor(() => expect(here().get('categories')).toBe('plumbing'));
    expect(here().get('page')).toBeNull();
    expect(here().get('q')).toBe('tap');
    await waitFor(() => expect(lastQuery().get('categories')).toBe('plumbing'));
    expect(lastQuery().get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await waitFor(() => expect(lastQuery().get('status')).toBe('completed'));
    expect(here().get('status')).toBe('completed');

    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Jelgava');
    await user.type(screen.getByLabelText('Budget from (€)'), '50');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(here().get('city')).toBe('Jelgava'));
    expect(here().get('budget_min')).toBe('50');
    await waitFor(() => expect(lastQuery().get('city')).toBe('Jelgava'));
    expect(lastQuery().get('budget_min')).toBe('50');
    expect(lastQuery().get('categories')).toBe('plumbing');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'deadline');
    await waitFor(() => expect(lastQuery().get('sort')).toBe('deadline'));
  });

  it('the back button restores the previous filters in the form and the list', async () => {
    const { user, router, lastQuery } = setup('/en/tasks?q=tap', (_request, url) =>
      json(200, page([summary({ title: `Result for ${url.searchParams.get('q')}` })])),
    );
    await screen.findByRole('link', { name: 'Result for tap' });
    await openFilters(user);
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'paint');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastQuery().get('q')).toBe('paint'));
    expect(await screen.findByRole('link', { name: 'Result for paint' })).toBeInTheDocument();
    await act(async () => {
      await router.navigate(-1);
    });
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue('tap'));
    expect(await screen.findByRole('link', { name: 'Result for tap' })).toBeInTheDocument();
  });

  it('refuses a budget range whose lower end is above the upper end', async () => {
    const { user, here } = setup('/en/tasks');
    await screen.findByRole('link', { name: 'Fix a leaking tap' });
    await openFilters(user);
    await user.type(screen.getByLabelText('Budget from (€)'), '500');
    await user.type(screen.getByLabelText('Budget to (€)'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be above');
    expect(here().get('budget_min')).toBeNull();
    // The dialog stays open so the amounts can be corrected.
    expect(screen.getByRole('dialog', { name: 'Filter tasks' })).toBeInTheDocument();
  });
});

describe('TaskListPage results', () => {
  it('shows the card facts and links it to the task page', async () => {
    setup('/en/tasks');
    const title = await screen.findByRole('link', { name: 'Fix a leaking tap' });
    expect(title).toHaveAttribute('href', '/en/tasks/TKABC123');
    const card = screen.getByTestId('task-summary-card');
    // The shared grid of cards (as the home page and the freelancers' list).
    expect(card.closest('ul')).toHaveClass(CardGrid.styledComponentId);
    expect(card).toHaveTextContent('Plumbing');
    expect(card).toHaveTextContent('Open');
    expect(card).toHaveTextContent('€40 – €80');
    expect(card).toHaveTextContent('By 01.05.2099 12:00');
    expect(card).toHaveTextContent('Riga');
    expect(card).toHaveTextContent('2 offers');
    expect(card).toHaveTextContent('Posted by Anna B.');
    expect(screen.getByText('30 tasks found')).toBeInTheDocument();
  });

  it("loads the first card's photo with the page (the largest paint on a phone), the rest lazily", async () => {
    const photo = (n: number) => `/uploads/tasks/t${n}/p_thumb.jpg`;
    setup('/en/tasks', () =>
      json(
        200,
        page(
          [1, 2, 3].map((n) =>
            summary({
              uuid: `t${n}`,
              identifier: `TKCARD0${n}`,
              title: `Task ${n}`,
              thumbnail: photo(n),
            }),
          ),
          1,
          1,
          3,
        ),
      ),
    );
    await screen.findByRole('link', { name: 'Task 3' });
    const images = screen
      .getAllByTestId('task-summary-card')
      .map((card) => card.querySelector('img') as HTMLImageElement);
    expect(images.map((img) => img.getAttribute('src'))).toEqual([photo(1), photo(2), photo(3)]);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    for (const img of images.slice(1)) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
  });

  it('shows anywhere, one offer, a single budget and a deleted author', async () => {
    setup('/en/tasks', () =>
      json(
        200,
        page([
          summary({
            location_type: 'anywhere',
            city: null,
            approximate_address: null,
            offers_count: 1,
            budget_from: 100,
            budget_to: 100,
            author: null,
          }),
        ]),
      ),
    );
    const card = await screen.findByTestId('task-summary-card');
    expect(card).toHaveTextContent('Anywhere');
    expect(card).toHaveTextContent('1 offer');
    expect(card).toHaveTextContent('€100');
    expect(card).not.toHaveTextContent('€100 –');
    expect(card).toHaveTextContent('Deleted user');
  });

  it('uses the approximate address when there is no city', async () => {
    setup('/en/tasks', () => json(200, page([summary({ city: null })])));
    expect(await screen.findByTestId('task-summary-card')).toHaveTextContent('Centrs, Riga');
  });

  it('paginates with links that keep the filters', async () => {
    const { user, lastQuery, here } = setup('/en/tasks?status=open&page=2', () =>
      json(200, page([summary()], 2, 3, 30)),
    );
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/en/tasks?status=open',
    );
    await user.click(within(nav).getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(here().get('page')).toBe('3'));
    expect(here().get('status')).toBe('open');
    await waitFor(() => expect(lastQuery().get('page')).toBe('3'));
  });

  it('shows the empty state', async () => {
    setup('/en/tasks?q=nothing', () => json(200, page([], 1, 1, 0)));
    expect(await screen.findByText(/No tasks match these filters/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('shows an error state with a retry instead of the error page', async () => {
    let fail = true;
    const { user } = setup('/en/tasks', () =>
      fail ? json(500, { message: 'Server error' }) : json(200, page([summary()])),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tasks could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Fix a leaking tap' })).toBeInTheDocument();
  });
});

describe('TaskListPage: links the list cannot show as asked', () => {
  /** The API's answers (GET /api/tasks, src/server/routes/taskList.ts) to the filters at issue. */
  const api: Handler = (_request, url) => {
    const q = url.searchParams;
    const errors: Record<string, string[]> = {};
    if (Number(q.get('budget_min')) > Number(q.get('budget_max') ?? Infinity)) {
      errors.budget_max = ['The lower amount cannot be above the upper amount.'];
    }
    if (q.has('categories')) errors.categories = ['There is no such category.'];
    if (Object.keys(errors).length > 0) {
      return json(422, { message: 'The given data was invalid.', errors });
    }
    return json(200, page([summary()], 1, 1, 1));
  };

  it('bad filters: what is wrong, per filter, with a link to drop it and one to clear them all', async () => {
    const { user, here } = setup(
      '/en/tasks?budget_min=500&budget_max=10&categories=no-such-category&q=tap',
      api,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link has filters that cannot be used:');
    expect(alert).toHaveTextContent(
      'Budget to (€): The lower amount cannot be above the upper amount.',
    );
    expect(alert).toHaveTextContent('Category: There is no such category.');
    // Not the dead end it was: no 'could not be loaded, try again'.
    expect(alert).not.toHaveTextContent('could not be loaded');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText(/tasks? found/)).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('link', { name: 'Remove filter: Category' }));
    await waitFor(() => expect(here().get('categories')).toBeNull());
    expect(here().get('q')).toBe('tap');
    expect(here().get('budget_min')).toBe('500');
    await waitFor(() => expect(screen.getByRole('alert')).not.toHaveTextContent('Category:'));
    expect(screen.getByRole('alert')).toHaveTextContent('Budget to (€):');

    await user.click(
      within(screen.getByRole('alert')).getByRole('link', { name: 'Clear filters' }),
    );
    await waitFor(() => expect(here().toString()).toBe(''));
    expect(await screen.findByRole('link', { name: 'Fix a leaking tap' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a page past the end says so, with the same total and a link to the first page', async () => {
    const { user, here } = setup('/en/tasks?q=tap&page=99', (_request, url) =>
      url.searchParams.get('page') === '99'
        ? json(200, page([], 99, 1, 2))
        : json(200, page([summary(), summary({ uuid: 'uuid-2', title: 'Paint a fence' })])),
    );
    expect(await screen.findByText('There is no page 99 in these results.')).toBeInTheDocument();
    expect(screen.getByText('2 tasks found')).toBeInTheDocument();
    expect(screen.queryByText(/No tasks match/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to the first page' }));
    await waitFor(() => expect(here().get('page')).toBeNull());
    expect(here().get('q')).toBe('tap');
    expect(await screen.findByRole('link', { name: 'Paint a fence' })).toBeInTheDocument();
    expect(screen.getByText('2 tasks found')).toBeInTheDocument();
  });
});

describe('TaskListPage on phones: the Filters button', () => {
  it('names the number of active filters and opens them as a dialog that keeps the URL', async () => {
    const { user, here, lastQuery } = setup(
      '/en/tasks?categories=plumbing&status=open&sort=budget_desc&budget_min=10&budget_max=50',
    );
    await screen.findByRole('link', { name: 'Fix a leaking tap' });
    // The sort is not a filter; a budget range counts once.
    const button = screen.getByRole('button', { name: 'Filters (3 active filters)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'task-filters');
    expect(within(button).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Filter tasks' });
    expect(dialog).toHaveAttribute('id', 'task-filters');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveValue('plumbing'));

    // A select applies at once and the dialog stays open for the next one.
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'completed');
    await waitFor(() => expect(here().get('status')).toBe('completed'));
    expect(screen.getByRole('dialog', { name: 'Filter tasks' })).toBeInTheDocument();

    // Applying the text fields closes it and gives focus back to the button.
    await user.type(within(dialog).getByLabelText('Search'), 'tap');
    await user.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(here().get('q')).toBe('tap'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
    expect(here().get('categories')).toBe('plumbing');
    expect(here().get('budget_min')).toBe('10');
    await waitFor(() => expect(lastQuery().get('q')).toBe('tap'));
    expect(screen.getByRole('button', { name: 'Filters (4 active filters)' })).toBe(button);
  });

  it('closes on Escape and on its close button; with no filters the button is just "Filters"', async () => {
    const { user } = setup('/en/tasks?sort=deadline');
    await screen.findByRole('link', { name: 'Fix a leaking tap' });
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(within(button).queryByText(/\d/)).not.toBeInTheDocument();

    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Filter tasks' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab inside the open dialog', async () => {
    const { user } = setup('/en/tasks');
    await screen.findByRole('link', { name: 'Fix a leaking tap' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter tasks' });
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'Clear filters' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close filters' })).toHaveFocus();
  });
});

describe('filters helpers', () => {
  it('count the active filters: not the sort or page, a budget range once', () => {
    const count = (query: string) =>
      activeFilterCount(filtersFromParams(new URLSearchParams(query)));
    expect(count('sort=deadline&page=2')).toBe(0);
    expect(count('categories=plumbing&categories=painting')).toBe(1);
    expect(count('status=open&q=tap&city=Riga&location=anywhere')).toBe(4);
    expect(count('budget_min=10')).toBe(1);
    expect(count('budget_min=10&budget_max=20&status=bogus')).toBe(1);
  });

  it('drop unknown values and default the sort and page', () => {
    const f = filtersFromParams(new URLSearchParams('status=bogus&sort=x&page=-1&budget_min=abc'));
    expect(f).toMatchObject({ status: '', sort: 'newest', page: 1, budget_min: '' });
  });

  it('reset the page and leave out empty values and the default sort', () => {
    const next = withFilters(new URLSearchParams('page=4&q=a'), {
      q: '',
      sort: 'newest',
      city: 'Riga',
    });
    expect(next.toString()).toBe('city=Riga');
  });
});
