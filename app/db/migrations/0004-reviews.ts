import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../dialect';

/**
 * Reviews (issue 4): review types, per-post-type settings, reviews, votes and comments. The rules
 * that must hold whatever the code does are constraints: one review per author and post, one vote
 * per voter and review, ratings in 0-100, flags 0 or 1.
 */
export async function up(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  const json = (column: string) =>
    pg ? sql`(${sql.ref(column)}::jsonb) is not null` : sql`json_valid(${sql.ref(column)})`;
  const flag = (column: string) => sql`${sql.ref(column)} in (0, 1)`;

  await db.schema
    .createTable('review_type')
    .addColumn('id', 'integer', withId(db))
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull().check(json('fields')))
    .execute();

  await db.schema
    .createTable('review_source')
    .addColumn('post_type', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('review_type_id', 'integer', (c) => c.notNull().references('review_type.id'))
    .addColumn('allow_guests', 'integer', (c) => c.notNull().check(flag('allow_guests')))
    .addColumn('comments_allowed', 'integer', (c) => c.notNull().check(flag('comments_allowed')))
    .addColumn('approval_allowed', 'integer', (c) => c.notNull().check(flag('approval_allowed')))
    .addColumn('needs_moderation', 'integer', (c) => c.notNull().check(flag('needs_moderation')))
    .addColumn('widget', 'varchar(10)', (c) => c.notNull().defaultTo('full').check(sql`widget in ('full', 'simple')`))
    .execute();

  await db.schema
    .createTable('review')
    .addColumn('id', 'integer', withId(db))
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
    .addColumn('author_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('author_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('author_mail', 'varchar(254)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('rating_data', 'text', (c) => c.notNull().check(json('rating_data')))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 0 and 100`))
    .addColumn('approved', 'integer', (c) => c.notNull().check(flag('approved')))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0).check(flag('pinned')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('review_one_per_author', ['post_id', 'author_key'])
    .execute();
  // The public list: one post's approved reviews, pinned first, newest first (call 9).
  await db.schema
    .createIndex('review_list')
    .on('review')
    .columns(['post_id', 'approved', 'pinned', 'created_at', 'id'])
    .execute();
  // The count and average of a post's approved reviews, read from the index alone.
  await db.schema.createIndex('review_rating').on('review').columns(['post_id', 'approved', 'rating']).execute();

  await db.schema
    .createTable('review_vote')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('review.id').onDelete('cascade'))
    .addColumn('voter_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('vote', 'integer', (c) => c.notNull().check(sql`vote in (1, -1)`))
    .addPrimaryKeyConstraint('review_vote_pk', ['review_id', 'voter_key'])
    .execute();

  await db.schema
    .createTable('review_comment')
    .addColumn('id', 'integer', withId(db))
    .addColumn('review_id', 'integer', (c) => c.notNull().references('review.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('review_comment.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
    .addColumn('author_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('author_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('author_mail', 'varchar(254)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull().check(flag('approved')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_comment_by_review').on('review_comment').columns(['review_id', 'id']).execute();

  // A post's approved reviews counted and summed in the transactions that change them (a new review adds
  // itself, moderation recomputes from the reviews): the list answers its total and average from one row.
  await db.schema
    .createTable('review_summary')
    .addColumn('post_id', 'integer', (c) => c.primaryKey().references('post.id').onDelete('cascade'))
    .addColumn('approved_count', 'integer', (c) => c.notNull().check(sql`approved_count >= 0`))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().check(sql`rating_sum >= 0`))
    .execute();

  // Captcha solutions are single use across every app process: a used one is remembered until its
  // challenge expires.
  await db.schema
    .createTable('review_captcha_used')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_captcha_used_expiry').on('review_captcha_used').column('expires_at').execute();
}
