import { lruCache } from './cache.server';
import { contentVersion } from './content-version.server';

/**
 * A per-process copy of a database read, reused for `ttlMs` (site settings, the header and footer,
 * listing totals). A copy, never state: any process may drop or rebuild it, and a failed read is
 * not kept. Entries belong to one database, so tests on several database files never mix; readers
 * that arrive while a read runs share it. A change made by staff (a newer content version) ends every
 * copy at once.
 */
export function rememberFor<V>(ttlMs: number, maxKeys = 500) {
  const entries = lruCache<{ db: object; version: number; value: Promise<V> }>({ max: maxKeys, ttlMs });
  return (db: object, key: string, read: () => Promise<V>): Promise<V> => {
    const version = contentVersion(db);
    const hit = entries.get(key);
    if (hit && hit.db === db && hit.version === version) return hit.value;
    const value = read();
    const entry = { db, version, value };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}
