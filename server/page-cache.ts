import { lruCache } from '../app/lib/cache.server';

/** A cached page: the HTML once, gzipped once, with the headers it was sent with (including its CSP). */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  gzip: Buffer;
}

/**
 * Whole-page cache for anonymous visitors (issue 2 figures). It holds copies, not state: every
 * process may drop or rebuild an entry at any time, and entries expire after `ttlMs`.
 * A cached page carries no per-visitor data; the client fetches its nonce.
 */
export class PageCache {
  private readonly entries;

  constructor(ttlMs: number, maxEntries = 500) {
    this.entries = lruCache<CachedPage>({ max: maxEntries, ttlMs });
  }

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  /** Keeps a page; `gzip` is its body gzipped (off the event loop, by the caller). */
  set(key: string, status: number, headers: Headers, body: Buffer, gzip: Buffer): CachedPage {
    const page: CachedPage = {
      status,
      headers: [...headers.entries()].filter(([k]) => k !== 'content-length' && k !== 'set-cookie'),
      body,
      gzip,
    };
    this.entries.set(key, page);
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
