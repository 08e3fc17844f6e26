/**
 * The app's link (src/web/ui/Link.tsx): a real `<a href>` that navigates through the data
 * router on a plain click, so the unsaved-input blocker sees it, and leaves the browser's own
 * behaviour alone for modified clicks and other targets.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useBlocker, useLocation } from 'react-router-dom';
import { Link } from '../../../src/web/ui/Link';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
      {location.state ? ` state=${JSON.stringify(location.state)}` : ''}
    </p>
  );
}

function Blocking() {
  const blocker = useBlocker(true);
  return <p data-testid="blocker">{blocker.state}</p>;
}

/**
 * Clicks the link and says whether the app took the click (prevented the browser's navigation).
 * The browser's own navigation is then cancelled at the window, which jsdom cannot do.
 */
async function click(link: HTMLElement, init: MouseEventInit = {}): Promise<boolean> {
  let handled = false;
  const atWindow = (event: Event) => {
    handled = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', atWindow, { once: true });
  await act(async () => {
    link.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
    );
  });
  return handled;
}

function renderAt(page: React.ReactNode, path = '/lv') {
  const router = createMemoryRouter(
    [
      {
        path: '/lv',
        element: (
          <>
            {page}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  it('renders the href and navigates in the app on a plain click, with its state', async () => {
    const router = renderAt(
      <Link to="/lv/tasks?page=2" state={{ from: 'home' }} className="card">
        Tasks
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Tasks' });
    expect(link).toHaveAttribute('href', '/lv/tasks?page=2');
    expect(link).toHaveClass('card');
    expect(await click(link)).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/lv/tasks?page=2 state={"from":"home"}');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the entry when asked', async () => {
    const router = renderAt(
      <Link to="/lv/tasks" replace>
        Tasks
      </Link>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    });
    expect(router.state.location.pathname).toBe('/lv/tasks');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['a ctrl-click', { ctrlKey: true }],
    ['a cmd-click', { metaKey: true }],
    ['a shift-click', { shiftKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser', async (_name, init) => {
    const router = renderAt(<Link to="/lv/tasks">Tasks</Link>);
    expect(await click(screen.getByRole('link', { name: 'Tasks' }), init)).toBe(false);
    expect(router.state.location.pathname).toBe('/lv');
  });

  it('leaves a link to another target to the browser', async () => {
    const router = renderAt(
      <Link to="/lv/tasks" target="_blank" rel="noopener">
        Tasks
      </Link>,
    );
    expect(await click(screen.getByRole('link', { name: 'Tasks' }))).toBe(false);
    expect(router.state.location.pathname).toBe('/lv');
  });

  it("runs the caller's onClick first and does not navigate when it prevents the default", async () => {
    const onClick = jest.fn((event: React.MouseEvent) => event.preventDefault());
    const router = renderAt(
      <Link to="/lv/tasks" onClick={onClick}>
        Tasks
      </Link>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/lv');
  });

  it('goes through the unsaved-input blocker', async () => {
    const router = renderAt(
      <>
        <Blocking />
        <Link to="/lv/tasks">Tasks</Link>
      </>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    });
    expect(screen.getByTestId('blocker')).toHaveTextContent('blocked');
    expect(router.state.location.pathname).toBe('/lv');
  });
});
