/**
 * The app's routing API: what pages import to read the URL, link and navigate. The location comes
 * from the app's history (src/web/app/history.ts implements AppHistory) through HistoryRouter,
 * which applies each change in a transition, so a page whose lazy chunk is still loading leaves the
 * previous page on screen instead of a blank fallback. Which page a path shows is decided by the
 * localised route table (src/web/i18n/routes.ts matchRoute, src/web/app/router.tsx AppRoutes),
 * whose parameters RouteParams gives to useParams.
 *
 * Why no router library: docs/ARCHITECTURE.md, "Routing" (react-router was about 12 KB gzip of
 * every first load; wouter cost 2 KB more than this for matching that routes.ts already does).
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/** Where the app is: the parts of a URL the router and the pages read. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The history the app renders from, shared with the sagas (src/web/app/history.ts). Every change
 * (push, replace, back/forward) is told to each listener in the order they subscribed.
 */
export interface AppHistory {
  readonly location: AppLocation;
  /** How the location last changed: a new entry, the current one replaced, or back/forward. */
  readonly action: HistoryAction;
  push(to: string): void;
  replace(to: string): void;
  go(delta: number): void;
  listen(listener: (location: AppLocation) => void): () => void;
}

export type HistoryAction = 'push' | 'replace' | 'pop';

export interface NavigateOptions {
  replace?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface HistoryState {
  location: AppLocation;
  navigate: NavigateFunction;
}

const HistoryContext = createContext<HistoryState | null>(null);

function useHistoryState(): HistoryState {
  const state = useContext(HistoryContext);
  if (!state) throw new Error('routing: render inside <HistoryRouter>');
  return state;
}

const urlOf = (location: AppLocation) => `${location.pathname}${location.search}`;

/**
 * Renders its children at the history's location and follows it. A link or navigation to another
 * page (a new entry: another path or query, e.g. a task from the list, the list's next page or new
 * filters) shows it from its top once it has rendered; replacing the entry (the redirects after
 * login or confirming an email, from short pages) keeps the scroll, and back/forward leave it to the
 * browser's scroll restoration.
 */
export function HistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [{ location, action }, setShown] = useState(() => ({
    location: history.location,
    action: history.action,
  }));
  useLayoutEffect(
    () =>
      history.listen((next) => {
        const change = { location: next, action: history.action };
        startTransition(() => setShown(change));
      }),
    [history],
  );
  const shownUrl = useRef(urlOf(location));
  useLayoutEffect(() => {
    const url = urlOf(location);
    if (url === shownUrl.current) return;
    shownUrl.current = url;
    if (action === 'push') (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [location, action]);
  const value = useMemo<HistoryState>(
    () => ({
      location,
      navigate: (to, options) => (options?.replace ? history.replace(to) : history.push(to)),
    }),
    [history, location],
  );
  return <HistoryContext value={value}>{children}</HistoryContext>;
}

/** The current location: { pathname, search, hash }. */
export function useLocation(): AppLocation {
  return useHistoryState().location;
}

/** navigate(to, { replace }): a new history entry, or the current one replaced. */
export function useNavigate(): NavigateFunction {
  return useHistoryState().navigate;
}

const ParamsContext = createContext<Readonly<Record<string, string>>>({});

/** Gives the parameters of the route that matched to the page below (useParams). */
export function RouteParams({
  params,
  children,
}: {
  params: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  return <ParamsContext value={params}>{children}</ParamsContext>;
}

/** The matched route's parameters (decoded), e.g. { slug } of 'tasks/:slug'. */
export function useParams<T extends Record<string, string> = Record<string, string>>(): Readonly<
  Partial<T>
> {
  return useContext(ParamsContext) as Partial<T>;
}

export type SetSearchParams = (
  next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The query of the current URL, and a setter that navigates to the same path with a new query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useHistoryState();
  const { pathname, search } = location;
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useMemo<SetSearchParams>(
    () => (next, options) => {
      const query = (typeof next === 'function' ? next(searchParams) : next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname, searchParams],
  );
  return [searchParams, setSearchParams];
}

/** Navigates once rendered (after commit), e.g. a redirect. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path with its query, e.g. routePath(locale, 'tasks', {}, { page: 2 }). */
  to: string;
  /** Replace the current entry; a link to the URL already shown always replaces. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const isModified = (event: MouseEvent) =>
  event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A link the router follows: a plain click navigates in the app; a modified or middle click, or a
 * target other than _self, is left to the browser (new tab, download).
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useHistoryState();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      isModified(event)
    ) {
      return;
    }
    event.preventDefault();
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(to, { replace: replace ?? here === to });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
