import type { Db } from '~/db';
import { type Element, TreeError, treeSchema, walkTree } from './tree';

/** Parses stored tree JSON; a bad tree names the element and the setting (STYLE.md). */
export function parseTree(json: string | null): Element[] {
  if (!json) return [];
  const parsed = treeSchema.safeParse(JSON.parse(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TreeError('(tree)', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

/** The stored settings of one element of a published page or template, unparsed; null when absent. */
export async function storedWidgetSettings(db: Db, postId: number, elementId: string): Promise<unknown | null> {
  const row = await db
    .selectFrom('post')
    .select('tree')
    .where('id', '=', postId)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  if (!row?.tree) return null;
  let tree: Element[];
  try {
    tree = parseTree(row.tree);
  } catch {
    return null;
  }
  for (const el of walkTree(tree)) if (el.id === elementId && el.type === 'widget') return el.settings;
  return null;
}
