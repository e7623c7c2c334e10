import { createHash } from 'node:crypto';
import { postUrl } from '~/content/posts';
import type { Db } from '~/db';
import { MENU_MAX_DEPTH } from '~/features/menu/staff-model';
import { termArchiveUrl } from '~/features/old-urls/model';
import { newAddressOf } from '~/features/old-urls/old-urls.server';
import { withStaffChange } from '~/lib/content-version.server';
import { linkProblem } from '~/lib/link';
import { recordImportItem } from './import-item.server';
import { isOldSiteUrl, type MenuItemPlan, oldOrigins, SITE_PATHS } from './model';
import { counted, type ImportReport, problem, skip } from './report';

/**
 * A WordPress export's menus (`nav_menu` terms and their `nav_menu_item`s, issue 26) as this site's menus: one
 * `menu` per old menu (created once, found again by `import_item` kind 'menu'), its items with their parents and
 * order, each pointing at the imported post, page, gallery item or term's address here, or at its custom link (an
 * old-site link made this site's address when it names something imported). Each item is written in its own
 * transaction with its `import_item` row (kind 'menu-item'); an unchanged item is not written again. The header
 * takes an imported menu when it still shows the demo school's own (see `takeHeader`).
 */

/** A menu of the export: its slug and name (the `nav_menu` term). */
export interface MenuPlan {
  slug: string;
  name: string;
}

/** The demo school's header menu (content/menus.yaml), which a school moving in replaces with its own. */
const DEMO_HEADER_SLUG = 'utama';
/** The header's place (features/menu: the layout reads the menu at location `main`). */
const HEADER = 'main';

/** `import_item.wp_id` of a menu: the export names a menu item's menu by slug only, so the slug is the key. */
export function menuKey(slug: string): number {
  // 31 bits of its hash: the column is an integer on both databases; `guid` keeps the slug to tell a collision.
  return Number.parseInt(createHash('sha256').update(slug).digest('hex').slice(0, 8), 16) & 0x7fffffff || 1;
}

/** A slug's words as a name, for a menu the export names by slug only (`menu-utama` → `Menu Utama`). */
const nameOfSlug = (slug: string) =>
  slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ') || slug;

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Where an item points here: an address with the title it takes when it has none, or why it is left out. */
type Resolved =
  | { ok: true; url: string; title: string; problem: string | null }
  | { ok: 'heading' }
  | { ok: false; reason: string };

/** A heading's address (`#` in WordPress: a parent that only opens its submenu). */
const isHeading = (url: string) => url === '' || url === '#';

async function resolveTarget(db: Db, source: string, origins: string[], plan: MenuItemPlan): Promise<Resolved> {
  const { target } = plan;
  if (target.kind === 'post') {
    const row = await db
      .selectFrom('import_item as i')
      .innerJoin('post as p', 'p.id', 'i.local_id')
      .select(['p.type', 'p.slug', 'p.status', 'p.title'])
      .where('i.source', '=', source)
      .where('i.kind', '=', 'post')
      .where('i.wp_id', '=', target.wpId)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: `tujuannya (${target.objectType} ID ${target.wpId}) tidak diimpor` };
    return {
      ok: true,
      url: postUrl(row.type, row.slug),
      title: row.title,
      problem: row.status === 'publish' ? null : 'tujuannya belum terbit: tautan ini baru berfungsi setelah terbit',
    };
  }
  if (target.kind === 'term') {
    const row = await db
      .selectFrom('import_item as i')
      .innerJoin('term as t', 't.id', 'i.local_id')
      .select(['t.taxonomy', 't.slug', 't.name'])
      .where('i.source', '=', source)
      .where('i.kind', '=', 'term')
      .where('i.wp_id', '=', target.wpId)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: `tujuannya (${target.taxonomy} ID ${target.wpId}) tidak diimpor` };
    const url = termArchiveUrl(row.taxonomy, row.slug);
    if (!url) return { ok: false, reason: `taksonomi "${row.taxonomy}" tidak punya halaman arsip di situs ini` };
    return { ok: true, url, title: row.name, problem: null };
  }
  const url = target.url.trim();
  if (isHeading(url)) return { ok: 'heading' };
  if (isOldSiteUrl(url, origins)) {
    let parsed: URL;
    try {
      parsed = new URL(url.replace(/&amp;/g, '&'), `${origins[0] ?? 'http://old.invalid'}/`);
    } catch {
      return { ok: false, reason: `alamat tidak terbaca: ${url}` };
    }
    const here = await newAddressOf(db, parsed.pathname, parsed.search, { source, same: true });
    if (here) return { ok: true, url: here, title: '', problem: null };
    const path = parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`;
    if (SITE_PATHS.has(path) && !parsed.search) return { ok: true, url: path, title: '', problem: null };
    // Not brought by the export: the old address stays (it works while the old site does), and is reported.
    const absolute = url.startsWith('/') ? `${origins[0] ?? ''}${url}` : url;
    const refused = linkProblem(absolute);
    if (refused) return { ok: false, reason: `${refused} (${url})` };
    return {
      ok: true,
      url: absolute,
      title: '',
      problem: `tautan ke situs lama tidak menunjuk ke isi yang diimpor: ${url}`,
    };
  }
  const refused = linkProblem(url);
  if (refused) return { ok: false, reason: `${refused} (${url})` };
  return { ok: true, url, title: '', problem: null };
}

/** One item as it will be stored: its parent among the kept items, its place among its siblings. */
interface Placed {
  plan: MenuItemPlan;
  url: string;
  title: string;
  parentWpId: number | null;
  position: number;
  depth: number;
}

/**
 * The kept items of one menu as a tree: an item whose parent was left out hangs under the nearest kept ancestor;
 * one deeper than the header shows (three levels) under its ancestor of the second level; siblings in WordPress's
 * order. Pure.
 */
export function placeItems(
  plans: readonly MenuItemPlan[],
  resolved: ReadonlyMap<number, { url: string; title: string } | null>,
  report: (plan: MenuItemPlan, line: string) => void = () => {},
): Placed[] {
  const byWp = new Map(plans.map((p) => [p.wpId, p]));
  const kept = (wpId: number) => (resolved.get(wpId) ?? null) !== null;
  /** The kept ancestors of an item, nearest first (a loop ends the walk). */
  const ancestors = (plan: MenuItemPlan): number[] => {
    const out: number[] = [];
    const seen = new Set([plan.wpId]);
    let up = plan.parentWpId;
    while (up !== null && byWp.has(up) && !seen.has(up)) {
      seen.add(up);
      if (kept(up)) out.push(up);
      up = (byWp.get(up) as MenuItemPlan).parentWpId;
    }
    return out;
  };
  const placed: Placed[] = [];
  for (const plan of plans) {
    const target = resolved.get(plan.wpId);
    if (!target) continue;
    const chain = ancestors(plan);
    let parentWpId = chain[0] ?? null;
    if (plan.parentWpId !== null && parentWpId !== plan.parentWpId) {
      report(
        plan,
        parentWpId === null
          ? 'induknya tidak diimpor: menjadi item teratas'
          : 'induknya tidak diimpor: naik satu tingkat',
      );
    }
    let depth = chain.length + 1;
    if (depth > MENU_MAX_DEPTH) {
      // The ancestor on level MENU_MAX_DEPTH - 1 (the chain runs nearest first).
      parentWpId = chain[chain.length - (MENU_MAX_DEPTH - 1)] ?? null;
      depth = MENU_MAX_DEPTH;
      report(plan, `lebih dalam dari ${MENU_MAX_DEPTH} tingkat: dipindah ke tingkat ${MENU_MAX_DEPTH}`);
    }
    placed.push({ plan, url: target.url, title: target.title, parentWpId, position: 0, depth });
  }
  const siblings = new Map<number | null, Placed[]>();
  for (const p of placed) siblings.set(p.parentWpId, [...(siblings.get(p.parentWpId) ?? []), p]);
  for (const list of siblings.values()) {
    list.sort((a, b) => a.plan.order - b.plan.order || a.plan.wpId - b.plan.wpId);
    list.forEach((p, i) => {
      p.position = i;
    });
  }
  // Parents are written before their children.
  return placed.sort((a, b) => a.depth - b.depth || a.position - b.position);
}

/** The menu of an old menu's slug: found from an earlier import, or made (its slug free among the site's menus). */
async function ensureMenu(
  db: Db,
  source: string,
  menu: MenuPlan,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const key = menuKey(menu.slug);
  const known = await db
    .selectFrom('import_item as i')
    .innerJoin('menu as m', 'm.id', 'i.local_id')
    .select('m.id')
    .where('i.source', '=', source)
    .where('i.kind', '=', 'menu')
    .where('i.wp_id', '=', key)
    .where('i.guid', '=', menu.slug)
    .executeTakeFirst();
  if (known) return { id: known.id, created: false };
  return withStaffChange(db, async (trx, record) => {
    const taken = new Set((await trx.selectFrom('menu').select('slug').execute()).map((m) => m.slug));
    // The site's own menus keep their slugs (the nav-menu widgets name them): a clash takes `-impor`.
    let slug = menu.slug;
    for (let n = 1; taken.has(slug); n++) slug = `${menu.slug}-impor${n === 1 ? '' : `-${n}`}`;
    const row = await trx
      .insertInto('menu')
      .values({ slug, name: menu.name, location: null, settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = now.toISOString();
    // A menu whose earlier copy staff deleted is made again: its row is pointed at the new one.
    await trx
      .deleteFrom('import_item')
      .where('source', '=', source)
      .where('kind', '=', 'menu')
      .where('wp_id', '=', key)
      .execute();
    await trx
      .insertInto('import_item')
      .values({
        source,
        kind: 'menu',
        wp_id: key,
        guid: menu.slug,
        local_id: row.id,
        digest: digestOf(menu),
        old_path: null,
        imported_at: at,
        updated_at: at,
      })
      .execute();
    await record(
      {
        userId: null as unknown as number,
        action: 'import.menu',
        subjectType: 'menu',
        subjectId: row.id,
        summary: menu.name,
        public: false,
      },
      now,
    );
    return { id: row.id, created: true };
  });
}

/** Writes one placed item (its own transaction) unless it is stored as planned; what was done. */
async function writeItem(
  db: Db,
  source: string,
  menuId: number,
  item: Placed,
  parentId: number | null,
  now: Date,
): Promise<{ id: number; change: 'added' | 'updated' | 'unchanged' }> {
  const { plan } = item;
  const values = {
    title: item.title,
    url: item.url,
    target: plan.newTab ? '_blank' : null,
    classes: plan.classes,
    parent_id: parentId,
    position: item.position,
  };
  const digest = digestOf({ menuId, ...values, parent: item.parentWpId });
  const known = await db
    .selectFrom('import_item as i')
    .leftJoin('menu_item as m', (join) => join.onRef('m.id', '=', 'i.local_id').on('m.menu_id', '=', menuId))
    .select(['i.digest', 'm.id'])
    .where('i.source', '=', source)
    .where('i.kind', '=', 'menu-item')
    .where('i.wp_id', '=', plan.wpId)
    .executeTakeFirst();
  if (known?.id != null && known.digest === digest) return { id: known.id, change: 'unchanged' };
  return withStaffChange(db, async (trx, record) => {
    let id: number;
    const at = now.toISOString();
    if (known?.id != null) {
      id = known.id;
      await trx.updateTable('menu_item').set(values).where('id', '=', id).execute();
    } else {
      const row = await trx
        .insertInto('menu_item')
        .values({ ...values, menu_id: menuId })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await recordImportItem(
      trx,
      { source, kind: 'menu-item', wpId: plan.wpId, localId: id, digest },
      known !== undefined,
      at,
    );
    const change = known?.id != null ? 'updated' : 'added';
    await record(
      {
        userId: null as unknown as number,
        action: change === 'added' ? 'import.menu-item' : 'import.menu-item-update',
        subjectType: 'menu_item',
        subjectId: id,
        summary: item.title,
        public: true,
      },
      now,
    );
    return { id, change };
  });
}

/** The export's menu items as this site's menus (after every post and term is in: they point at them). */
export async function importMenuItems(
  db: Db,
  source: string,
  plans: MenuItemPlan[],
  report: ImportReport,
  now: Date,
  menus: readonly MenuPlan[] = [],
): Promise<void> {
  const origins = oldOrigins({ link: source, baseSiteUrl: source, baseBlogUrl: source });
  const bySlug = new Map<string, MenuItemPlan[]>();
  for (const plan of plans) bySlug.set(plan.menuSlug, [...(bySlug.get(plan.menuSlug) ?? []), plan]);
  const names = new Map(menus.map((m) => [m.slug, m.name]));
  const created: Array<{ id: number; items: number }> = [];
  for (const [slug, items] of bySlug) {
    const menuName = names.get(slug) ?? nameOfSlug(slug);
    const label = (plan: MenuItemPlan) => `item menu «${plan.title || plan.wpId}» (${menuName})`;
    // Where each item points (reads only), before anything of the menu is written.
    const resolved = new Map<number, { url: string; title: string } | null>();
    const headings: MenuItemPlan[] = [];
    for (const plan of items) {
      const r = await resolveTarget(db, source, origins, plan);
      if (r.ok === 'heading') headings.push(plan);
      else if (r.ok) {
        if (r.problem) problem(report, label(plan), r.problem);
        resolved.set(plan.wpId, { url: r.url, title: plan.title.trim() || r.title || r.url });
      } else {
        skip(report, label(plan), r.reason);
        resolved.set(plan.wpId, null);
      }
    }
    // A heading (`#`) links to its first sub-item: the site's items always lead somewhere.
    for (const plan of headings) {
      const first = items
        .filter((c) => c.parentWpId === plan.wpId && resolved.get(c.wpId))
        .sort((a, b) => a.order - b.order || a.wpId - b.wpId)[0];
      const child = first ? resolved.get(first.wpId) : null;
      if (child) {
        problem(report, label(plan), 'tautan "#" (hanya pembuka submenu): menaut ke sub-item pertamanya');
        resolved.set(plan.wpId, { url: child.url, title: plan.title.trim() || child.title });
      } else {
        skip(report, label(plan), 'tanpa tautan (#) dan tanpa sub-item');
        resolved.set(plan.wpId, null);
      }
    }
    const placed = placeItems(items, resolved, (plan, line) => problem(report, label(plan), line));
    if (placed.length === 0) continue;
    let menu: { id: number; created: boolean };
    try {
      menu = await ensureMenu(db, source, { slug, name: menuName }, now);
    } catch (error) {
      problem(report, `menu «${menuName}»`, `tidak diimpor: ${(error as Error).message}`);
      continue;
    }
    counted(report, 'menu', menu.created ? 'added' : 'unchanged');
    if (menu.created) created.push({ id: menu.id, items: placed.length });
    const local = new Map<number, number>();
    for (const item of placed) {
      const parentId = item.parentWpId === null ? null : (local.get(item.parentWpId) ?? null);
      try {
        const written = await writeItem(db, source, menu.id, item, parentId, now);
        local.set(item.plan.wpId, written.id);
        counted(report, 'menu-item', written.change);
      } catch (error) {
        problem(report, label(item.plan), `tidak diimpor: ${(error as Error).message}`);
      }
    }
  }
  const main = [...created].sort((a, b) => b.items - a.items)[0];
  if (main) await takeHeader(db, main.id, report, now);
}

/**
 * The header shows a school's own menu once it has moved in: the imported menu with the most items (WordPress
 * keeps which menu sits where in its theme's settings, not in the export) takes the header's place when the
 * header has no menu, or has the demo school's one that staff never changed (no menu change in the audit log);
 * it takes the demo menu's settings too (desktop and mobile behaviour), and the demo menu stays, unplaced, for
 * staff to put back. A menu staff made or changed is never moved; only a run that made the menu does this.
 */
async function takeHeader(db: Db, menuId: number, report: ImportReport, now: Date): Promise<void> {
  const header = await db
    .selectFrom('menu')
    .select(['id', 'slug', 'settings'])
    .where('location', '=', HEADER)
    .executeTakeFirst();
  if (header) {
    const changed = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', 'like', 'menu.%')
      .limit(1)
      .executeTakeFirst();
    if (header.slug !== DEMO_HEADER_SLUG || changed) {
      problem(
        report,
        'menu kepala situs',
        'menu kepala situs sudah diatur di situs ini: menu impor tidak dipasang (atur di Menu)',
      );
      return;
    }
  }
  await withStaffChange(db, async (trx, record) => {
    if (header) await trx.updateTable('menu').set({ location: null }).where('id', '=', header.id).execute();
    await trx
      .updateTable('menu')
      .set({ location: HEADER, ...(header ? { settings: header.settings } : {}) })
      .where('id', '=', menuId)
      .execute();
    await record(
      {
        userId: null as unknown as number,
        action: 'import.menu-location',
        subjectType: 'menu',
        subjectId: menuId,
        summary: HEADER,
        public: true,
      },
      now,
    );
  });
}
