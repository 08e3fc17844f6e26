/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import { apiLog } from '../../../../src/web/api/log';
import { TOP_CATEGORY_IDS } from '../../../../src/shared/limits';
import HomePage from '../../../../src/web/features/home/HomePage';
import { STEP_PICTURES } from '../../../../src/web/features/home/pictures.generated';
import { CardGrid } from '../../../../src/web/ui/CardGrid';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { allowFormDataOfForms, page, routeFetch, summary, TREE } from '../taskList/fetchRoutes';

let restoreFormData: () => void;
beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
  restoreFormData = allowFormDataOfForms();
});
afterEach(() => {
  restoreFormData();
  jest.restoreAllMocks();
});

function setup(locale: 'en' | 'et' | 'lv' = 'en') {
  const fetches = routeFetch({
    '/categories': () => json(200, { data: TREE }),
    '/tasks': () => json(200, page([summary()])),
  });
  return { fetches, ...renderWithProviders(<HomePage />, { route: `/${locale}`, locale }) };
}

describe('HomePage', () => {
  it('has the hero, how-it-works in three steps and the app promo, with sized images', async () => {
    setup('et');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'How it works' })
      .nextElementSibling as HTMLElement;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const images = screen.getAllByRole('img');
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      // A file picture has its alt text; an inline one (the steps) its label.
      expect(image.getAttribute('alt') ?? image.getAttribute('aria-label')).not.toBe(null);
    }
    const stepImage = within(steps).getByRole('img', {
      name: 'A task form with a button to post it',
    });
    expect(stepImage.tagName.toLowerCase()).toBe('svg');
    expect(stepImage).toHaveAttribute('viewBox', '0 0 240 160');
    const reference = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    reference.innerHTML = STEP_PICTURES['step-create'].markup;
    expect(stepImage.innerHTML).toBe(reference.innerHTML);
    expect(screen.getByRole('img', { name: /phone showing the Talka app/ })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(screen.getByRole('heading', { name: 'Talka in your pocket' })).toBeInTheDocument();
  });

  it("draws the first screen's pictures inline: no SVG document for the steps or the top categories", async () => {
    const { container } = setup();
    // The top categories come with the categories' answer.
    const cards = await screen.findAllByTestId(/^category-card-/);
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual(
      TOP_CATEGORY_IDS.map((id) => `category-card-${id}`),
    );
    for (const card of cards) {
      expect(card.querySelector('img')).toBeNull();
      const svg = card.querySelector('svg');
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg?.innerHTML).toContain('<rect');
    }
    // What is left as files: the hero (hidden on phones) and the app promo (at the bottom).
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/images/home/hero.svg',
      '/images/home/app-promo.svg',
    ]);
  });

  it('loads no picture before the layout shows it: the hero is hidden on phones', () => {
    const { container } = setup();
    const pictures = [...container.querySelectorAll('img')];
    expect(pictures.map((img) => img.getAttribute('src'))).toContain('/images/home/hero.svg');
    for (const img of pictures) expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('the search goes to the task list with q', async () => {
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Search tasks'), 'wardrobe');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/tasks'));
    expect(router.state.location.search).toBe('?q=wardrobe');
  });

  it('lists recent open tasks (status=open, 6 per page) and the top categories', async () => {
    const { fetches } = setup();
    const recent = await screen.findByRole('link', { name: 'Fix a leaking tap' });
    expect(recent.closest('ul')).toHaveClass(CardGrid.styledComponentId);
    const q = new URL(fetches.to('/tasks')[0].url).searchParams;
    expect(q.get('status')).toBe('open');
    expect(q.get('per_page')).toBe('6');
    const top = screen.getByRole('heading', { name: 'Top categories' })
      .parentElement as HTMLElement;
    await waitFor(() =>
      expect(within(top).getByRole('link', { name: 'Courier' })).toHaveAttribute(
        'href',
        '/en/create-task?category_id=1',
      ),
    );
    expect(within(top).getAllByRole('link')).toHaveLength(4);
  });
});
