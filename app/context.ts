import type { Db, Dialect } from '~/db';

/** What every loader, action and wire handler gets from the server (DESIGN.md: one process, one database). */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  /** Secret for the stateless HMAC nonces; shared by every app process through the database or NONCE_SECRET. */
  nonceSecret: string;
  /** Per-response nonce for inline scripts under the Content-Security-Policy. */
  cspNonce: string;
  devMode: boolean;
}

declare module 'react-router' {
  interface AppLoadContext extends AppContext {}
}
