/** Fastify type augmentation shared by the app's plugins and routes. */
import type { Locale } from '../shared/locales';
import type { Db } from './db/db';
import type { ServerConfig } from '../../config';
import type { UserRow } from './users';

export type SessionState = 'none' | 'valid' | 'expired';

/** One registered route: its method and full url with parameters (e.g. '/api/tasks/:uuid'). */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    /** Every route registered so far, in order (HEAD twins included). */
    routeTable: readonly RouteEntry[];
  }
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor (resolved for API routes). */
    user: UserRow | null;
    /** sha256 id of the current session row, when there is one. */
    sessionId: string | null;
    /** 'expired' when a session cookie came but no longer matches a live session. */
    sessionState: SessionState;
    /** Language for server messages, from Accept-Language. */
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** Skip session lookup (health check must answer even when the database is down). */
    skipSession?: boolean;
  }
}
