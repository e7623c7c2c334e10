import type { z } from 'zod';
import { getMedia } from '~/content/media.server';
import { getSiteOptions } from '~/content/options.server';
import type { PostNarrowing } from '~/content/posts.server';
import { termsInOrder } from '~/content/terms';
import { getTermTree } from '~/content/terms.server';
import type { Db } from '~/db';
import { DEFAULT_DATE_FORMAT, dateRangeValue, parseDate } from '~/features/filters/date-format';
import {
  type FilterAddress,
  type FilterGroupState,
  type FilterOption,
  type FilterQuery,
  type FilterValue,
  type FilterWidgetProps,
  groupKey,
  type IndexedData,
  type Provider,
  queryKeyOf,
} from '~/features/filters/model';
import { getFilterRecords, publicFilter } from '~/features/filters/records.server';
import type {
  activeWidgetSettings,
  applyWidgetSettings,
  FilterRecord,
  filterWidgetSettings,
  paginationWidgetSettings,
  panelWidgetSettings,
  removeWidgetSettings,
} from '~/features/filters/settings';
import { baseUrlOf, readFilterAddress } from '~/features/filters/url-state';
import { rememberFor } from '~/lib/remember.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import { groupFacets, groupProps, narrowingOf, planGroup, type ResolvedGroup, resolveGroup } from './group.server';
import { hierarchyFor } from './hierarchy.server';

/**
 * Server halves of the filter widgets (registered in features/widgets) and the filter state of a
 * listing on a page. A group's state is worked out once per page load (`ctx.shared`) and given to
 * every widget of the group and to its listing, so that all of them show the same numbers.
 */

/** The page's view of one group: what its widgets show and what its listing narrows by. */
interface GroupRun {
  state: FilterGroupState;
  group: ResolvedGroup | null;
  /** The listing's narrowing: the state's conditions and order, and its page when the address names the group. */
  narrowing: PostNarrowing | null;
}

type Ctx = Pick<WidgetLoadContext, 'db' | 'dialect' | 'url' | 'shared' | 'basePath' | 'page'>;

/** The group's state for this page load, worked out by the first widget that asks. */
export function groupRun(ctx: Ctx, provider: Provider, queryId: string): Promise<GroupRun> {
  const key = `smart-filters:${groupKey(provider, queryId)}`;
  let run = ctx.shared.get(key) as Promise<GroupRun> | undefined;
  if (!run) {
    run = computeRun(ctx, provider, queryId);
    ctx.shared.set(key, run);
  }
  return run;
}

async function computeRun(ctx: Ctx, provider: Provider, queryId: string): Promise<GroupRun> {
  const address = ctx.url ? readFilterAddress(ctx.url) : null;
  // Only an address naming this group filters it (original-wire.md §2.5: `provider:queryId`).
  const mine = address && address.provider === provider && address.queryId === queryId ? address : null;
  const [group, urlType] = await Promise.all([
    resolveGroup(ctx.db, provider, queryId),
    getSiteOptions(ctx.db).then((o) => o.filtersUrlType),
  ]);
  const baseUrl = ctx.url ? baseUrlOf(ctx.url.pathname) : ctx.basePath;
  const state: FilterGroupState = {
    provider,
    queryId,
    query: {},
    page: 1,
    props: { found_posts: 0, max_num_pages: 1, page: 1 },
    indexed: {},
    urlType,
    baseUrl,
  };
  if (!group) return { state, group: null, narrowing: null };
  // An address naming a group whose filters mirror into this one filters this one by those keys too,
  // so the page shows both listings narrowed from the first byte (spec 001 §4 "additional providers").
  const query = mine ? mine.query : address ? mirroredQuery(group, address) : {};
  const plan = await planGroup(ctx.db, ctx.dialect, group, fromFormFields(query, group.records));
  const facets = await groupFacets(ctx.db, ctx.dialect, group, plan, 'all');
  const props = groupProps(group, facets.total, mine ? mine.page : ctx.page);
  return {
    state: {
      ...state,
      query: plan.applied,
      page: props.page,
      props,
      indexed: facets.indexed,
      filters: await chosenLabels(ctx.db, group.records, plan.applied),
    },
    group,
    // Always a narrowing (even an empty one): the listing uses what was counted here.
    narrowing: narrowingOf(ctx.dialect, plan, { page: mine ? props.page : undefined, facets }),
  };
}

/** The group's filters that hold a value, with the labels of the values chosen (taxonomy terms, fixed options). */
async function chosenLabels(
  db: Db,
  records: readonly FilterRecord[],
  query: FilterQuery,
): Promise<NonNullable<FilterGroupState['filters']>> {
  const out: NonNullable<FilterGroupState['filters']> = {};
  for (const record of records) {
    const value = query[queryKeyOf(record)];
    if (value === undefined) continue;
    const chosen = new Set(typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []);
    const labels: Record<string, string> = {};
    if (record.source.kind === 'taxonomy') {
      const tree = await getTermTree(db, record.source.taxonomy);
      for (const id of chosen) {
        const term = tree.terms.get(Number(id));
        if (term) labels[id] = term.name;
      }
    } else if (record.source.kind === 'manual') {
      for (const option of record.source.options) if (chosen.has(option.value)) labels[option.value] = option.label;
    }
    out[record.id] = { filter: publicFilter(record), labels };
  }
  return out;
}

/** The values an address for another group holds for the filters that group mirrors into this one. */
export function mirroredQuery(
  group: Pick<ResolvedGroup, 'mirrored'>,
  address: Pick<FilterAddress, 'provider' | 'queryId' | 'query'>,
): FilterQuery {
  const from = groupKey(address.provider, address.queryId);
  const out: FilterQuery = {};
  for (const { from: source, record } of group.mirrored) {
    const key = queryKeyOf(record);
    const value = address.query[key];
    if (source === from && value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * A filter form sent without JavaScript names a range's ends and a date range's days as two fields
 * (`key[]=from&key[]=to`, the dates in the filter's own format): the wire values are `min_max` and
 * `Y.M.D-Y.M.D`. Other values already have their wire shape.
 */
export function fromFormFields(query: FilterQuery, records: readonly FilterRecord[]): FilterQuery {
  const out = { ...query };
  for (const record of records) {
    const key = queryKeyOf(record);
    const value = out[key];
    if (!Array.isArray(value) || value.length !== 2) continue;
    const [from = '', to = ''] = value.map((v) => v.trim());
    if (record.type === 'range') {
      const { min = 0, max = 0 } = record.settings;
      out[key] = `${from || min}_${to || max}`;
    } else if (record.type === 'date-range') {
      const format = record.settings.dateFormat ?? DEFAULT_DATE_FORMAT;
      const day = (text: string) => {
        try {
          return text ? parseDate(format, text.replace(/\./g, '/')) : null;
        } catch {
          return null;
        }
      };
      const range = dateRangeValue(day(from), day(to));
      if (range) out[key] = range;
      else delete out[key];
    }
  }
  return out;
}

/**
 * What a listing widget (`posts`, `jet-listing-grid`) with a query id takes from its group: the
 * narrowing for its own query and the group state for its props (`filterGroup`).
 */
export async function listingFilter(
  ctx: Ctx,
  provider: Provider,
  queryId: string | undefined,
): Promise<{ narrowing: PostNarrowing | null; filterGroup: FilterGroupState | null }> {
  if (!queryId) return { narrowing: null, filterGroup: null };
  const run = await groupRun(ctx, provider, queryId);
  return { narrowing: run.narrowing, filterGroup: run.state };
}

// -- options ------------------------------------------------------------------------------------

const rememberedValues = rememberFor<string[]>(5_000);

/** The distinct stored values of a meta key among the group's items, numbers in numeric order. */
function metaValues(db: Db, group: ResolvedGroup | null, key: string): Promise<string[]> {
  const types = group ? [...group.base.types] : [];
  return rememberedValues(db, JSON.stringify([types, key]), async () => {
    let q = db
      .selectFrom('post_meta')
      .innerJoin('post', 'post.id', 'post_meta.post_id')
      .select(['post_meta.value_text', 'post_meta.value_number'])
      .distinct()
      .where('post_meta.meta_key', '=', key)
      .where('post.status', '=', 'publish');
    if (types.length > 0) q = q.where('post.type', 'in', types);
    const rows = await q.limit(500).execute();
    const numbers = rows.flatMap((r) => (r.value_number === null ? [] : [r.value_number])).sort((a, b) => a - b);
    const texts = rows
      .flatMap((r) => (r.value_text === null ? [] : [r.value_text]))
      .sort((a, b) => a.localeCompare(b, 'id'));
    return [...new Set([...numbers.map(String), ...texts])];
  });
}

/** A filter's counts from the group's indexed data: per option value (absent means 0). */
function countsOf(record: FilterRecord, indexed: IndexedData): Record<string, number> | null {
  if (!record.indexer.enabled) return null;
  const type = record.queryType === 'tax_query' ? 'tax_query' : record.queryType === 'meta_query' ? 'meta_query' : null;
  return type ? (indexed[type]?.[record.queryVar] ?? {}) : null;
}

/** The options a filter shows, with their counts when it is indexed. */
export async function filterOptions(
  db: Db,
  record: FilterRecord,
  group: ResolvedGroup | null,
  indexed: IndexedData,
): Promise<FilterOption[]> {
  const counts = countsOf(record, indexed);
  const withCount = (o: FilterOption): FilterOption => (counts ? { ...o, count: counts[o.value] ?? 0 } : o);
  const { source } = record;
  switch (source.kind) {
    case 'taxonomy': {
      const tree = await getTermTree(db, source.taxonomy);
      const root = source.parent ? ([...tree.terms.values()].find((t) => t.slug === source.parent)?.id ?? -1) : null;
      return termsInOrder(tree, root).map((t) => withCount({ value: String(t.id), label: t.name, depth: t.depth }));
    }
    case 'manual': {
      const media = await getMedia(
        db,
        source.options.flatMap((o) => (o.imageId ? [o.imageId] : [])),
      );
      return source.options.map((o) =>
        withCount({
          value: o.value,
          label: o.label,
          ...(o.color ? { color: o.color } : {}),
          ...(o.imageId ? { image: media.get(o.imageId) ?? null } : {}),
        }),
      );
    }
    case 'meta-values':
      return (await metaValues(db, group, source.key)).map((v) => withCount({ value: v, label: v }));
    case 'none':
      return [];
  }
}

const rememberedBounds = rememberFor<{ min: number; max: number } | null>(5_000);

/** A range filter without stored bounds takes the smallest and largest stored value of its key. */
function dataBounds(db: Db, group: ResolvedGroup | null, key: string) {
  const types = group ? [...group.base.types] : [];
  return rememberedBounds(db, JSON.stringify([types, key]), async () => {
    let q = db
      .selectFrom('post_meta')
      .innerJoin('post', 'post.id', 'post_meta.post_id')
      .select((eb) => [eb.fn.min('post_meta.value_number').as('min'), eb.fn.max('post_meta.value_number').as('max')])
      .where('post_meta.meta_key', '=', key)
      .where('post.status', '=', 'publish');
    if (types.length > 0) q = q.where('post.type', 'in', types);
    const row = await q.executeTakeFirst();
    const min = row?.min;
    const max = row?.max;
    return min === null || min === undefined || max === null || max === undefined
      ? null
      : { min: Number(min), max: Number(max) };
  });
}

// -- widget loaders -----------------------------------------------------------------------------

/** Props of `smart-filter`: the filter and its options, value and levels, plus the group's state; `filter: null` when the record is missing. */
export type SmartFilterWidgetProps = (FilterWidgetProps | { filter: null }) & { group: FilterGroupState };

/** `smart-filter`: one stored filter record shown for a group. */
export async function loadFilterWidget(
  settings: z.output<typeof filterWidgetSettings>,
  ctx: WidgetLoadContext,
): Promise<WidgetData<SmartFilterWidgetProps>> {
  const [records, run] = await Promise.all([
    getFilterRecords(ctx.db),
    groupRun(ctx, settings.provider, settings.queryId),
  ]);
  const record = records.get(settings.filterId);
  if (!record) {
    // A missing or unreadable record (logged when read) shows nothing rather than failing the page.
    return { props: { filter: null, group: run.state } satisfies SmartFilterWidgetProps };
  }
  const filter = publicFilter(record);
  const value: FilterValue | null = run.state.query[queryKeyOf(record)] ?? null;
  const [options, levels, bounds] = await Promise.all([
    filterOptions(ctx.db, record, run.group, run.state.indexed),
    record.type === 'hierarchy'
      ? hierarchyFor(ctx.db, record, deepestTerm(value), countsOf(record, run.state.indexed))
      : undefined,
    record.type === 'range' && (record.settings.min === undefined || record.settings.max === undefined)
      ? dataBounds(ctx.db, run.group, record.queryVar)
      : null,
  ]);
  if (bounds) {
    filter.settings = {
      ...filter.settings,
      min: filter.settings.min ?? bounds.min,
      max: filter.settings.max ?? bounds.max,
    };
  }
  const props: SmartFilterWidgetProps = {
    filter,
    provider: settings.provider,
    queryId: settings.queryId,
    options,
    ...(levels ? { levels } : {}),
    value,
    additionalProviders: settings.additionalProviders,
    group: run.state,
  };
  return { props };
}

/** The deepest term a hierarchy's value names (its last id). */
function deepestTerm(value: FilterValue | null): number | null {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  for (let i = items.length - 1; i >= 0; i--) {
    const m = /^(\d{1,9})/.exec(items[i]?.trim() ?? '');
    if (m) return Number(m[1]);
  }
  return null;
}

type GroupSettings =
  | z.output<typeof paginationWidgetSettings>
  | z.output<typeof applyWidgetSettings>
  | z.output<typeof removeWidgetSettings>
  | z.output<typeof activeWidgetSettings>
  | z.output<typeof panelWidgetSettings>;

/** `smart-filter-pagination`, `-apply`, `-remove`, `-active`, `-panel`: their settings and the group's state (`group`). */
export async function loadGroupWidget(
  settings: GroupSettings,
  ctx: WidgetLoadContext,
): Promise<WidgetData<GroupSettings & { group: FilterGroupState }>> {
  const run = await groupRun(ctx, settings.provider, settings.queryId);
  return { props: { ...settings, group: run.state } };
}
