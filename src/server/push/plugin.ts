/**
 * Registers the push hub: decorates `app.push`, LISTENs when the app is ready, ends every open SSE
 * stream before the server closes (an open stream would keep close() waiting), then UNLISTENs.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createPushHub, type PushHub } from './hub';
import '../types';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushHub;
    /** Ends the open SSE streams of this process (the hub calls them on close). */
    pushStreams: Set<() => void>;
  }
}

export const pushPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = createPushHub(app.db, {
      onError: (err) => app.log.warn({ err }, 'push: a subscriber failed'),
    });
    app.decorate('push', hub);
    app.decorate('pushStreams', new Set<() => void>());
    app.addHook('onReady', async () => {
      await hub.start();
    });
    app.addHook('preClose', async () => {
      for (const end of [...app.pushStreams]) end();
    });
    app.addHook('onClose', async () => {
      await hub.close();
    });
  },
  { name: 'talka-push' },
);

/**
 * Tells every open page of the task (in every API process) that it changed: they refetch. Call it
 * after the change is committed. Never throws: a lost push must not fail the request that changed
 * the task (the page still shows fresh data on its next load).
 */
export async function notifyTaskChanged(app: FastifyInstance, taskUuid: string): Promise<void> {
  try {
    await app.push.publishTask(taskUuid);
  } catch (err) {
    app.log.warn({ err, taskUuid }, 'push: publishing tasks.view failed');
  }
}
