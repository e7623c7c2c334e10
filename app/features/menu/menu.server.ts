import { z } from 'zod';
import type { Db } from '~/db';
import { NotFound } from '~/lib/errors';
import { rememberFor } from '~/lib/remember.server';
import { defineRestRoute, wireId } from '~/wire/registry.server';
import { menuIconSvg } from './icons.server';
import { buildMenuTree, type MenuNode, menuItemsWire } from './model';
import { type MenuSettings, parseMenuSettings } from './settings';

/** A stored menu: its row, its settings and its item tree. */
export interface Menu {
  id: number;
  slug: string;
  name: string;
  location: string | null;
  settings: MenuSettings;
  items: MenuNode[];
}

/** How a menu is named: by id (the wire), slug (the nav-menu widget) or theme location (`main`, `footer`). */
export type MenuRef = { id: number } | { slug: string } | { location: string };

// Menus change only when staff edit them: each process keeps one a few seconds (call 4 stays cheap).
const remembered = rememberFor<Menu | null>(5_000, 100);

const refKey = (by: MenuRef) =>
  'id' in by ? `id:${by.id}` : 'slug' in by ? `slug:${by.slug}` : `location:${by.location}`;

/** A menu with its settings and items, or null when there is none. */
export function loadMenu(db: Db, by: MenuRef): Promise<Menu | null> {
  return remembered(db, refKey(by), () => readMenu(db, by));
}

/** A menu's item tree by slug, theme location or id; empty when there is none. */
export async function getMenu(db: Db, by: { slug?: string; location?: string; id?: number }): Promise<MenuNode[]> {
  const ref: MenuRef | null =
    by.id !== undefined
      ? { id: by.id }
      : by.slug !== undefined
        ? { slug: by.slug }
        : by.location !== undefined
          ? { location: by.location }
          : null;
  return ref ? ((await loadMenu(db, ref))?.items ?? []) : [];
}

async function readMenu(db: Db, by: MenuRef): Promise<Menu | null> {
  let q = db.selectFrom('menu').select(['id', 'slug', 'name', 'location', 'settings']);
  if ('id' in by) q = q.where('id', '=', by.id);
  else if ('slug' in by) q = q.where('slug', '=', by.slug);
  else q = q.where('location', '=', by.location);
  const menu = await q.executeTakeFirst();
  if (!menu) return null;
  const rows = await db
    .selectFrom('menu_item as i')
    // A mega template counts only while it is a published template: the menu never names one
    // that the template route would refuse.
    .leftJoin('post as t', (join) =>
      join.onRef('t.id', '=', 'i.mega_template_id').on('t.type', '=', 'template').on('t.status', '=', 'publish'),
    )
    .select([
      'i.id',
      'i.parent_id',
      'i.position',
      'i.title',
      'i.url',
      'i.target',
      'i.attr_title',
      'i.xfn',
      'i.classes',
      't.id as mega_template_id',
      'i.mega_content_type',
      'i.icon',
      'i.badge',
      'i.description',
    ])
    .where('i.menu_id', '=', menu.id)
    .orderBy('i.parent_id')
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  return {
    id: menu.id,
    slug: menu.slug,
    name: menu.name,
    location: menu.location,
    settings: parseMenuSettings(menu.slug, menu.settings),
    items: buildMenuTree(rows, menuIconSvg),
  };
}

const menuId = wireId('a menu');

/**
 * Call 4: the mobile menu's items (original-wire.md §5), answered bare as `{ data: { items } }`,
 * every field of every item, children as a tree. A read: the nonce header is accepted but not
 * required, so cached pages never break the menu (§9.6). `dev` and `lang` are read and ignored:
 * answers are copies of a few seconds (the original's lasted a day unless `dev=true`), and the site
 * has one language. An id that names no menu is a 404 (the original answered an empty list).
 */
export const menuItemsRoute = (path: string) =>
  defineRestRoute({
    path,
    methods: ['GET'],
    auth: 'anyone',
    nonce: false,
    input: z.object({
      menu_id: menuId,
      dev: z.string().max(10).optional(),
      lang: z.string().max(20).optional(),
    }),
    async handle({ menu_id }, ctx) {
      const menu = await loadMenu(ctx.db, { id: menu_id });
      if (!menu) throw new NotFound(`No menu has the id ${menu_id}.`, 'menu_not_found');
      return { data: { items: menuItemsWire(menu.items) } };
    },
  });
