/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { FreelancerCard } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import FreelancersPage from '../../../../src/web/features/freelancers/FreelancersPage';
import { CardGrid } from '../../../../src/web/ui/CardGrid';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { page, routeFetch, TREE } from '../taskList/fetchRoutes';

const ilze: FreelancerCard = {
  uuid: 'f-1',
  display_name: 'Ilze K.',
  photo: { thumbnail: '/uploads/ilze.jpg' },
  is_legal: true,
  is_online: false,
  freelancer_rating: 4.8,
  categories: [{ id: 12, slug: 'plumbing', title: 'Plumbing' }],
  languages: ['lv', 'en'],
  completed_tasks_count: 7,
};

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function setup(route: string) {
  const fetches = routeFetch({
    '/categories': () => json(200, { data: TREE }),
    '/freelancers': () => json(200, page([ilze], 1, 2, 13)),
  });
  const rendered = renderWithProviders(<FreelancersPage />, { route });
  const lastQuery = () => {
    const calls = fetches.to('/freelancers');
    return new URL(calls[calls.length - 1].url).searchParams;
  };
  const here = () => new URLSearchParams(rendered.router.state.location.search);
  return { ...rendered, fetches, lastQuery, here };
}

describe('FreelancersPage', () => {
  it('passes the task page’s link parameters through to the API', async () => {
    const { lastQuery } = setup(
      '/en/freelancers?categories=plumbing&languages=lv&languages=en&sort_by=freelancer_rating&sort_dir=desc&page=1',
    );
    await screen.findByRole('link', { name: 'Ilze K.' });
    const q = lastQuery();
    expect(q.getAll('categories')).toEqual(['plumbing']);
    expect(q.getAll('languages')).toEqual(['lv', 'en']);
    expect(q.get('sort_by')).toBe('freelancer_rating');
    expect(q.get('sort_dir')).toBe('desc');
    expect(q.get('page')).toBe('1');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('plumbing'));
    expect(screen.getByRole('checkbox', { name: 'Latviešu' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Русский' })).not.toBeChecked();
  });

  it('shows the card: photo, name, business label, rating, categories, languages, completed', async () => {
    setup('/en/freelancers');
    const card = await screen.findByTestId('freelancer-card');
    expect(card.closest('ul')).toHaveClass(CardGrid.styledComponentId);
    expect(within(card).getByRole('img', { name: 'Ilze K.' })).toHaveAttribute(
      'src',
      '/uploads/ilze.jpg',
    );
    expect(within(card).getByRole('link', { name: 'Ilze K.' })).toHaveAttribute(
      'href',
      '/en/user/profile/f-1',
    );
    expect(card).toHaveTextContent('Business');
    expect(card).toHaveTextContent('Rating: 4.8 out of 5');
    expect(card).toHaveTextContent('Plumbing');
    expect(card).toHaveTextContent('LV');
    expect(card).toHaveTextContent('EN');
    expect(card).toHaveTextContent('7 completed tasks');
  });

  it('keeps the filters in the URL and requests with them', async () => {
    const { user, here, lastQuery } = setup('/en/freelancers?page=2');
    await screen.findByRole('link', { name: 'Ilze K.' });
    await user.click(screen.getByRole('checkbox', { name: 'Русский' }));
    await waitFor(() => expect(here().getAll('languages')).toEqual(['ru']));
    expect(here().get('page')).toBe('1');
    await waitFor(() => expect(lastQuery().getAll('languages')).toEqual(['ru']));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'completed_tasks:desc');
    await waitFor(() => expect(lastQuery().get('sort_by')).toBe('completed_tasks'));
    expect(here().get('sort_dir')).toBe('desc');
    expect(lastQuery().getAll('languages')).toEqual(['ru']);
  });
});
