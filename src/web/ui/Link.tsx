import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The app's in-app link: an `<a href>` that navigates through the data router on a plain
 * left click (so the unsaved-input blocker and scroll restoration see it) and lets the browser
 * handle modified clicks, other targets and middle clicks.
 *
 * Built from react-router's documented hooks for custom links (`useHref`,
 * `useLinkClickHandler`) instead of its `<Link>`: that component also carries framework
 * mode's route-module prefetching (`prefetch`, `<PrefetchPageLinks>`, single-fetch URLs),
 * which a data-router SPA never uses but every page downloads with it (2.0 KB gzip; see
 * docs/PERFORMANCE.md "1. sizes").
 */
export function Link({
  to,
  replace,
  state,
  preventScrollReset,
  target,
  onClick,
  ref,
  ...rest
}: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, {
    replace,
    state,
    target,
    preventScrollReset,
  });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
