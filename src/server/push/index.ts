/** Push: the hub (LISTEN/NOTIFY fan-out), its Fastify plugin, the SSE route. */
export {
  createPushHub,
  MAX_EVENT_BYTES,
  PUSH_CHANNEL,
  type PushEvent,
  type PushFilter,
  type PushHub,
  type PushSend,
  type TaskViewEvent,
} from './hub';
export { notifyTaskChanged, pushPlugin } from './plugin';
export { KEEP_ALIVE_MS, pushRoutes, RETRY_MS } from './routes';
