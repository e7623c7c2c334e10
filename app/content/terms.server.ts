import type { Db } from '~/db';
import { rememberFor } from '~/lib/remember.server';
import { type TermTree, termTreeOf } from './terms';

const rememberedTrees = rememberFor<TermTree>(5_000);

/** One taxonomy's terms (a few dozen at most: read whole, remembered briefly). */
export function getTermTree(db: Db, taxonomy: string): Promise<TermTree> {
  return rememberedTrees(db, taxonomy, async () => {
    const rows = await db
      .selectFrom('term')
      .select(['id', 'name', 'slug', 'parent_id'])
      .where('taxonomy', '=', taxonomy)
      .execute();
    return termTreeOf(
      taxonomy,
      rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, parentId: r.parent_id })),
    );
  });
}

/** The terms of one taxonomy on the posts `postIds`, by id (a post of a single category shows its first). */
export function postTerms(db: Db, postIds: readonly number[], taxonomy: string) {
  return db
    .selectFrom('post_term as pt')
    .innerJoin('term as t', 't.id', 'pt.term_id')
    .select(['pt.post_id', 't.id', 't.slug', 't.name'])
    .where('pt.post_id', 'in', postIds)
    .where('t.taxonomy', '=', taxonomy)
    .orderBy('t.id')
    .execute();
}

/** Whether every id names a news category (a staff form's categories, checked before a save). */
export async function allNewsCategories(db: Db, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const known = await db
    .selectFrom('term')
    .select('id')
    .where('taxonomy', '=', 'category')
    .where('id', 'in', unique)
    .execute();
  return known.length === unique.length;
}
