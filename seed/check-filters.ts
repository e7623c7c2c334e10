import type { FilterRecord } from '~/features/filters/settings';
import { FILTER_WIRE_SHAPES, fitsWireShape } from '~/features/filters/staff-model';
import { FILTER_GROUP_WIDGETS, WIDGET_CATALOG } from '~/widgets/catalog';
import { ContentError, type YamlElement } from './schemas';

/**
 * The checks that read across seed files: a stored filter against terms.yaml and the meta the
 * entries carry, and a page's filter groups against the listings on that page.
 */

/** Per post type: the taxonomies and meta keys its items carry. */
export type Carried = Record<string, { taxonomies: Set<string>; meta: Set<string> }>;

/** What a filter record needs beyond its schema; null when it is sound. */
export function filterProblem(
  f: FilterRecord,
  terms: Record<string, Array<{ slug: string }>>,
  carried: Carried,
  optionImages: Array<string | undefined> = [],
): { path: string; message: string } | null {
  if (!fitsWireShape(f)) {
    const ways = FILTER_WIRE_SHAPES[f.type].map(
      ([t, v, x]) => `${t} ${v === '*' ? '<name>' : `"${v}"`}${x ? `|${x}` : ''}`,
    );
    return {
      path: 'queryType',
      message: `a ${f.type} filter queries ${ways.join(' or ')} (original-wire.md §2.2), not ${f.queryType} "${f.queryVar}"${f.queryVarSuffix ? `|${f.queryVarSuffix}` : ''}`,
    };
  }
  const anyType = (has: (c: Carried[string]) => boolean) => Object.values(carried).some(has);
  if (f.queryType === 'tax_query' && (f.source.kind !== 'taxonomy' || f.source.taxonomy !== f.queryVar)) {
    return { path: 'source', message: `a tax_query filter offers the terms of its taxonomy (${f.queryVar})` };
  }
  const source = f.source;
  if (source.kind === 'taxonomy') {
    const list = terms[source.taxonomy];
    if (!list) return { path: 'source.taxonomy', message: `no taxonomy ${source.taxonomy} in terms.yaml` };
    if (source.parent && !list.some((t) => t.slug === source.parent)) {
      return { path: 'source.parent', message: `no ${source.taxonomy} with slug ${source.parent}` };
    }
  }
  if (f.queryType === 'meta_query' && !anyType((c) => c.meta.has(f.queryVar))) {
    return { path: 'queryVar', message: `no post, gallery item or activity carries meta ${f.queryVar}` };
  }
  if (source.kind === 'meta-values' && !anyType((c) => c.meta.has(source.key))) {
    return { path: 'source.key', message: `no post, gallery item or activity carries meta ${source.key}` };
  }
  if (f.source.kind === 'manual') {
    const values = new Set<string>();
    for (const [j, o] of f.source.options.entries()) {
      if (values.has(o.value)) {
        return { path: `source.options[${j}].value`, message: `option value ${o.value} is used twice` };
      }
      values.add(o.value);
    }
  }
  const s = f.settings;
  if (f.type === 'sorting') {
    if (!s.sortOptions) return { path: 'settings.sortOptions', message: 'a sorting filter lists its sortOptions' };
    const j = s.sortOptions.findIndex((o) => o.orderby.startsWith('meta_value') && !o.metaKey);
    if (j >= 0) return { path: `settings.sortOptions[${j}].metaKey`, message: 'a meta sort names its metaKey' };
  }
  if (f.type === 'hierarchy' && !s.levels) {
    return { path: 'settings.levels', message: 'a hierarchy filter names its levels' };
  }
  if (f.type === 'range') {
    if (s.min === undefined || s.max === undefined || s.step === undefined) {
      return { path: 'settings', message: 'a range filter sets min, max and step' };
    }
    if (s.min >= s.max) return { path: 'settings.max', message: `max ${s.max} is not above min ${s.min}` };
  }
  if (f.type === 'color-image') {
    if (!s.swatch)
      return { path: 'settings.swatch', message: 'a swatch filter says whether it shows colours or images' };
    if (f.source.kind === 'manual') {
      const j = f.source.options.findIndex((o, j) =>
        s.swatch === 'color' ? !o.color : o.imageId === undefined && !optionImages[j],
      );
      if (j >= 0) {
        const what = s.swatch === 'color' ? 'color' : 'image';
        return { path: `source.options[${j}]`, message: `each option of a ${what} swatch has its ${what}` };
      }
    }
  }
  return null;
}

/** Provider of each listing widget that a filter group can narrow. */
const LISTING_PROVIDERS: Record<string, string> = { 'jet-listing-grid': 'jet-engine', posts: 'epro-posts' };

/**
 * Every filter group widget on a page names a listing on the same page (by provider and query
 * id), and every `smart-filter` names a stored filter that fits the post types of that listing.
 */
export function checkFilterGroups(
  file: string,
  at: string,
  tree: YamlElement[],
  filters: Map<number, FilterRecord>,
  carried: Carried,
) {
  const widgets: Array<{ el: YamlElement; path: string }> = [];
  const walk = (els: YamlElement[], where: string) =>
    els.forEach((el, i) => {
      const here = `${where}[${i}]`;
      if (el.type === 'widget') widgets.push({ el, path: here });
      walk(el.children, `${here}.children`);
    });
  walk(tree, at);

  const listings = new Map<string, string[]>();
  for (const { el, path } of widgets) {
    const provider = LISTING_PROVIDERS[el.widget ?? ''];
    const queryId = el.settings.queryId;
    if (!provider || typeof queryId !== 'string') continue;
    const key = `${provider}/${queryId}`;
    if (listings.has(key)) {
      throw new ContentError(file, `${path}.settings.queryId`, `another listing on this page is ${key}`);
    }
    const types: string[] =
      el.widget === 'posts'
        ? WIDGET_CATALOG.posts.settings.parse(el.settings).postTypes
        : [WIDGET_CATALOG['jet-listing-grid'].settings.parse(el.settings).postType];
    listings.set(key, types);
  }

  for (const { el, path } of widgets) {
    const group = FILTER_GROUP_WIDGETS.find((name) => name === el.widget);
    if (!group) continue;
    const schema = WIDGET_CATALOG[group].settings;
    // Parsed again for the defaults (checkTree in load.ts has already checked the settings).
    const settings = schema.parse(el.settings) as {
      provider: string;
      queryId: string;
      filterId?: number;
      additionalProviders?: Array<{ provider: string; queryId: string }>;
    };
    const key = `${settings.provider}/${settings.queryId}`;
    const listingOf = (provider: string, queryId: string, at: string) => {
      const types = listings.get(`${provider}/${queryId}`);
      if (!types) {
        throw new ContentError(
          file,
          at,
          `no listing ${provider}/${queryId} on this page (a ${provider === 'jet-engine' ? 'jet-listing-grid' : 'posts'} widget with queryId ${queryId})`,
        );
      }
      return types;
    };
    const own = listingOf(settings.provider, settings.queryId, `${path}.settings.queryId`);
    if (settings.filterId === undefined) continue;
    const f = filters.get(settings.filterId);
    if (!f) throw new ContentError(file, `${path}.settings.filterId`, `no filter ${settings.filterId} in filters.yaml`);
    checkFilterFits(file, `${path}.settings.filterId`, f, key, own, carried);
    // An additional provider takes the filter's value too: its listing must be on the page and carry what it filters by.
    (settings.additionalProviders ?? []).forEach((extra, j) => {
      const at = `${path}.settings.additionalProviders[${j}]`;
      const extraKey = `${extra.provider}/${extra.queryId}`;
      if (extraKey === key) throw new ContentError(file, at, `${extraKey} is the filter's own listing`);
      const types = listingOf(extra.provider, extra.queryId, `${at}.queryId`);
      checkFilterFits(file, at, f, extraKey, types, carried);
    });
  }
}

/** A filter fits a listing when some of its post types carry the taxonomy or meta keys the filter reads. */
function checkFilterFits(file: string, at: string, f: FilterRecord, key: string, types: string[], carried: Carried) {
  const has = (pick: (c: Carried[string]) => boolean) => types.some((t) => carried[t] && pick(carried[t]));
  const metaKeys = [
    ...(f.queryType === 'meta_query' ? [f.queryVar] : []),
    ...(f.settings.sortOptions ?? []).flatMap((o) => (o.metaKey ? [o.metaKey] : [])),
  ];
  const needs = [
    ...(f.queryType === 'tax_query'
      ? [{ what: `taxonomy ${f.queryVar}`, ok: has((c) => c.taxonomies.has(f.queryVar)) }]
      : []),
    ...metaKeys.map((k) => ({ what: `meta ${k}`, ok: has((c) => c.meta.has(k)) })),
  ];
  const missing = needs.find((n) => !n.ok);
  if (missing) {
    throw new ContentError(
      file,
      at,
      `filter ${f.id} filters by ${missing.what}, which no ${types.join(' or ')} item of listing ${key} carries`,
    );
  }
}
