import { type Kysely, sql } from 'kysely';

/**
 * The staff area's reviews (issue 14): a rejected review is kept but never shown (`review.rejected`;
 * pending is neither approved nor rejected), and each source may ask for the captcha on its own
 * (`review_source.captcha`; the site option `reviewsCaptcha` still asks for it everywhere). The queue
 * reads the whole site's reviews newest first, by status.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  const flag = (column: string) => sql`${sql.ref(column)} in (0, 1)`;
  await db.schema
    .alterTable('review')
    .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0).check(flag('rejected')))
    .execute();
  await db.schema
    .alterTable('review_source')
    .addColumn('captcha', 'integer', (c) => c.notNull().defaultTo(0).check(flag('captcha')))
    .execute();
  await db.schema
    .createIndex('review_queue')
    .on('review')
    .columns(['approved', 'rejected', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('review_newest').on('review').columns(['created_at', 'id']).execute();
}
