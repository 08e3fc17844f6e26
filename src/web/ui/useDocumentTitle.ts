import { createContext, useContext, useEffect } from 'react';

/** What a server render collects for the page's <head> (src/server/render): its title. */
export interface DocumentHead {
  title?: string;
}

/**
 * Given by the server's render only (it collects the title into a DocumentHead); the browser sets
 * document.title in an effect instead.
 */
export const DocumentHeadContext = createContext<((title: string) => void) | null>(null);

/** Sets document.title while the calling page is shown (and the server's <title> for it). */
export function useDocumentTitle(title: string): void {
  const tellServer = useContext(DocumentHeadContext);
  // The server runs no effects: the render itself tells the collector (the last page wins).
  tellServer?.(title);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
