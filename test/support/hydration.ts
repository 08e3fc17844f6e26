/**
 * The hand-over of a server-rendered page, for screen tests: a store filled as the server's render
 * would have it, dehydrated (app/prefetch.ts) and embedded as the page's <script id="talka-data">
 * `{ hydration }`, which the next `setupStore` in the test dispatches before its first render.
 */
import { dehydrate } from '../../src/web/app/prefetch';
import { setupStore, type AppDispatch, type AppStore } from '../../src/web/app/store';

/** Embeds what `fill` puts into a fresh store; remove it with `removeEmbeddedData()`. */
export function embedHydration(fill: (dispatch: AppDispatch) => void): void {
  const server = setupStore(undefined, { hydration: null });
  fill(server.dispatch);
  embedStore(server);
}

/** A fresh store for a server render that needs requests (a rejected query): embed it when done. */
export const serverStore = (): AppStore => setupStore(undefined, { hydration: null });

/** Embeds a server render's store as the page's hand-over. */
export function embedStore(server: AppStore): void {
  const script = document.createElement('script');
  script.id = 'talka-data';
  script.type = 'application/json';
  script.textContent = JSON.stringify({ hydration: dehydrate(server) });
  document.body.appendChild(script);
}

export function removeEmbeddedData(): void {
  document.getElementById('talka-data')?.remove();
}
