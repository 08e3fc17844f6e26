/**
 * Admission pacing: new requests start their work in first-come order, and at most about
 * `turnBudgetMs` of it per turn of the event loop, so the loop keeps turning under load.
 *
 * Why: libuv (Node 20) accepts one new connection per turn of the event loop (libuv PR #3696 took
 * out the accept loop), and one turn serves every request that is ready on every open connection.
 * When the process is busy, a turn with 100 keep-alive connections takes 100 x the work of a request
 * (with the embedded PGlite a request's queries run synchronously inside its promise chain: ~10 ms),
 * so a burst of new connections waits in the kernel's accept queue for one turn each: the 60th waited
 * over 10 s in `npm run bench` (docs/PERFORMANCE.md, load). Held here, a request waits in a fair
 * queue instead, the loop turns every ~turnBudgetMs, and every connection is accepted and served.
 *
 * The first onRequest hook of the app, so nothing else runs before a request is admitted. Requests
 * are only paced at their start: a long-lived one (the push stream) holds no slot. The API calls a
 * server render makes in-process (render/apiTransport.ts, `insideAdmitted`) are part of the page
 * request that was admitted already: queued again behind every newer request, a page's three
 * rounds of queries waited for the whole queue each (a page took seconds under load).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';

export const ADMISSION_TURN_BUDGET_MS = 10;

export interface Admission {
  /** Resolves when this request may start its work. */
  admit(): Promise<void>;
  /** Requests waiting to start. */
  readonly waiting: number;
}

/**
 * Each admission runs in its own setImmediate callback, so Node runs the admitted request's
 * synchronous work (its microtasks) before the next check; once a turn has spent turnBudgetMs, the
 * rest wait for the next turn (setImmediate callbacks queued while the check phase runs wait for it).
 */
export function createAdmission(turnBudgetMs = ADMISSION_TURN_BUDGET_MS): Admission {
  const queue: Array<() => void> = [];
  let head = 0;
  let pending = 0;
  let turnStart = -1;

  const next = (): (() => void) | undefined => {
    if (head >= queue.length) return undefined;
    const resolve = queue[head];
    head += 1;
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    return resolve;
  };

  const step = () => {
    const now = performance.now();
    if (turnStart < 0) turnStart = now;
    if (now - turnStart <= turnBudgetMs) next()?.();
    pending -= 1;
    if (pending === 0) schedule();
  };

  function schedule() {
    const waiting = queue.length - head;
    if (pending > 0 || waiting === 0) return;
    pending = waiting;
    turnStart = -1;
    for (let i = 0; i < waiting; i += 1) setImmediate(step);
  }

  return {
    admit() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        schedule();
      });
    },
    get waiting() {
      return queue.length - head;
    },
  };
}

/** Set while a request that was admitted makes in-process requests (app.inject) of its own. */
const admitted = new AsyncLocalStorage<true>();

/** Runs `work` (in-process requests of an admitted request) without queueing them again. */
export function insideAdmitted<T>(work: () => T): T {
  return admitted.run(true, work);
}

declare module 'fastify' {
  interface FastifyInstance {
    admission: Admission;
  }
}

export const admissionPlugin = fp<{ turnBudgetMs?: number }>(
  async (app, options) => {
    const admission = createAdmission(options.turnBudgetMs);
    app.decorate('admission', admission);
    app.addHook('onRequest', async () => {
      if (admitted.getStore()) return;
      await admission.admit();
    });
  },
  { name: 'talka-admission' },
);
