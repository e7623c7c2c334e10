import { type Element, walkTree } from '~/content/tree';
import { parseTree } from '~/content/tree.server';
import type { Db } from '~/db';
import { groupKey, type Provider } from '~/features/filters/model';
import { filterWidgetSettings } from '~/features/filters/settings';
import { rememberFor } from '~/lib/remember.server';
import { type ListingGridSettings, listingGridSettings } from '~/widgets/listing-grid/settings';
import { type PostsListSettings, postsListSettings } from '~/widgets/posts/settings';

/**
 * Which listing and filters each filter group has on the published pages, read from the stored
 * page trees and remembered for a few seconds per process (a copy, never state).
 */

const TTL_MS = 5_000;
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
      let tree: Element[];
      try {
        tree = parseTree(row.tree);
      } catch {
        continue; // a page whose tree does not parse shows no widgets either
      }
      for (const el of walkTree(tree)) {
        if (el.type !== 'widget') continue;
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
