/**
 * A per-process copy of a database read, reused for `ttlMs` (site settings, the header and footer,
 * listing totals). A copy, never state: any process may drop or rebuild it, and a failed read is
 * not kept. Entries belong to one database, so tests on several database files never mix.
 */
export function rememberFor<V>(ttlMs: number, maxKeys = 500) {
  const entries = new Map<string, { at: number; db: object; value: Promise<V> }>();
  return (db: object, key: string, read: () => Promise<V>): Promise<V> => {
    const hit = entries.get(key);
    if (hit && hit.db === db && Date.now() - hit.at < ttlMs) return hit.value;
    if (entries.size >= maxKeys) entries.clear();
    const value = read();
    entries.set(key, { at: Date.now(), db, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
