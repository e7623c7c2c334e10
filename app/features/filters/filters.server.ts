import type { Db } from '~/db';
import { type ListingGridSettings, listingGridSettings } from '~/features/gallery/index.server';
import { type PostsListSettings, postsListSettings } from '~/features/listing/index.server';
import { jsonOrUndefined } from '~/lib/json';
import { rememberFor } from '~/lib/remember.server';
import { groupKey, type Provider, type PublicFilter, queryKeyOf } from './model';
import { type FilterRecord, filterRecord, filterWidgetSettings } from './settings';

/**
 * Reading the stored filter configuration: filter records (table `smart_filter`), the site's URL
 * type, taxonomy trees, and which listing and filters each group has on the published pages. Each
 * read is remembered for a few seconds per process, like the site settings (a copy, never state).
 */

const TTL_MS = 5_000;
const rememberedRecords = rememberFor<Map<number, FilterRecord>>(TTL_MS);

/** Every valid filter record by id. A row that does not parse is left out with a logged reason, never a failed page. */
export function getFilterRecords(db: Db): Promise<Map<number, FilterRecord>> {
  return rememberedRecords(db, 'smart_filter', async () => {
    const rows = await db.selectFrom('smart_filter').selectAll().orderBy('id').execute();
    const records = new Map<number, FilterRecord>();
    for (const row of rows) {
      const parsed = filterRecord.safeParse({
        id: row.id,
        name: row.name,
        type: row.type,
        label: row.label,
        activeLabel: row.active_label,
        queryType: row.query_type,
        queryVar: row.query_var,
        queryVarSuffix: row.query_var_suffix,
        applyType: row.apply_type,
        source: jsonOrUndefined(row.source),
        indexer: jsonOrUndefined(row.indexer),
        settings: jsonOrUndefined(row.settings),
      });
      if (parsed.success) records.set(parsed.data.id, parsed.data);
      else {
        const issue = parsed.error.issues[0];
        console.warn(`smart_filter ${row.id} skipped: ${issue?.path.join('.')}: ${issue?.message}`);
      }
    }
    return records;
  });
}

/** The record as the browser gets it: the query key added, the options source left out. */
export function publicFilter(record: FilterRecord): PublicFilter {
  return {
    id: record.id,
    type: record.type,
    label: record.label,
    activeLabel: record.activeLabel,
    queryType: record.queryType,
    queryVar: record.queryVar,
    queryVarSuffix: record.queryVarSuffix,
    queryKey: queryKeyOf(record),
    applyType: record.applyType,
    indexer: { ...record.indexer },
    settings: { ...record.settings },
  };
}

// -- taxonomy trees -----------------------------------------------------------------------------

export interface TermNode {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
}

/** The terms of one taxonomy with their parent links; children sorted by name. */
export interface TermTree {
  taxonomy: string;
  terms: Map<number, TermNode>;
  /** Children of a term id, or of `null` for the top level. */
  children: Map<number | null, TermNode[]>;
}

const rememberedTrees = rememberFor<TermTree>(TTL_MS);

/** One taxonomy's terms (a few dozen at most: read whole, remembered briefly). */
export function getTermTree(db: Db, taxonomy: string): Promise<TermTree> {
  return rememberedTrees(db, taxonomy, async () => {
    const rows = await db
      .selectFrom('term')
      .select(['id', 'name', 'slug', 'parent_id'])
      .where('taxonomy', '=', taxonomy)
      .execute();
    return termTreeOf(
      taxonomy,
      rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, parentId: r.parent_id })),
    );
  });
}

/** A taxonomy's tree from its terms: children by parent, sorted by name. */
export function termTreeOf(taxonomy: string, nodes: readonly TermNode[]): TermTree {
  const terms = new Map(nodes.map((t) => [t.id, t]));
  const children = new Map<number | null, TermNode[]>();
  for (const t of terms.values()) {
    // A parent outside the taxonomy (never expected) makes the term a top-level one.
    const parent = t.parentId !== null && terms.has(t.parentId) ? t.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(t);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'id') || a.id - b.id);
  return { taxonomy, terms, children };
}

/** The term and every term below it. */
export function withDescendants(tree: TermTree, id: number): number[] {
  const out: number[] = [];
  const visit = (t: number) => {
    if (out.includes(t)) return;
    out.push(t);
    for (const c of tree.children.get(t) ?? []) visit(c.id);
  };
  visit(id);
  return out;
}

/** The chain from the top level down to the term (the term last). */
export function chainTo(tree: TermTree, id: number): number[] {
  const chain: number[] = [];
  for (
    let t = tree.terms.get(id);
    t && !chain.includes(t.id);
    t = t.parentId ? tree.terms.get(t.parentId) : undefined
  ) {
    chain.unshift(t.id);
  }
  return chain;
}

/** Terms in display order (each followed by its children), with their depth below `rootId`'s level. */
export function termsInOrder(tree: TermTree, rootId: number | null): Array<TermNode & { depth: number }> {
  const out: Array<TermNode & { depth: number }> = [];
  const visit = (parent: number | null, depth: number) => {
    for (const t of tree.children.get(parent) ?? []) {
      out.push({ ...t, depth });
      if (depth < 20) visit(t.id, depth + 1);
    }
  };
  visit(rootId, 0);
  return out;
}

// -- groups on the published pages --------------------------------------------------------------

/** The listing a group narrows, as stored on a published page. */
export type StoredListing =
  | { kind: 'jet-listing-grid'; postId: number; elementId: string; settings: ListingGridSettings }
  | { kind: 'posts'; postId: number; elementId: string; settings: PostsListSettings };

/** A filter group as the published pages define it: its listing and the filters shown for it. */
export interface StoredGroup {
  provider: Provider;
  queryId: string;
  listing: StoredListing | null;
  filterIds: number[];
  /**
   * Filters shown for another group that name this one as an additional provider (spec 001 §3): their
   * query keys count as this group's too, and that group's filtered address filters this one.
   */
  mirroredFrom: Array<{ group: string; filterId: number }>;
}

const rememberedGroups = rememberFor<Map<string, StoredGroup>>(TTL_MS);

/** Types whose posts hold element trees (pages, landing pages, templates for popups and tabs). */
const TREE_TYPES = ['page', 'e-landing-page', 'template'];

/**
 * Every group on the published pages by `provider/queryId`: the first listing widget naming the query
 * id (a `jet-listing-grid` for jet-engine, a `posts` list for epro-posts) and the `smart-filter`
 * widgets naming the group. Wire calls take the listing's settings from here, never from the client.
 */
export function getStoredGroups(db: Db): Promise<Map<string, StoredGroup>> {
  return rememberedGroups(db, 'groups', async () => {
    const rows = await db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('type', 'in', TREE_TYPES)
      .where('status', '=', 'publish')
      .where('tree', 'is not', null)
      .orderBy('id')
      .execute();
    const groups = new Map<string, StoredGroup>();
    const groupOf = (provider: Provider, queryId: string) => {
      const key = groupKey(provider, queryId);
      let group = groups.get(key);
      if (!group) {
        group = { provider, queryId, listing: null, filterIds: [], mirroredFrom: [] };
        groups.set(key, group);
      }
      return group;
    };
    for (const row of rows) {
      for (const el of widgetsOf(row.tree)) {
        if (el.widget === 'jet-listing-grid' || el.widget === 'posts') {
          const parsed =
            el.widget === 'posts'
              ? postsListSettings.safeParse(el.settings)
              : listingGridSettings.safeParse(el.settings);
          if (!parsed.success || !parsed.data.queryId) continue;
          const group = groupOf(el.widget === 'posts' ? 'epro-posts' : 'jet-engine', parsed.data.queryId);
          if (group.listing) continue;
          group.listing =
            el.widget === 'posts'
              ? { kind: 'posts', postId: row.id, elementId: el.id, settings: parsed.data as PostsListSettings }
              : {
                  kind: 'jet-listing-grid',
                  postId: row.id,
                  elementId: el.id,
                  settings: parsed.data as ListingGridSettings,
                };
        } else if (el.widget === 'smart-filter') {
          const parsed = filterWidgetSettings.safeParse(el.settings);
          if (!parsed.success) continue;
          const { filterId, provider, queryId, additionalProviders } = parsed.data;
          const group = groupOf(provider, queryId);
          if (!group.filterIds.includes(filterId)) group.filterIds.push(filterId);
          for (const extra of additionalProviders) {
            if (groupKey(extra.provider, extra.queryId) === groupKey(provider, queryId)) continue;
            const other = groupOf(extra.provider, extra.queryId);
            const from = groupKey(provider, queryId);
            if (!other.mirroredFrom.some((m) => m.group === from && m.filterId === filterId)) {
              other.mirroredFrom.push({ group: from, filterId });
            }
          }
        }
      }
    }
    return groups;
  });
}

interface StoredElement {
  id: string;
  widget: string;
  settings: unknown;
}

/** The widget elements of a stored tree (DESIGN.md: `{ id, type, widget?, settings, children }`); junk yields nothing. */
function* widgetsOf(json: string | null): Generator<StoredElement> {
  const tree = json ? jsonOrUndefined(json) : undefined;
  const stack: unknown[] = Array.isArray(tree) ? [...tree].reverse() : [];
  while (stack.length > 0) {
    const el = stack.pop();
    if (typeof el !== 'object' || el === null) continue;
    const { id, type, widget, settings, children } = el as Record<string, unknown>;
    if (type === 'widget' && typeof id === 'string' && typeof widget === 'string') yield { id, widget, settings };
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}
