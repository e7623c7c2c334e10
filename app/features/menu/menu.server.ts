import { z } from 'zod';
import type { Db } from '~/db';
import { defineRestRoute } from '~/wire/registry.server';
import { buildMenuTree, type MenuNode, menuItemsWire } from './model';

/** A menu's item tree by slug or by theme location (`main`, `footer`); empty when there is none. */
export async function getMenu(db: Db, by: { slug?: string; location?: string; id?: number }): Promise<MenuNode[]> {
  let q = db.selectFrom('menu').select('id');
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  else if (by.slug !== undefined) q = q.where('slug', '=', by.slug);
  else if (by.location !== undefined) q = q.where('location', '=', by.location);
  else return [];
  const menu = await q.executeTakeFirst();
  if (!menu) return [];
  const rows = await db
    .selectFrom('menu_item')
    .select([
      'id',
      'parent_id',
      'title',
      'url',
      'target',
      'classes',
      'mega_template_id',
      'icon',
      'badge',
      'description',
    ])
    .where('menu_id', '=', menu.id)
    .orderBy('parent_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return buildMenuTree(rows);
}

/**
 * Call 4: the mobile menu's items (original-wire.md §5), answered bare as `{ data: { items } }`.
 * A read: the nonce header is accepted but not required, so cached pages never break the menu (§9.6).
 */
export const menuItemsRoute = (path: string) =>
  defineRestRoute({
    path,
    methods: ['GET'],
    nonce: false,
    input: z.object({
      menu_id: z.union([z.string().regex(/^\d{1,9}$/), z.number().int()]).transform(Number),
      dev: z.string().optional(),
      lang: z.string().max(20).optional(),
    }),
    async handle({ menu_id }, ctx) {
      return { data: { items: menuItemsWire(await getMenu(ctx.db, { id: menu_id })) } };
    },
  });
