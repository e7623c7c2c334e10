import { z } from 'zod';
import type { NarrowList, PostNarrowing } from '~/content/posts.server';
import type { Db, Dialect } from '~/db';
import { type FilteringAnswer, type IndexedData, PAGED_KEY, PROVIDERS, type Provider } from '~/features/filters/model';
import { filterQueryInput } from '~/features/filters/query-values';
import { Invalid } from '~/lib/errors';
import { defineAction } from '~/wire/registry.server';
import {
  groupFacets,
  groupProps,
  narrowingOf,
  planGroup,
  type ResolvedGroup,
  renderGroupPage,
  resolveGroup,
} from './group.server';

/** spec 001 §8: the original's text when the provider or the query id is missing. */
export const NOT_ENOUGH_PARAMETERS = 'Not enough parameters. Check if the "Provider" and "Query ID" are set correctly';

/** Reads `provider/queryId` (or `provider:queryId`, as addresses write it). */
export function readProviderKey(text: string | undefined): { provider: Provider; queryId: string } {
  const m = /^([^/:]+)[/:](.+)$/.exec(text?.trim() ?? '');
  if (!m) throw new Invalid(NOT_ENOUGH_PARAMETERS, 'not_enough_parameters');
  const [, provider, queryId] = m as unknown as [string, string, string];
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    throw new Invalid(
      `Unknown provider "${provider.slice(0, 40)}": use one of ${PROVIDERS.join(', ')}.`,
      'unknown_provider',
    );
  }
  return { provider: provider as Provider, queryId };
}

async function groupOrFail(db: Db, providerText: string | undefined): Promise<ResolvedGroup> {
  const { provider, queryId } = readProviderKey(providerText);
  const group = await resolveGroup(db, provider, queryId);
  if (!group) {
    throw new Invalid(
      `No published listing has the query id "${queryId.slice(0, 100)}" for provider "${provider}".`,
      'unknown_query_id',
    );
  }
  return group;
}

/** A page number as sent (`paged`, `jet_paged`): junk or below 1 is page 1; more than 100,000 is cut. */
export function readPage(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : 1;
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}

/** `indexing_filters`: JSON text of filter ids (`[1377,1402]`) or a list; junk entries are dropped, at most 100. */
export function readFilterIds(value: unknown): number[] {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  const list = Array.isArray(raw) ? raw : [raw];
  const ids = list
    .map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, 100);
}

const optionalText = z.string().max(300).optional();

const filteringInput = z.object({
  provider: optionalText,
  query: filterQueryInput.optional(),
  // The client's copies of the listing's query and settings are never used (the stored page's are).
  defaults: z.unknown().optional(),
  settings: z.unknown().optional(),
  props: z.unknown().optional(),
  paged: z.unknown().optional(),
  indexing_filters: z.unknown().optional(),
  referrer: z.unknown().optional(),
});

/**
 * `jet_smart_filters` (original-wire.md §2.8, spec 001 §7): the listing's items for the state, its
 * pager numbers and the indexer counts, as bare JSON. The listing's post type, page size and cap come
 * from the stored page that shows it, never from the request.
 */
export const filteringAction = defineAction({
  name: 'jet_smart_filters',
  auth: 'anyone',
  nonce: false,
  input: filteringInput,
  async handle(input, ctx): Promise<FilteringAnswer> {
    const group = await groupOrFail(ctx.db, input.provider);
    const query = input.query ?? {};
    const plan = await planGroup(ctx.db, ctx.dialect, group, query);
    const wanted = readPage(input.paged) ?? readPage(query[PAGED_KEY]) ?? 1;
    // One statement counts the listing and the named indexed filters; then the page's items.
    const facets = await groupFacets(ctx.db, ctx.dialect, group, plan, readFilterIds(input.indexing_filters));
    const pagination = groupProps(group, facets.total, wanted);
    const content = await renderGroupPage(ctx.db, ctx.dialect, group, plan, pagination.page, facets);
    return { content, pagination, jetFiltersIndexedData: { [group.key]: facets.indexed }, fragments: {} };
  },
});

/**
 * `jet_smart_filters_get_indexed_data` (original-wire.md §2.9): the counts for a state, after a
 * listing loaded more or lazily. The state comes as `query_args[…]` (or `query[…]`) in query keys.
 */
export const indexedDataAction = defineAction({
  name: 'jet_smart_filters_get_indexed_data',
  auth: 'anyone',
  nonce: false,
  input: z.object({
    provider: optionalText,
    query_args: filterQueryInput.optional(),
    query: filterQueryInput.optional(),
    indexing_filters: z.unknown().optional(),
  }),
  async handle(input, ctx): Promise<{ success: true; data: IndexedData }> {
    const group = await groupOrFail(ctx.db, input.provider);
    const plan = await planGroup(ctx.db, ctx.dialect, group, { ...input.query, ...input.query_args });
    const ids = input.indexing_filters === undefined ? 'all' : readFilterIds(input.indexing_filters);
    return { success: true, data: (await groupFacets(ctx.db, ctx.dialect, group, plan, ids)).indexed };
  },
});

/**
 * Load more of a filtered listing (`ecsload`, `jet_engine_ajax` with `filters[<query key>]=…`): the
 * group's narrowing for that state, or null when the list belongs to no group or nothing applies.
 */
export const narrowStoredList: NarrowList = async (
  db: Db,
  dialect: Dialect,
  list: { provider: Provider; queryId: string },
  filters: unknown,
): Promise<PostNarrowing | null> => {
  const group = await resolveGroup(db, list.provider, list.queryId);
  if (!group) return null;
  const plan = await planGroup(db, dialect, group, filterQueryInput.parse(filters));
  return plan.conditions.length > 0 || plan.order ? narrowingOf(dialect, plan) : null;
};
