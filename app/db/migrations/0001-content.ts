import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from '../dialect';

/** The content model (issue 2): posts, terms, typed meta, media, menus, users, options. */
export async function up(db: Kysely<unknown>) {
  const pg = isPostgres(db);

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'integer', withId(db))
    .addColumn('login', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) =>
      c.notNull().check(sql`role in ('administrator', 'editor', 'author', 'subscriber')`),
    )
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', withId(db))
    .addColumn('file', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('sizes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('post')
    .addColumn('id', 'integer', withId(db))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('publish', 'draft', 'private')`))
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().check(sql`slug <> ''`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tree', 'text')
    .addColumn('parent_id', 'integer', (c) => c.references('post.id').onDelete('set null'))
    .addColumn('author_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('featured_media_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('published_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('modified_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('post_type_slug', ['type', 'slug'])
    .execute();
  // Listings read newest first by type and status; id breaks ties so paging never repeats a post.
  await db.schema.createIndex('post_listing').on('post').columns(['type', 'status', 'published_at', 'id']).execute();
  await db.schema.createIndex('post_slug').on('post').columns(['slug', 'status']).execute();

  await db.schema
    .createTable('term')
    .addColumn('id', 'integer', withId(db))
    .addColumn('taxonomy', 'varchar(40)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'integer', (c) => c.references('term.id').onDelete('set null'))
    .addUniqueConstraint('term_taxonomy_slug', ['taxonomy', 'slug'])
    .execute();
  await db.schema.createIndex('term_parent').on('term').columns(['taxonomy', 'parent_id']).execute();

  await db.schema
    .createTable('post_term')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
    .addColumn('term_id', 'integer', (c) => c.notNull().references('term.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_term_pk', ['post_id', 'term_id'])
    .execute();
  await db.schema.createIndex('post_term_by_term').on('post_term').columns(['term_id', 'post_id']).execute();

  await db.schema
    .createTable('post_meta')
    .addColumn('id', 'integer', withId(db))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
    .addColumn('meta_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('value_text', 'text')
    .addColumn('value_number', 'double precision')
    .addColumn('value_date', 'varchar(24)')
    .addCheckConstraint(
      'post_meta_one_value',
      sql`(case when value_text is null then 0 else 1 end) + (case when value_number is null then 0 else 1 end) + (case when value_date is null then 0 else 1 end) = 1`,
    )
    .execute();
  await db.schema.createIndex('post_meta_by_post').on('post_meta').columns(['post_id', 'meta_key']).execute();
  await db.schema
    .createIndex('post_meta_number')
    .on('post_meta')
    .columns(['meta_key', 'value_number', 'post_id'])
    .execute();
  await db.schema
    .createIndex('post_meta_text')
    .on('post_meta')
    .columns(['meta_key', 'value_text', 'post_id'])
    .execute();
  await db.schema
    .createIndex('post_meta_date')
    .on('post_meta')
    .columns(['meta_key', 'value_date', 'post_id'])
    .execute();

  await db.schema
    .createTable('menu')
    .addColumn('id', 'integer', withId(db))
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'varchar(100)', (c) => c.unique())
    .execute();

  await db.schema
    .createTable('menu_item')
    .addColumn('id', 'integer', withId(db))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('menu_item.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('target', 'varchar(20)')
    .addColumn('icon', 'varchar(100)')
    .addColumn('badge', 'varchar(100)')
    .addColumn('description', 'text')
    .addColumn('mega_template_id', 'integer', (c) => c.references('post.id').onDelete('set null'))
    .addColumn('classes', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('menu_item_tree').on('menu_item').columns(['menu_id', 'parent_id', 'position']).execute();

  await db.schema
    .createTable('site_option')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // Full-text search (DESIGN.md: FTS5 on SQLite, tsvector on PostgreSQL, one interface in features/search).
  if (pg) {
    await sql`alter table post add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('simple', coalesce(excerpt, '')), 'B') ||
      setweight(to_tsvector('simple', coalesce(content, '')), 'C')) stored`.execute(db);
    await sql`create index post_search on post using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table post_fts using fts5(title, excerpt, content, content='post', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger post_fts_insert after insert on post begin
      insert into post_fts(rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content); end`.execute(
      db,
    );
    await sql`create trigger post_fts_delete after delete on post begin
      insert into post_fts(post_fts, rowid, title, excerpt, content) values ('delete', old.id, old.title, old.excerpt, old.content); end`.execute(
      db,
    );
    await sql`create trigger post_fts_update after update of title, excerpt, content on post begin
      insert into post_fts(post_fts, rowid, title, excerpt, content) values ('delete', old.id, old.title, old.excerpt, old.content);
      insert into post_fts(rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content); end`.execute(
      db,
    );
  }
}
