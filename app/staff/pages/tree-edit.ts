import type { z } from 'zod';
import { columnSettings, type Element, sectionSettings, treeSchema, walkTree } from '~/content/tree';

/**
 * The page editor's changes of an element tree (issue 14 "Pages"): move, insert, remove, set settings.
 * Pure and immutable (a parsed tree may be shared: see content/tree.server.ts `parseTree`): each
 * change answers a new tree, or a refusal in words for staff. The editor keeps the shape the seed and
 * the renderer use: sections at the top, columns in sections, widgets in columns, ids unique in the
 * tree; `treeProblem` checks a whole tree as the renderer will (every element's settings by its schema).
 */

export type Refusal = { refused: string };
export type Edit = Element[] | Refusal;

/**
 * The page widgets the editor offers, given by its caller (the widget catalog sits above the features
 * in the layers: staff/pages/catalog.server.ts binds it).
 */
export interface ElementCatalog {
  /** Each widget's settings schema, by name, in the order the editor offers them. */
  widgets: Readonly<Record<string, z.ZodType>>;
  /** Each widget's name in words for staff. */
  labels: Readonly<Record<string, string>>;
  /** The settings holding rich text, per widget: sanitized like the public render before they are stored. */
  rich: Readonly<Record<string, readonly string[]>>;
}

/** The schema of an element's settings: its section's, column's or widget's (null: an unknown widget). */
export function settingsSchemaOf(catalog: ElementCatalog, el: Pick<Element, 'type' | 'widget'>): z.ZodType | null {
  if (el.type === 'section') return sectionSettings;
  if (el.type === 'column') return columnSettings;
  return el.widget !== undefined && Object.hasOwn(catalog.widgets, el.widget)
    ? (catalog.widgets[el.widget] ?? null)
    : null;
}

/** Where an element is: its parent's children (the top level's for a section) and its index there. */
function locate(tree: Element[], id: string): { siblings: Element[]; index: number; parent: Element | null } | null {
  const index = tree.findIndex((el) => el.id === id);
  if (index >= 0) return { siblings: tree, index, parent: null };
  for (const el of walkTree(tree)) {
    const i = el.children.findIndex((c) => c.id === id);
    if (i >= 0) return { siblings: el.children, index: i, parent: el };
  }
  return null;
}

/** The element with this id, or undefined. */
export function findElement(tree: Element[], id: string): Element | undefined {
  for (const el of walkTree(tree)) if (el.id === id) return el;
  return undefined;
}

/** The tree with the children of `parentId` (null: the top level) replaced. */
function withChildren(tree: Element[], parentId: string | null, children: Element[]): Element[] {
  if (parentId === null) return children;
  return tree.map((el) =>
    el.id === parentId ? { ...el, children } : { ...el, children: withChildren(el.children, parentId, children) },
  );
}

const MISSING: Refusal = { refused: 'Elemen ini tidak ada lagi di halaman. Muat ulang penyunting.' };

/** Swaps an element with its sibling above (`up`) or below (`down`). */
export function moveElement(tree: Element[], id: string, direction: 'up' | 'down'): Edit {
  const at = locate(tree, id);
  if (!at) return MISSING;
  const to = direction === 'up' ? at.index - 1 : at.index + 1;
  if (to < 0) return { refused: 'Elemen ini sudah paling atas.' };
  if (to >= at.siblings.length) return { refused: 'Elemen ini sudah paling bawah.' };
  const order = [...at.siblings];
  [order[at.index], order[to]] = [order[to] as Element, order[at.index] as Element];
  return withChildren(tree, at.parent?.id ?? null, order);
}

/** Removes an element with everything inside it. */
export function removeElement(tree: Element[], id: string): Edit {
  const at = locate(tree, id);
  if (!at) return MISSING;
  return withChildren(
    tree,
    at.parent?.id ?? null,
    at.siblings.filter((el) => el.id !== id),
  );
}

/** Adds a section at the end of the page, with one full-width column in it (its ids: `ids[0]`, `ids[1]`). */
export function insertSection(tree: Element[], ids: readonly [string, string]): Edit {
  const [sectionId, columnId] = ids;
  if (taken(tree, sectionId) || taken(tree, columnId) || sectionId === columnId)
    return { refused: 'ID sudah dipakai.' };
  const column: Element = { id: columnId, type: 'column', settings: columnSettings.parse({}), children: [] };
  return [...tree, { id: sectionId, type: 'section', settings: sectionSettings.parse({}), children: [column] }];
}

/** Adds a column at the end of a section. */
export function insertColumn(tree: Element[], sectionId: string, id: string): Edit {
  const section = findElement(tree, sectionId);
  if (!section) return MISSING;
  if (section.type !== 'section') return { refused: 'Kolom hanya dapat ditambahkan ke dalam bagian.' };
  if (taken(tree, id)) return { refused: 'ID sudah dipakai.' };
  const column: Element = { id, type: 'column', settings: columnSettings.parse({}), children: [] };
  return withChildren(tree, sectionId, [...section.children, column]);
}

/** Adds a widget with these settings at the end of a column. */
export function insertWidget(
  catalog: ElementCatalog,
  tree: Element[],
  columnId: string,
  widget: string,
  settings: Record<string, unknown>,
  id: string,
): Edit {
  const column = findElement(tree, columnId);
  if (!column) return { refused: 'Kolom ini tidak ada lagi di halaman. Muat ulang penyunting.' };
  if (column.type !== 'column') return { refused: 'Widget hanya dapat ditambahkan ke dalam kolom.' };
  if (!settingsSchemaOf(catalog, { type: 'widget', widget })) return { refused: 'Jenis widget ini tidak dikenal.' };
  if (taken(tree, id)) return { refused: 'ID sudah dipakai.' };
  return withChildren(tree, columnId, [...column.children, { id, type: 'widget', widget, settings, children: [] }]);
}

/** Replaces an element's settings. */
export function setSettings(tree: Element[], id: string, settings: Record<string, unknown>): Edit {
  const at = locate(tree, id);
  if (!at) return MISSING;
  const order = at.siblings.map((el) => (el.id === id ? { ...el, settings } : el));
  return withChildren(tree, at.parent?.id ?? null, order);
}

const taken = (tree: Element[], id: string) => findElement(tree, id) !== undefined;

/**
 * A new element id not used in the tree: 8 lowercase hex digits from `random` (the seed's ids are
 * short words, so the two never meet; 4 billion values keep ids unique across pages in practice).
 */
export function newElementId(
  tree: Element[],
  random: () => number = Math.random,
  also: readonly string[] = [],
): string {
  for (;;) {
    const id = Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
    if (!taken(tree, id) && !also.includes(id)) return id;
  }
}

/** What the parent of each kind of element is (null: the top level). */
const PARENT_OF: Record<Element['type'], Element['type'] | null> = {
  section: null,
  column: 'section',
  widget: 'column',
};

/**
 * What is wrong with a tree the editor is about to store, in words, or null: the renderer's checks
 * (the tree's schema, every element's settings by its schema, known widgets) and the editor's shape
 * (sections › columns › widgets, ids unique).
 */
export function treeProblem(catalog: ElementCatalog, tree: unknown): string | null {
  const parsed = treeSchema.safeParse(tree);
  if (!parsed.success) return `Struktur halaman tidak valid (${parsed.error.issues[0]?.path.join('.')}).`;
  const seen = new Set<string>();
  const check = (els: Element[], parent: Element | null): string | null => {
    for (const el of els) {
      if (seen.has(el.id)) return `ID elemen “${el.id}” dipakai lebih dari sekali.`;
      seen.add(el.id);
      if (PARENT_OF[el.type] !== (parent?.type ?? null)) return `Elemen “${el.id}” tidak berada di tempatnya.`;
      const schema = settingsSchemaOf(catalog, el);
      if (!schema) return `Widget “${el.widget}” tidak dikenal.`;
      if (!schema.safeParse(el.settings).success) return `Pengaturan elemen “${el.id}” tidak valid.`;
      const inner = check(el.children, el);
      if (inner) return inner;
    }
    return null;
  };
  return check(parsed.data, null);
}
