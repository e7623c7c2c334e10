import type { FilterQuery } from '../model';

/** The query as the wire carries it: a sort object as JSON text (original-wire.md §2.3). */
export function wireQuery(query: FilterQuery): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    out[key] = typeof value === 'string' || Array.isArray(value) ? value : JSON.stringify(value);
  }
  return out;
}
