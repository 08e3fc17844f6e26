import { normalizeIP } from '@fastify/rate-limit';

/**
 * The client's address as every per-address limit counts it (an IPv6 client by its /64 network, as
 * the rate-limit plugin does). A request whose connection closed while it waited for admission has no
 * address any more; the plugin's own key generator throws on it (a 500 and a stack trace in the log
 * for a client that has gone). Those share one key: the answer is never read.
 */
export function rateLimitKey(request: { ip?: string }): string {
  return request.ip ? normalizeIP(request.ip, 64) : 'connection-closed';
}
