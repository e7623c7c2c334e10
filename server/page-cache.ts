import { gzipSync } from 'node:zlib';

/** A cached page: the HTML once, gzipped once, with the headers it was sent with (including its CSP). */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  gzip: Buffer;
  expires: number;
}

/**
 * Whole-page cache for anonymous visitors (issue 2 figures). It holds copies, not state: every
 * process may drop or rebuild an entry at any time, and entries expire after `ttlMs`.
 * A cached page carries no per-visitor data; the client fetches its nonce.
 */
export class PageCache {
  private entries = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Map order doubles as recency for a simple LRU.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, status: number, headers: Headers, body: Buffer): CachedPage {
    const page: CachedPage = {
      status,
      headers: [...headers.entries()].filter(([k]) => k !== 'content-length' && k !== 'set-cookie'),
      body,
      gzip: gzipSync(body, { level: 6 }),
      expires: Date.now() + this.ttlMs,
    };
    this.entries.set(key, page);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return page;
  }

  clear() {
    this.entries.clear();
  }
}

/** Whether a request may be answered from, and stored in, the page cache. */
export function isCacheable(method: string, path: string, cookie: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path.startsWith('/wp-admin/') || path.startsWith('/wp-json/')) return false;
  // Signed-in visitors (a session cookie) always get a fresh page.
  return !cookie || !/(^|;\s*)(session|wordpress_logged_in)[^=]*=/.test(cookie);
}
