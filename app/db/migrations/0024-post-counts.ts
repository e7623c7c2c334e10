import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Issue 24: the staff news list shows how many posts each status has. Counting them walked the
 * `post_listing` index, 100,000 entries on every request (4.5 ms on SQLite). `post_count` keeps the
 * number of posts per type and status, kept by triggers so that every writer keeps it exact (the write
 * side, seeds, the bench, a test's direct SQL), in the writing transaction.
 *
 * PostgreSQL counts inserts and deletes once per statement (a seed's bulk insert is one upsert per
 * type and status), and a change of type or status per row; each upsert takes its rows in (type,
 * status) order, so two transactions changing the same counts wait for each other but never deadlock
 * within one statement.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration reads and writes tables of its own time
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('post_count')
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_count_pk', ['type', 'status'])
    .execute();
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
  // After the triggers, in the migration's transaction: no write falls between the count and them.
  await sql`insert into post_count (type, status, n) select type, status, count(*) from post group by type, status`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: as above
async function sqliteTriggers(db: Kysely<any>) {
  const add = (row: 'new' | 'old', n: 1 | -1) =>
    sql.raw(`insert into post_count (type, status, n) values (${row}.type, ${row}.status, ${n})
      on conflict (type, status) do update set n = n + ${n};`);
  await sql`create trigger post_count_insert after insert on post begin ${add('new', 1)} end`.execute(db);
  await sql`create trigger post_count_delete after delete on post begin ${add('old', -1)} end`.execute(db);
  await sql`create trigger post_count_update after update of type, status on post
    when old.type is not new.type or old.status is not new.status
    begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
async function postgresTriggers(db: Kysely<any>) {
  // `rows`: a statement's (type, status, change) rows, summed and applied in key order.
  const apply = (rows: string) =>
    sql.raw(`insert into post_count as c (type, status, n)
      select type, status, sum(d) from (${rows}) r group by type, status having sum(d) <> 0 order by type, status
      on conflict (type, status) do update set n = c.n + excluded.n;`);
  await sql`create function post_count_insert() returns trigger language plpgsql as $$
    begin ${apply('select type, status, 1 as d from new_rows')} return null; end $$`.execute(db);
  await sql`create function post_count_delete() returns trigger language plpgsql as $$
    begin ${apply('select type, status, -1 as d from old_rows')} return null; end $$`.execute(db);
  await sql`create function post_count_update() returns trigger language plpgsql as $$
    begin ${apply('select old.type as type, old.status as status, -1 as d union all select new.type, new.status, 1')}
    return null; end $$`.execute(db);
  await sql`create trigger post_count_insert after insert on post referencing new table as new_rows
    for each statement execute function post_count_insert()`.execute(db);
  await sql`create trigger post_count_delete after delete on post referencing old table as old_rows
    for each statement execute function post_count_delete()`.execute(db);
  // Per row, and only when the type or status changes: most updates (a body, a title) pass by.
  await sql`create trigger post_count_update after update of type, status on post for each row
    when (old.type is distinct from new.type or old.status is distinct from new.status)
    execute function post_count_update()`.execute(db);
}
