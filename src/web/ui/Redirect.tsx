import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * Given by the server's render only (src/server/render/renderApp.tsx): it answers the request
 * with a 302 to the path a page redirected to, instead of HTML that would only redirect once its
 * JavaScript ran (react-router's <Navigate> does nothing in a static render).
 */
export const ServerRedirectContext = createContext<((to: string) => void) | null>(null);

/**
 * A page's redirect on render (a visitor on a page that needs a session, a created task's
 * /tasks/view/{uuid}): a 302 from the server on a full load, a replacing navigation in the browser.
 */
export function Redirect({ to }: { to: string }) {
  const tellServer = useContext(ServerRedirectContext);
  if (tellServer) {
    // The server runs no effects: the render itself tells the collector.
    tellServer(to);
    return null;
  }
  return <Navigate replace to={to} />;
}
