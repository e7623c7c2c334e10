import type { Db } from '~/db';
import { freeSlug } from './slug';

/** Candidates read per step: a title used 20 times over is rare, so one step is the rule. */
const SLUGS_PER_READ = 20;

/**
 * The first of `base`, `base-2` … that no post of `types` has, but `ownId` (a post keeps its own slug);
 * `reserved` slugs count as taken too. The candidates are looked up by equality, 20 at a time, along
 * the (type, slug) index: a prefix match (`like 'base-%'`) walked every post of the types.
 */
export async function freePostSlug(
  db: Db,
  types: readonly string[],
  base: string,
  ownId: number | null = null,
  reserved: Iterable<string> = [],
): Promise<string> {
  const taken = new Set(reserved);
  for (let first = 1; ; first += SLUGS_PER_READ) {
    const candidates = Array.from({ length: SLUGS_PER_READ }, (_, i) => suffixed(base, first + i));
    const rows = await db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', 'in', types)
      .where('slug', 'in', candidates)
      .execute();
    for (const r of rows) if (r.id !== ownId) taken.add(r.slug);
    const free = freeSlug(base, taken);
    if (candidates.includes(free)) return free;
  }
}

/** The `n`th candidate of freeSlug's sequence: `base`, then `base-2`, `base-3` … */
function suffixed(base: string, n: number): string {
  return n === 1 ? base : `${base}-${n}`;
}
