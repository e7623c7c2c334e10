import { sql } from 'kysely';
import { listPosts, type PostCondition, type PostNarrowing, type TermRef } from '~/content/posts.server';
import type { Db, Dialect } from '~/db';
import { countFacets, type Facets, type GroupBase } from '~/features/filters/indexer.server';
import { type FilterQuery, groupKey, type ListingProps, type Provider } from '~/features/filters/model';
import { type FilterPlan, planFilters } from '~/features/filters/query.server';
import { getFilterRecords } from '~/features/filters/records.server';
import type { FilterRecord } from '~/features/filters/settings';
import { escapeHtml } from '~/lib/html.server';
import { pageCount } from '~/lib/paging';
import { gridTerms, listGrid, renderGridItems } from '~/widgets/listing-grid/listing-grid.server';
import { postsListQuery, renderPostCards } from '~/widgets/posts/posts.server';
import { getStoredGroups, type StoredListing } from './stored-groups.server';

/**
 * One filter group at work: its stored listing and filters, a state turned into a plan, the listing's
 * numbers and page for that plan, and the indexer counts. Shared by the wire actions and the page's
 * widgets, so that a filtered address and a filtering request show the same items.
 */

export interface ResolvedGroup {
  provider: Provider;
  queryId: string;
  /** `provider/queryId` */
  key: string;
  listing: StoredListing;
  /**
   * The filter records shown for the group on the published pages, and those of other groups that
   * name it as an additional provider: the whitelist of query keys.
   */
  records: FilterRecord[];
  /** The records another group's filters mirror into this one, with that group's `provider/queryId`. */
  mirrored: Array<{ from: string; record: FilterRecord }>;
  base: GroupBase;
  perPage: number;
}

/** The group as the published pages define it; null when no published listing has this query id. */
export async function resolveGroup(db: Db, provider: Provider, queryId: string): Promise<ResolvedGroup | null> {
  const [groups, records] = await Promise.all([getStoredGroups(db), getFilterRecords(db)]);
  const key = groupKey(provider, queryId);
  const stored = groups.get(key);
  if (!stored?.listing) return null;
  const { listing } = stored;
  const mirrored = stored.mirroredFrom.flatMap((m) => {
    const record = records.get(m.filterId);
    return record ? [{ from: m.group, record }] : [];
  });
  const ids = new Set([...stored.filterIds, ...mirrored.map((m) => m.record.id)]);
  const own = [...ids].flatMap((id) => records.get(id) ?? []).sort((a, b) => a.id - b.id);
  let terms: TermRef[];
  let base: Omit<GroupBase, 'key' | 'terms'>;
  let perPage: number;
  if (listing.kind === 'jet-listing-grid') {
    const s = listing.settings;
    terms = gridTerms(s);
    base = { types: [s.postType], maxItems: s.maxPostsNum };
    perPage = s.postsNum;
  } else {
    const s = listing.settings;
    terms = [
      ...(s.category ? [{ taxonomy: 'category', slug: s.category }] : []),
      ...(s.tag ? [{ taxonomy: 'post_tag', slug: s.tag }] : []),
    ];
    base = { types: s.postTypes, maxItems: 0 };
    perPage = s.perPage;
  }
  return { provider, queryId, key, listing, records: own, mirrored, base: { key, terms, ...base }, perPage };
}

/** The state as the group's plan (only its own filters' keys count). */
export function planGroup(db: Db, dialect: Dialect, group: ResolvedGroup, query: FilterQuery): Promise<FilterPlan> {
  return planFilters(db, dialect, group.records, query);
}

/**
 * What the listing adds to its own query for a plan: conditions, order, the page to show, and what the
 * count found (the total; the matching ids while few, which the listing then reads instead of the conditions).
 */
export function narrowingOf(
  dialect: Dialect,
  plan: FilterPlan,
  extra: { page?: number; facets?: Facets } = {},
): PostNarrowing {
  const { page, facets } = extra;
  const where = facets?.matched ? [idIn(dialect, facets.matched)] : plan.conditions.map((c) => c.where);
  return { where, order: plan.order, cacheKey: plan.cacheKey, page, total: facets?.total };
}

/** `post.id` among the ids, with one parameter whatever their number (one statement text to prepare). */
function idIn(dialect: Dialect, ids: readonly number[]): PostCondition {
  return dialect === 'postgres'
    ? () => sql<boolean>`post.id = any(${[...ids]}::integer[])`
    : () => sql<boolean>`post.id in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * The listing's total and the indexer counts under the plan, for the given filter ids (those the
 * client names that belong to the group and are indexed) or for all the group's indexed filters.
 */
export function groupFacets(
  db: Db,
  dialect: Dialect,
  group: ResolvedGroup,
  plan: FilterPlan,
  filterIds: readonly number[] | 'all',
): Promise<Facets> {
  const records = group.records.filter((r) => r.indexer.enabled && (filterIds === 'all' || filterIds.includes(r.id)));
  return countFacets(db, dialect, group.base, plan, records);
}

/** The pager numbers for a total (capped like the listing), the wanted page clamped to them. */
export function groupProps(group: ResolvedGroup, total: number, wantedPage: number): ListingProps {
  const found = group.base.maxItems > 0 ? Math.min(total, group.base.maxItems) : total;
  const pages = pageCount(found, group.perPage);
  return { found_posts: found, max_num_pages: pages, page: Math.min(Math.max(1, wantedPage), pages) };
}

/** Not-found text of the posts list (its component shows the same). */
const POSTS_NOT_FOUND = 'Belum ada berita.';

/** The HTML of one page of the group's listing: the same cards the page shows, or its not-found message. */
export async function renderGroupPage(
  db: Db,
  dialect: Dialect,
  group: ResolvedGroup,
  plan: FilterPlan,
  page: number,
  facets: Facets,
): Promise<string> {
  const narrowing = {
    ...narrowingOf(dialect, plan, { facets }),
    pageIds: facets.newestPage?.(page, group.perPage),
  };
  const { listing } = group;
  if (listing.kind === 'jet-listing-grid') {
    const list = await listGrid(db, dialect, listing.settings, page, narrowing);
    if (list.items.length === 0) {
      return `<p class="jet-listing-not-found">${escapeHtml(listing.settings.notFoundMessage)}</p>`;
    }
    return renderGridItems(db, listing.settings, list.items);
  }
  const list = await listPosts(db, dialect, postsListQuery(listing.settings, page, undefined, narrowing));
  if (list.items.length === 0) return `<p class="posts-empty">${POSTS_NOT_FOUND}</p>`;
  return renderPostCards(list, listing.settings);
}
