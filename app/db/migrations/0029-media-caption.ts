import type { Kysely } from 'kysely';

/**
 * An image's caption (issue 26: a WordPress attachment's caption is kept, not only inside the bodies that used it).
 * Shown under the photo in a gallery item's slider and lightbox, edited beside its alt text in the album editor;
 * '' is no caption.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('media')
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
