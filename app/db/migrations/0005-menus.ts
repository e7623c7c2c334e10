import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The header menus (issue 12): the item fields of the mobile menu call that 0001 did not store
 * (original-wire.md §5: attrTitle, xfn, megaContentType) and each menu's own settings (layout,
 * toggle, loader, hover or click, mega width, breadcrumbs…), a JSON object checked by
 * features/menu/settings.ts. SQLite adds one column per statement.
 */
export async function up(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  // A JSON object in a text column, refused by the database otherwise.
  const jsonObject = (column: string): RawBuilder<unknown> =>
    pg
      ? sql`jsonb_typeof(${sql.ref(column)}::jsonb) = 'object'`
      : sql`json_valid(${sql.ref(column)}) and json_type(${sql.ref(column)}) = 'object'`;

  await db.schema.alterTable('menu_item').addColumn('attr_title', 'varchar(200)').execute();
  await db.schema.alterTable('menu_item').addColumn('xfn', 'varchar(100)').execute();
  await db.schema
    .alterTable('menu_item')
    .addColumn('mega_content_type', 'varchar(20)', (c) =>
      c.notNull().defaultTo('elementor').check(sql`mega_content_type in ('elementor', 'default')`),
    )
    .execute();
  await db.schema
    .alterTable('menu')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}').check(jsonObject('settings')))
    .execute();
}
