import { siteHref } from '~/lib/site-href';
/**
 * The staff's menu screens (issue 14 "Menus"): the item tree with its moves, the deletion rule, the
 * item form's limits and link types (a custom URL follows lib/link.ts). Pure: no React, no database.
 */

/** The staff screens' address. */
export const MENUS_STAFF_PATH = siteHref('/admin/menu');

/** How deep a menu may nest: top level plus two submenu levels (the demo menu's Berita › Prestasi › Olimpiade). */
export const MENU_MAX_DEPTH = 3;

/** Limits of the item form (the columns': badge varchar(100), icon varchar(100)). */
export const ITEM_LIMITS = { title: 100, url: 500, icon: 100, badge: 100, description: 300 } as const;

/** What an item links to: a page, a news post, a category or a custom URL. */
export const LINK_TYPES = ['halaman', 'berita', 'kategori', 'tautan'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  halaman: 'Halaman',
  berita: 'Berita',
  kategori: 'Kategori',
  tautan: 'Tautan khusus',
};

/** The moves of the tree's buttons (their `gerak` value). */
export const MOVES = ['naik', 'turun', 'masukkan', 'keluarkan'] as const;
export type Move = (typeof MOVES)[number];
export const MOVE_LABELS: Record<Move, string> = {
  naik: 'Naik',
  turun: 'Turun',
  masukkan: 'Masukkan',
  keluarkan: 'Keluarkan',
};

/** A stored item as the tree's rules read it. */
export interface TreeRow {
  id: number;
  parent_id: number | null;
  position: number;
}

/** A stored item's place after a change. */
export interface Placement {
  id: number;
  parentId: number | null;
  position: number;
}

/** The menu's known theme locations, in words for staff. */
export function locationLabel(location: string | null): string {
  if (location === 'main') return 'Kepala situs (menu utama)';
  if (location === 'footer') return 'Kaki situs';
  return location ? `Lokasi “${location}”` : 'Tidak dipasang';
}

const bySiblingOrder = (a: TreeRow, b: TreeRow) => a.position - b.position || a.id - b.id;

/** The children of a parent (null: the top level) in their order. */
export function siblingsOf(rows: readonly TreeRow[], parentId: number | null): TreeRow[] {
  return rows.filter((r) => r.parent_id === parentId).sort(bySiblingOrder);
}

/** An item's depth: 1 at the top level (a parent missing from the rows counts as the top). */
export function depthOf(rows: readonly TreeRow[], id: number): number {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let depth = 1;
  let parent = byId.get(id)?.parent_id ?? null;
  const seen = new Set([id]);
  while (parent !== null && byId.has(parent) && !seen.has(parent)) {
    seen.add(parent);
    depth++;
    parent = byId.get(parent)?.parent_id ?? null;
  }
  return depth;
}

/** How many levels an item and the items below it take: 1 for an item without children. */
export function heightOf(rows: readonly TreeRow[], id: number, seen = new Set<number>()): number {
  if (seen.has(id)) return 0;
  seen.add(id);
  const below = rows.filter((r) => r.parent_id === id).map((r) => heightOf(rows, r.id, seen));
  return 1 + Math.max(0, ...below);
}

/** The siblings in a new order, numbered 0, 1, 2 … under `parentId`. */
const numbered = (items: readonly TreeRow[], parentId: number | null): Placement[] =>
  items.map((r, position) => ({ id: r.id, parentId, position }));

/** Why a move cannot be made, in words for staff. */
export type MoveRefusal = { refused: string };

/**
 * The places that change when an item moves (spec of the tree's buttons, issue 14):
 * - naik / turun: swaps it with the sibling above / below;
 * - masukkan: it becomes the last child of the sibling above (its own children come along), as deep
 *   as MENU_MAX_DEPTH allows;
 * - keluarkan: it leaves its parent and stands right after it, one level up.
 * Siblings are renumbered from 0 wherever the order changed.
 */
export function planMove(rows: readonly TreeRow[], id: number, move: Move): Placement[] | MoveRefusal {
  const item = rows.find((r) => r.id === id);
  if (!item) return { refused: 'Item ini tidak ada lagi di menu.' };
  const siblings = siblingsOf(rows, item.parent_id);
  const at = siblings.findIndex((r) => r.id === id);
  if (move === 'naik' || move === 'turun') {
    const to = move === 'naik' ? at - 1 : at + 1;
    if (to < 0) return { refused: 'Item ini sudah paling atas.' };
    if (to >= siblings.length) return { refused: 'Item ini sudah paling bawah.' };
    const order = [...siblings];
    [order[at], order[to]] = [order[to] as TreeRow, order[at] as TreeRow];
    return numbered(order, item.parent_id);
  }
  if (move === 'masukkan') {
    const above = siblings[at - 1];
    if (!above) return { refused: 'Item pertama tidak dapat dimasukkan: tidak ada item di atasnya.' };
    if (depthOf(rows, above.id) + heightOf(rows, id) > MENU_MAX_DEPTH) {
      return { refused: `Menu paling dalam ${MENU_MAX_DEPTH} tingkat.` };
    }
    const children = siblingsOf(rows, above.id);
    return [
      ...numbered(
        siblings.filter((r) => r.id !== id),
        item.parent_id,
      ),
      ...numbered([...children, item], above.id),
    ];
  }
  const parent = item.parent_id === null ? undefined : rows.find((r) => r.id === item.parent_id);
  if (!parent) return { refused: 'Item ini sudah di tingkat teratas.' };
  const outer = siblingsOf(rows, parent.parent_id);
  const parentAt = outer.findIndex((r) => r.id === parent.id);
  const order = [...outer];
  order.splice(parentAt + 1, 0, item);
  return [
    ...numbered(
      siblings.filter((r) => r.id !== id),
      item.parent_id,
    ),
    ...numbered(order, parent.parent_id),
  ];
}

/**
 * Where the children of a deleted item go (the rule of issue 14's "Hapus", chosen here): nothing
 * below it is lost. Its children take its place among its siblings, in their order, one level up;
 * their own children stay with them.
 */
export function planDelete(rows: readonly TreeRow[], id: number): Placement[] {
  const item = rows.find((r) => r.id === id);
  if (!item) return [];
  const order: TreeRow[] = [];
  for (const r of siblingsOf(rows, item.parent_id)) {
    if (r.id === id) order.push(...siblingsOf(rows, id));
    else order.push(r);
  }
  return numbered(order, item.parent_id);
}

/** Which of the tree's moves an item may make now (the buttons that are enabled). */
export function allowedMoves(rows: readonly TreeRow[], id: number): Record<Move, boolean> {
  return Object.fromEntries(MOVES.map((m) => [m, !('refused' in planMove(rows, id, m))])) as Record<Move, boolean>;
}

/** Where a new item may go: the top level or any item above the deepest level. */
export function mayHoldChildren(rows: readonly TreeRow[], id: number): boolean {
  return depthOf(rows, id) < MENU_MAX_DEPTH;
}

/** An item's form as typed (every field text, as the browser sends it and the form shows it back). */
export interface ItemFormValues {
  judul: string;
  jenis: LinkType;
  halaman: string;
  berita: string;
  kategori: string;
  url: string;
  /** 'ya' when the link opens in a new tab */
  tabBaru: string;
  ikon: string;
  lencana: string;
  keterangan: string;
  mega: string;
  /** the parent item's id, '' for the top level (a new item only) */
  induk: string;
}

export const EMPTY_ITEM: ItemFormValues = {
  judul: '',
  jenis: 'halaman',
  halaman: '',
  berita: '',
  kategori: '',
  url: '',
  tabBaru: '',
  ikon: '',
  lencana: '',
  keterangan: '',
  mega: '',
  induk: '',
};

/** The posted fields as the form shows them back after an error (nothing typed is lost). */
export function typedItemValues(fields: Record<string, string>): ItemFormValues {
  const pick = (k: keyof ItemFormValues) => fields[k] ?? '';
  const jenis = pick('jenis');
  return {
    judul: pick('judul'),
    jenis: (LINK_TYPES as readonly string[]).includes(jenis) ? (jenis as LinkType) : 'tautan',
    halaman: pick('halaman'),
    berita: pick('berita'),
    kategori: pick('kategori'),
    url: pick('url'),
    tabBaru: pick('tabBaru'),
    ikon: pick('ikon'),
    lencana: pick('lencana'),
    keterangan: pick('keterangan'),
    mega: pick('mega'),
    induk: pick('induk'),
  };
}

/** A public page's, post's or category's address (content/posts.ts `postUrl` for pages and posts). */
export const categoryUrl = (slug: string) => `/category/${slug}/`;

/** One menu of the list. */
export interface StaffMenuSummary {
  id: number;
  name: string;
  location: string;
  items: number;
}

/** One item of the staff tree, with the moves it may make now. */
export interface StaffTreeItem {
  id: number;
  title: string;
  url: string;
  /** The link's kind and target in words: "Halaman: Profil", "Tautan khusus". */
  target: string;
  icon: string | null;
  badge: string | null;
  newTab: boolean;
  hasMega: boolean;
  moves: Record<Move, boolean>;
  children: StaffTreeItem[];
}

/** A menu as its tree screen shows it. */
export interface StaffMenu {
  id: number;
  name: string;
  location: string;
  items: StaffTreeItem[];
}

/** Everything the item form offers: link targets, templates and the possible parents (a new item). */
export interface ItemFormChoices {
  menu: { id: number; name: string };
  pages: Array<{ id: number; title: string }>;
  posts: Array<{ id: number; title: string }>;
  categories: Array<{ id: number; title: string }>;
  templates: Array<{ id: number; title: string }>;
  /** Items a new item may go under, with their depth (1 = top level). */
  parents: Array<{ id: number; title: string; depth: number }>;
}
