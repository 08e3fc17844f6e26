/**
 * The API in-process, for a server render's store (setupStore's `transport`, src/web/app/store.ts):
 * each request the page's RTK Query endpoints make goes through Fastify's `inject` into this very
 * app, with the page request's cookies and address, so it passes the same hooks (session, CSRF,
 * rate limit, admission) and gets exactly the answer the browser would get for this viewer.
 *
 * Cookies the API sets on the way (a visitor's `talka_vid` when a task load counts a view, a
 * rotated session) go into the jar for the next calls of the same render and are handed back with
 * `setCookies()`, for the page's response: the browser ends up as if it had made the calls itself.
 */
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { insideAdmitted } from '../plugins/admission';

/** Structurally the SPA's ApiTransport (src/web/api/baseQuery.ts): the server never imports it. */
export interface InjectTransport {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
}

export interface PageApiTransport {
  transport: InjectTransport;
  /** The Set-Cookie headers the API answered with during this render, one per cookie name. */
  setCookies: () => string[];
  /**
   * Every answer the API gave this render, as `METHOD path status` and the body, in the order
   * they came: with the URL and locale, all a page's markup is made of (the page cache's key).
   */
  answers: () => string[];
}

/** A fixed origin: only the path reaches inject; the host never leaves the process. */
const ORIGIN = 'http://talka.internal';

function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return jar;
}

const asList = (value: string | string[] | number | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [String(value)];

/** What the transport takes from the page's request: its headers (cookies) and address. */
export type PageRequest = Pick<FastifyRequest, 'headers' | 'ip'>;

export function apiTransport(app: FastifyInstance, page: PageRequest): PageApiTransport {
  // Only the path of apiBase matters in-process (it may be absolute for a separate API host).
  const apiBase = new URL(app.config.public.apiBase, ORIGIN).pathname.replace(/\/$/, '');
  const jar = parseCookieHeader(page.headers.cookie);
  const setCookies = new Map<string, string>();
  const answers: string[] = [];

  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const userAgent = page.headers['user-agent'];
    if (userAgent) headers['user-agent'] = userAgent;
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : Buffer.from(await request.arrayBuffer());
    // Part of the page request, which was admitted already (plugins/admission.ts).
    const response = await insideAdmitted(() =>
      app.inject({
        method: request.method as InjectOptions['method'],
        url: `${url.pathname}${url.search}`,
        headers,
        payload: body,
        // The viewer's address: rate limits and logs see who asked, not 127.0.0.1.
        remoteAddress: page.ip,
      }),
    );

    const out = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of asList(value)) out.append(name, item);
    }
    for (const item of asList(response.headers['set-cookie'])) {
      const [pair] = item.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      jar.set(name, pair.slice(index + 1).trim());
      setCookies.set(name, item);
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    answers.push(
      `${request.method} ${url.pathname}${url.search} ${response.statusCode}\n${empty ? '' : response.body}`,
    );
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: out,
    });
  };

  return {
    transport: { baseUrl: `${ORIGIN}${apiBase}`, fetch },
    setCookies: () => [...setCookies.values()],
    answers: () => [...answers],
  };
}
