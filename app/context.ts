import type { Db, Dialect } from '~/db';
import type { ServerHtml } from '~/lib/server-html';
import type { SessionUser } from '~/lib/user';

/** What every loader, action and wire handler gets from the server (DESIGN.md: one process, one database). */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  /** Secret for the stateless HMAC nonces; shared by every app process through the database or NONCE_SECRET. */
  nonceSecret: string;
  /** Per-response nonce for inline scripts under the Content-Security-Policy. */
  cspNonce: string;
  devMode: boolean;
  /** This document request's server-rendered HTML blocks; null on data requests (see lib/server-html). */
  serverHtml: ServerHtml | null;
  /** The signed-in user of a request (session cookie), read once per request; null for visitors. */
  userOf: (request: Request) => Promise<SessionUser | null>;
}

declare module 'react-router' {
  interface AppLoadContext extends AppContext {}
}
