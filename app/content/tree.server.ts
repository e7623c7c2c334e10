import type { Db } from '~/db';
import { lruCache } from '~/lib/cache.server';
import { type Element, TreeError, treeSchema } from './tree';

/**
 * Parses stored tree JSON; a bad tree names the element and the setting (STYLE.md). The same text gives
 * the same elements, shared by every request that reads it (checking a tree costs more than rendering
 * it): callers never change them, except `loadTree` putting each element's checked settings in place.
 */
export function parseTree(json: string | null): Element[] {
  if (!json) return [];
  const known = parsedTrees.get(json);
  if (known) return known;
  const parsed = treeSchema.safeParse(JSON.parse(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TreeError('(tree)', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  parsedTrees.set(json, parsed.data);
  return parsed.data;
}

const parsedTrees = lruCache<Element[]>({ max: 200 });

/**
 * One widget of a published page or template as stored: its name and its settings, unparsed (the caller
 * checks them with that widget's schema; the rest of the tree is not checked again on every call).
 * Null when there is no such page or widget.
 */
export async function storedWidget(
  db: Db,
  postId: number,
  elementId: string,
): Promise<{ widget: string; settings: unknown } | null> {
  const row = await db
    .selectFrom('post')
    .select('tree')
    .where('id', '=', postId)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  if (!row?.tree) return null;
  let nodes: unknown;
  try {
    nodes = JSON.parse(row.tree);
  } catch {
    return null;
  }
  const el = findStored(nodes, elementId);
  return el?.type === 'widget' && typeof el.widget === 'string' ? { widget: el.widget, settings: el.settings } : null;
}

interface StoredElement {
  id?: unknown;
  type?: unknown;
  widget?: unknown;
  settings?: unknown;
  children?: unknown;
}

function findStored(nodes: unknown, id: string): StoredElement | undefined {
  if (!Array.isArray(nodes)) return undefined;
  for (const node of nodes as StoredElement[]) {
    if (typeof node !== 'object' || node === null) continue;
    if (node.id === id) return node;
    const inside = findStored(node.children, id);
    if (inside) return inside;
  }
  return undefined;
}
