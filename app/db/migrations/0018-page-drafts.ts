import type { Kysely } from 'kysely';

/**
 * The page editor (issue 14 "Pages"): staff edit a draft copy of a page's or template's element tree
 * (`post.draft_tree`, null when there is none), so the public page changes only when the draft is
 * published. `post.tree_version` counts every change of either tree: a form carries the number it was
 * opened on, and a save over another editor's change is refused (optimistic concurrency). A published
 * tree's previous version is kept as a revision (`post_revision.tree`). Not in `post_meta`: its
 * value index cannot hold a whole tree on PostgreSQL (a btree entry is at most about 2.7 kB).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('post').addColumn('draft_tree', 'text').execute();
  await db.schema.alterTable('post').addColumn('draft_saved_at', 'varchar(24)').execute();
  await db.schema
    .alterTable('post')
    .addColumn('tree_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('post_revision').addColumn('tree', 'text').execute();
}
