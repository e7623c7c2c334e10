import type { Db } from '~/db';
import { freeSlug } from './slug';

/**
 * The first of `base`, `base-2` … that no post of `types` has, but `ownId` (a post keeps its own slug);
 * `reserved` slugs count as taken too.
 */
export async function freePostSlug(
  db: Db,
  types: readonly string[],
  base: string,
  ownId: number | null = null,
  reserved: Iterable<string> = [],
): Promise<string> {
  const rows = await db
    .selectFrom('post')
    .select(['id', 'slug'])
    .where('type', 'in', types)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return freeSlug(base, new Set([...reserved, ...rows.filter((r) => r.id !== ownId).map((r) => r.slug)]));
}
