/**
 * Real API processes for the PostgreSQL suites: `node --import tsx src/server/main.ts` with its own
 * PORT, plus a cookie-keeping HTTP client and an SSE reader, both over real sockets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../../scripts/pg.mjs';

const ROOT = path.resolve(__dirname, '../../..');

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startApi(
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      MAP_TILE_URL: '',
      RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 40_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}):\n${out}`);
    const ok = await fetch(`${base}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`API did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Like the SPA: keeps cookies (one jar for any number of servers) and echoes XSRF-TOKEN. */
export class Browser {
  readonly cookies = new Map<string, string>();

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    base: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const mutating = method !== 'GET';
    if (mutating && !this.cookies.has('XSRF-TOKEN')) await this.request(base, 'GET', '/api/health');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    if (mutating) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(base + url, { method, headers, body: payload });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { text };
    }
    return { status: res.status, json };
  }
}

export interface SseClient {
  events: { handler: string; [key: string]: unknown }[];
  /** Resolves when an event matching arrives (or is already there); rejects after ms. */
  next: (
    match: (event: { handler: string; [key: string]: unknown }) => boolean,
    ms?: number,
  ) => Promise<void>;
  /** Resolves when the server ends the stream; rejects after ms. */
  ended: (ms?: number) => Promise<void>;
  close: () => void;
}

export function openSse(base: string, pathAndQuery: string, cookie?: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      base + pathAndQuery,
      { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`push answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const events: SseClient['events'] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let index: number;
          while ((index = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
            }
          }
          for (const wake of [...waiters]) wake();
        });
        res.on('error', () => undefined);
        resolve({
          events,
          next: (match, ms = 3000) =>
            new Promise<void>((done, fail) => {
              const check = () => {
                if (!events.some(match)) return;
                waiters.delete(check);
                clearTimeout(timer);
                done();
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no matching push event within ${ms} ms`));
              }, ms);
              waiters.add(check);
              check();
            }),
          ended: (ms = 3000) =>
            new Promise<void>((done, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`the stream is still open after ${ms} ms`)),
                ms,
              );
              const finish = () => {
                clearTimeout(timer);
                done();
              };
              if (res.complete) finish();
              else res.once('end', finish);
            }),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
  });
}
