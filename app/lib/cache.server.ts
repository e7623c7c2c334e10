import { LRUCache } from 'lru-cache';

/**
 * The one in-process cache of the site (lru-cache): at most `max` entries, the least recently used
 * dropped first, each kept `ttlMs` when given. Caches hold copies, never state: any process may
 * drop or rebuild an entry at any time. Time is read from `Date.now()`, so tests may move it.
 */
export function lruCache<V extends {}>(options: { max: number; ttlMs?: number }): LRUCache<string, V> {
  return new LRUCache<string, V>({
    max: options.max,
    ...(options.ttlMs ? { ttl: options.ttlMs, ttlResolution: 0 } : {}),
    perf: { now: () => Date.now() },
  });
}
