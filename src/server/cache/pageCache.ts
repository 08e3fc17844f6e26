/**
 * Server-rendered pages kept by what they are made of (issue 18; docs/ARCHITECTURE.md "Read model
 * and caches"). A page's markup is a function of its URL, its locale and the answers the API gave
 * its queries (src/server/render: the store starts from the locale and those answers alone), plus
 * the render's clock. So the key is a digest of exactly those: two requests whose page queries got
 * the same answers get the same HTML, whoever asked. Nothing is ever shared that the API did not
 * answer both alike: a signed-in user's `me`, their own offer or a contact makes their own key, and a
 * write that changes an answer makes a new one (no invalidation to forget). The queries still run on
 * every request (through the read model, cheap), so views are counted and cookies set as before;
 * what a hit saves is the React render.
 *
 * Two things may be older than the request, by at most PAGE_TTL_MS: the task's view count (left out
 * of the key, or every new visitor of a busy task would miss) and the times that read the clock
 * ("posted 3 minutes ago"), both drawn consistently with the embedded state the browser hydrates
 * from (renderedAt). A CDN keeping a visitor's page (Cache-Control s-maxage) serves the same age.
 */
import { createHash } from 'node:crypto';
import { ExpiringCache } from './store';

/** How long a rendered page is served again (its clock-dependent texts are at most this old). */
export const PAGE_TTL_MS = 10_000;

/** Pages kept per process (a task page is 40-120 KB of HTML). */
const MAX_PAGES = 300;

export interface RenderedPage {
  status: number;
  /** The HTML document, encoded once (a 40-120 KB string is not encoded again per request). */
  body: Buffer;
}

/** What answers may differ in without changing the page's key: the task's running view count. */
const VIEW_COUNT = /"views_count":\d+/g;

/** The digest of a page's URL, locale and API answers (in any order: queries run concurrently). */
export function pageKey(url: string, locale: string, answers: readonly string[]): string {
  const hash = createHash('sha256').update(`${locale}\n${url}\n`);
  for (const answer of [...answers].sort()) {
    hash.update(answer.replace(VIEW_COUNT, '"views_count":-')).update('\0');
  }
  return hash.digest('base64url');
}

/**
 * A visitor's page (no session cookie) kept by its URL alone, which is all a visitor's page is made
 * of besides the data: every visitor's queries get the same answers (the view count aside). Kept
 * until any task or user write in any process (the read model clears them all: cache/readModel.ts;
 * a counted view or a login elsewhere does not) or PAGE_TTL_MS, so a hit runs no query and no
 * render (a link shared to a crowd). What the queries did besides answering is done again on a
 * hit: a task page counts the visitor's view (`task`).
 */
export interface VisitorPage extends RenderedPage {
  task: { uuid: string; authorUuid: string; views_count: number } | null;
}

export function createPageCache(): ExpiringCache<RenderedPage> {
  return new ExpiringCache<RenderedPage>(MAX_PAGES);
}

/** One visitor page's render under way (VisitorPages.start). */
export interface VisitorRender {
  /** Keeps the page, unless something that clears the pages came since the render started. */
  keep(page: VisitorPage): void;
  /** Ends the render (a page not kept lets the visitors who waited render their own). */
  done(): void;
}

/**
 * The visitors' pages, with their own generation: a page is kept only if nothing that clears them
 * came while its queries ran (the bus's epoch also moves with every login and counted view, which
 * under a crowd would keep nothing). Visitors asking for a page whose render is under way wait for
 * it instead of rendering it again: a crowd right after a write costs one render.
 */
export class VisitorPages {
  private readonly map = new ExpiringCache<VisitorPage>(MAX_PAGES);
  private readonly rendering = new Map<
    string,
    { generation: number; page: Promise<VisitorPage | null> }
  >();
  private generation = 0;

  /** The kept page, or the one being rendered since the last write (null if it is not kept). */
  get(url: string): VisitorPage | Promise<VisitorPage | null> | undefined {
    const kept = this.map.get(url);
    if (kept) return kept;
    const render = this.rendering.get(url);
    return render && render.generation === this.generation ? render.page : undefined;
  }

  start(url: string): VisitorRender {
    const generation = this.generation;
    let settle!: (page: VisitorPage | null) => void;
    const page = new Promise<VisitorPage | null>((resolve) => {
      settle = resolve;
    });
    const entry = { generation, page };
    this.rendering.set(url, entry);
    let settled = false;
    const finish = (value: VisitorPage | null) => {
      if (settled) return;
      settled = true;
      if (this.rendering.get(url) === entry) this.rendering.delete(url);
      settle(value);
    };
    return {
      keep: (value) => {
        if (generation !== this.generation) return finish(null);
        this.map.set(url, value, PAGE_TTL_MS);
        finish(value);
      },
      done: () => finish(null),
    };
  }

  clear(): void {
    this.generation += 1;
    this.map.clear();
  }
}

/** Statuses worth keeping: the page, a missing page, a hidden task (never a failed render). */
export const CACHEABLE_STATUS = new Set([200, 404, 410]);
