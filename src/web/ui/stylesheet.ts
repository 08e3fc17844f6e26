/**
 * Adds a <link rel="stylesheet"> once per URL. The CSS of lazily loaded libraries is emitted as a
 * file by webpack (asset/resource), so importing it gives a URL, not injected styles.
 */
export function ensureStylesheet(url: unknown): void {
  // In jest, CSS imports resolve to a stub object: nothing to add.
  if (typeof url !== 'string' || typeof document === 'undefined') return;
  const exists = Array.from(
    document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
  ).some((link) => link.getAttribute('href') === url);
  if (exists) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  document.head.appendChild(link);
}

/** Adds a <style> element once per id (e.g. an @font-face pointing at an emitted font file). */
export function ensureStyle(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
