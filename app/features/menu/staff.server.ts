import { postUrl } from '~/content/posts';
import type { Db } from '~/db';
import type { MenuItemTable } from '~/db/schema';
import { publicSave, withStaffChange } from '~/lib/content-version.server';
import { isMenuIcon } from './icons.server';
import { isCurrentUrl } from './model';
import type { ItemForm } from './staff-form';
import {
  allowedMoves,
  categoryUrl,
  depthOf,
  type ItemFormChoices,
  type ItemFormValues,
  locationLabel,
  type Move,
  mayHoldChildren,
  type Placement,
  planDelete,
  planMove,
  type StaffMenu,
  type StaffMenuSummary,
  type StaffTreeItem,
  type TreeRow,
} from './staff-model';

/** The staff's reads and changes of the site's menus (issue 14 "Menus"): tables `menu` and `menu_item`. */

/** The site's menus, those placed in the layout first (by location), with their item counts. */
export async function listMenus(db: Db): Promise<StaffMenuSummary[]> {
  const rows = await db
    .selectFrom('menu as m')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.location',
      eb
        .selectFrom('menu_item as i')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('i.menu_id', '=', 'm.id')
        .as('items'),
    ])
    .orderBy('m.id')
    .execute();
  const order = (l: string | null) => (l === 'main' ? 0 : l === 'footer' ? 1 : l ? 2 : 3);
  return rows
    .sort((a, b) => order(a.location) - order(b.location) || a.id - b.id)
    .map((r) => ({ id: r.id, name: r.name, location: locationLabel(r.location), items: Number(r.items ?? 0) }));
}

type ItemRow = TreeRow &
  Pick<MenuItemTable, 'title' | 'url' | 'target' | 'icon' | 'badge' | 'description' | 'mega_template_id'>;

const ITEM_COLUMNS = [
  'id',
  'parent_id',
  'position',
  'title',
  'url',
  'target',
  'icon',
  'badge',
  'description',
  'mega_template_id',
] as const;

/** A menu's row by id, or undefined. */
export const findMenu = (db: Db, id: number) =>
  db.selectFrom('menu').select(['id', 'name', 'location']).where('id', '=', id).executeTakeFirst();

const itemRows = (db: Db, menuId: number): Promise<ItemRow[]> =>
  db.selectFrom('menu_item').select(ITEM_COLUMNS).where('menu_id', '=', menuId).execute();

/** What an item may link to: published pages, the newest news posts, the categories. */
interface LinkTargets {
  pages: Array<{ id: number; title: string; url: string }>;
  posts: Array<{ id: number; title: string; url: string }>;
  categories: Array<{ id: number; title: string; url: string }>;
}

/** How many of the newest news posts the form offers (plus the one an item already links to). */
const POSTS_OFFERED = 100;

async function linkTargets(db: Db, includeUrl?: string): Promise<LinkTargets> {
  const [pages, posts, categories] = await Promise.all([
    db
      .selectFrom('post')
      .select(['id', 'title', 'slug', 'type'])
      .where('type', '=', 'page')
      .where('status', '=', 'publish')
      .orderBy('title')
      .execute(),
    db
      .selectFrom('post')
      .select(['id', 'title', 'slug', 'type'])
      .where('type', '=', 'post')
      .where('status', '=', 'publish')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(POSTS_OFFERED)
      .execute(),
    db.selectFrom('term').select(['id', 'name', 'slug']).where('taxonomy', '=', 'category').orderBy('name').execute(),
  ]);
  const asTarget = (p: { id: number; title: string; slug: string; type: string }) => ({
    id: p.id,
    title: p.title,
    url: postUrl(p.type, p.slug),
  });
  const postTargets = posts.map(asTarget);
  // An older post the item already links to stays choosable.
  const slug = includeUrl && /^\/([^/?#]+)\/$/.exec(includeUrl)?.[1];
  if (slug && !postTargets.some((p) => p.url === includeUrl)) {
    const older = await db
      .selectFrom('post')
      .select(['id', 'title', 'slug', 'type'])
      .where('type', '=', 'post')
      .where('status', '=', 'publish')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (older) postTargets.push(asTarget(older));
  }
  return {
    pages: pages.map(asTarget),
    posts: postTargets,
    categories: categories.map((c) => ({ id: c.id, title: c.name, url: categoryUrl(c.slug) })),
  };
}

/** The link's kind and chosen target of a stored URL: a page, a post, a category, else a custom link. */
function linkOf(url: string, targets: LinkTargets): Pick<ItemFormValues, 'jenis' | 'halaman' | 'berita' | 'kategori'> {
  const none = { halaman: '', berita: '', kategori: '' };
  const same = (t: { url: string }) => isCurrentUrl(t.url, url) && !/^https?:/i.test(url);
  const page = targets.pages.find(same);
  if (page) return { ...none, jenis: 'halaman', halaman: String(page.id) };
  const post = targets.posts.find(same);
  if (post) return { ...none, jenis: 'berita', berita: String(post.id) };
  const category = targets.categories.find(same);
  if (category) return { ...none, jenis: 'kategori', kategori: String(category.id) };
  return { ...none, jenis: 'tautan' };
}

function targetLabel(url: string, targets: LinkTargets): string {
  const link = linkOf(url, targets);
  const named = (list: Array<{ id: number; title: string }>, id: string) =>
    list.find((t) => String(t.id) === id)?.title ?? '';
  if (link.jenis === 'halaman') return `Halaman: ${named(targets.pages, link.halaman)}`;
  if (link.jenis === 'berita') return `Berita: ${named(targets.posts, link.berita)}`;
  if (link.jenis === 'kategori') return `Kategori: ${named(targets.categories, link.kategori)}`;
  return 'Tautan khusus';
}

/** A menu with its item tree as staff see it, or null when there is no such menu. */
export async function loadStaffMenu(db: Db, menuId: number): Promise<StaffMenu | null> {
  const menu = await findMenu(db, menuId);
  if (!menu) return null;
  const [rows, targets] = await Promise.all([itemRows(db, menuId), linkTargets(db)]);
  const seen = new Set<number>();
  const build = (parentId: number | null): StaffTreeItem[] =>
    rows
      .filter((r) => r.parent_id === parentId && !seen.has(r.id))
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((r) => {
        seen.add(r.id);
        return {
          id: r.id,
          title: r.title,
          url: r.url,
          target: targetLabel(r.url, targets),
          icon: r.icon,
          badge: r.badge,
          newTab: r.target === '_blank',
          hasMega: r.mega_template_id !== null,
          moves: allowedMoves(rows, r.id),
          children: build(r.id),
        };
      });
  return { id: menu.id, name: menu.name, location: locationLabel(menu.location), items: build(null) };
}

/** The published templates, which a menu item's mega panel and the mobile menu's slots may name. */
export async function publishedTemplates(db: Db) {
  return db
    .selectFrom('post')
    .select(['id', 'title'])
    .where('type', '=', 'template')
    .where('status', '=', 'publish')
    .orderBy('title')
    .execute();
}

/** In tree order: each item then the items below it. */
function treeOrder(rows: readonly ItemRow[]): ItemRow[] {
  const out: ItemRow[] = [];
  const seen = new Set<number>();
  const visit = (parentId: number | null) => {
    for (const r of rows
      .filter((x) => x.parent_id === parentId)
      .sort((a, b) => a.position - b.position || a.id - b.id)) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(r);
      visit(r.id);
    }
  };
  visit(null);
  return out;
}

/** The form's choices for a menu, null when there is no such menu; `url` keeps an older linked post. */
export async function itemFormChoices(db: Db, menuId: number, url?: string): Promise<ItemFormChoices | null> {
  const menu = await findMenu(db, menuId);
  if (!menu) return null;
  const [targets, tpl, rows] = await Promise.all([linkTargets(db, url), publishedTemplates(db), itemRows(db, menuId)]);
  const strip = (list: Array<{ id: number; title: string }>) => list.map(({ id, title }) => ({ id, title }));
  return {
    menu: { id: menu.id, name: menu.name },
    pages: strip(targets.pages),
    posts: strip(targets.posts),
    categories: strip(targets.categories),
    templates: tpl,
    parents: treeOrder(rows)
      .filter((r) => mayHoldChildren(rows, r.id))
      .map((r) => ({ id: r.id, title: r.title, depth: depthOf(rows, r.id) })),
  };
}

/** A stored item as its form shows it, or null when the menu has no such item. */
export async function loadItem(
  db: Db,
  menuId: number,
  itemId: number,
): Promise<{ id: number; values: ItemFormValues; childCount: number } | null> {
  const row = await db
    .selectFrom('menu_item')
    .select(ITEM_COLUMNS)
    .where('menu_id', '=', menuId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!row) return null;
  const [targets, children] = await Promise.all([
    linkTargets(db, row.url),
    db
      .selectFrom('menu_item')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent_id', '=', itemId)
      .executeTakeFirstOrThrow(),
  ]);
  const link = linkOf(row.url, targets);
  return {
    id: row.id,
    childCount: Number(children.n),
    values: {
      judul: row.title,
      ...link,
      url: link.jenis === 'tautan' ? row.url : '',
      tabBaru: row.target === '_blank' ? 'ya' : '',
      ikon: row.icon ?? '',
      lencana: row.badge ?? '',
      keterangan: row.description ?? '',
      mega: row.mega_template_id === null ? '' : String(row.mega_template_id),
      induk: row.parent_id === null ? '' : String(row.parent_id),
    },
  };
}

/** Why a save did not happen: the field to blame and what to say there. */
export type ItemProblem = { kind: 'field'; field: string; message: string } | { kind: 'missing' };

/** The item's URL from the form: the chosen page's, post's or category's address, or the custom link. */
async function resolveUrl(db: Db, form: ItemForm): Promise<string | ItemProblem> {
  if (form.jenis === 'tautan') return form.url;
  if (form.jenis === 'kategori') {
    const term = await db
      .selectFrom('term')
      .select('slug')
      .where('id', '=', form.kategori ?? 0)
      .where('taxonomy', '=', 'category')
      .executeTakeFirst();
    return term
      ? categoryUrl(term.slug)
      : { kind: 'field', field: 'kategori', message: 'Pilih salah satu kategori yang ada.' };
  }
  const type = form.jenis === 'halaman' ? 'page' : 'post';
  const field = form.jenis;
  const post = await db
    .selectFrom('post')
    .select(['slug', 'type'])
    .where('id', '=', (form.jenis === 'halaman' ? form.halaman : form.berita) ?? 0)
    .where('type', '=', type)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  return post
    ? postUrl(post.type, post.slug)
    : {
        kind: 'field',
        field,
        message: field === 'halaman' ? 'Pilih salah satu halaman yang ada.' : 'Pilih salah satu berita yang ada.',
      };
}

/** Checks the icon name and the template against what exists. */
async function checkExtras(db: Db, form: ItemForm): Promise<ItemProblem | null> {
  if (form.ikon && !isMenuIcon(form.ikon)) {
    return {
      kind: 'field',
      field: 'ikon',
      message: `Ikon “${form.ikon}” tidak ada dalam set ikon Lucide. Pakai nama dari lucide.dev/icons, misalnya calendar.`,
    };
  }
  if (form.mega !== null) {
    const tpl = await db
      .selectFrom('post')
      .select('id')
      .where('id', '=', form.mega)
      .where('type', '=', 'template')
      .where('status', '=', 'publish')
      .executeTakeFirst();
    if (!tpl) return { kind: 'field', field: 'mega', message: 'Pilih salah satu templat yang ada.' };
  }
  return null;
}

const fieldsOf = (form: ItemForm, url: string) => ({
  title: form.judul,
  url,
  target: form.tabBaru ? '_blank' : null,
  icon: form.ikon || null,
  badge: form.lencana || null,
  description: form.keterangan || null,
  mega_template_id: form.mega,
});

/**
 * Creates (`itemId` null: the last child of the chosen parent) or updates an item, then records the
 * change, which shows it in the public menu at once.
 */
export async function saveItem(
  db: Db,
  userId: number,
  menuId: number,
  itemId: number | null,
  form: ItemForm,
): Promise<{ id: number } | ItemProblem> {
  const url = await resolveUrl(db, form);
  if (typeof url !== 'string') return url;
  const extra = await checkExtras(db, form);
  if (extra) return extra;
  const outcome = await withStaffChange(db, async (trx, record): Promise<{ id: number } | ItemProblem> => {
    if (!(await findMenu(trx, menuId))) return { kind: 'missing' };
    let id: number;
    if (itemId === null) {
      const rows = await itemRows(trx, menuId);
      const parentId = form.induk;
      if (parentId !== null && (!rows.some((r) => r.id === parentId) || !mayHoldChildren(rows, parentId))) {
        return { kind: 'field', field: 'induk', message: 'Pilih induk dari daftar.' };
      }
      const position = Math.max(-1, ...rows.filter((r) => r.parent_id === parentId).map((r) => r.position)) + 1;
      const row = await trx
        .insertInto('menu_item')
        .values({ ...fieldsOf(form, url), menu_id: menuId, parent_id: parentId, position, classes: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } else {
      const updated = await trx
        .updateTable('menu_item')
        .set(fieldsOf(form, url))
        .where('id', '=', itemId)
        .where('menu_id', '=', menuId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return { kind: 'missing' };
      id = itemId;
    }
    // Menus have no drafts: every change shows in the header.
    await record(
      publicSave(userId, 'menu.item', itemId === null, {
        subjectType: 'menu_item',
        subjectId: id,
        summary: form.judul,
      }),
    );
    return { id };
  });
  return outcome;
}

async function place(db: Db, placements: readonly Placement[]) {
  for (const p of placements) {
    await db
      .updateTable('menu_item')
      .set({ parent_id: p.parentId, position: p.position })
      .where('id', '=', p.id)
      .execute();
  }
}

/** What a move did. */
export type MoveOutcome = { kind: 'moved'; title: string } | { kind: 'refused'; message: string } | { kind: 'missing' };

/** Moves an item of a menu (staff-model.ts `planMove`) and records the change. */
export async function moveItem(
  db: Db,
  userId: number,
  menuId: number,
  itemId: number,
  move: Move,
): Promise<MoveOutcome> {
  const outcome = await withStaffChange(db, async (trx, record): Promise<MoveOutcome> => {
    const rows = await itemRows(trx, menuId);
    const item = rows.find((r) => r.id === itemId);
    if (!item) return { kind: 'missing' };
    const plan = planMove(rows, itemId, move);
    if ('refused' in plan) return { kind: 'refused', message: plan.refused };
    await place(trx, plan);
    await record({
      userId,
      action: 'menu.item.move',
      subjectType: 'menu_item',
      subjectId: itemId,
      summary: `${item.title} (${move})`,
      public: true,
    });
    return { kind: 'moved', title: item.title };
  });
  return outcome;
}

/** An item before its deletion: its title and how many items sit right below it. */
export async function itemForDeletion(
  db: Db,
  menuId: number,
  itemId: number,
): Promise<{ id: number; title: string; children: string[] } | null> {
  const rows = await itemRows(db, menuId);
  const item = rows.find((r) => r.id === itemId);
  if (!item) return null;
  const children = rows
    .filter((r) => r.parent_id === itemId)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((r) => r.title);
  return { id: item.id, title: item.title, children };
}

/**
 * Deletes an item; its children move up into its place (staff-model.ts `planDelete`), so nothing
 * below it is lost. Null when the menu has no such item, else the deleted item's title.
 */
export async function deleteItem(db: Db, userId: number, menuId: number, itemId: number): Promise<string | null> {
  const title = await withStaffChange(db, async (trx, record) => {
    const rows = await itemRows(trx, menuId);
    const item = rows.find((r) => r.id === itemId);
    if (!item) return null;
    // The children move first: the foreign key would otherwise delete them with their parent.
    await place(trx, planDelete(rows, itemId));
    await trx.deleteFrom('menu_item').where('id', '=', itemId).execute();
    await record({
      userId,
      action: 'menu.item.delete',
      subjectType: 'menu_item',
      subjectId: itemId,
      summary: item.title,
      public: true,
    });
    return item.title;
  });
  return title;
}
