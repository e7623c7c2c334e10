import { z } from 'zod';
import { linkSetting } from '~/lib/link-setting';
import { DEFAULT_QUERY_ID, PROVIDERS } from './model';
import { APPLY_TYPES, COUNTER_MODES, FILTER_TYPES, INDEXER_RULES, PERIOD_TYPES, QUERY_TYPES } from './vocabulary';

/**
 * Stored filter configuration (table `smart_filter`, seeded from content/filters.yaml) and the page
 * widgets that show it. Server-only: zod stays out of the browser bundle.
 */

const slug = z.string().min(1).max(200);
const shortText = z.string().max(200);

/** Where a filter's options come from. */
export const optionsSource = z.discriminatedUnion('kind', [
  /** Terms of a taxonomy; `parent` limits them to the children of one term (slug). */
  z.object({ kind: z.literal('taxonomy'), taxonomy: slug, parent: slug.optional() }),
  /** A fixed list; `image` names an uploaded picture by media id (the seed resolves keys to ids). */
  z.object({
    kind: z.literal('manual'),
    options: z
      .array(
        z.object({
          value: z.string().min(1).max(100),
          label: shortText,
          color: z
            .string()
            .regex(/^#[0-9a-f]{6}$/i)
            .optional(),
          imageId: z.number().int().positive().optional(),
        }),
      )
      .max(200),
  }),
  /** The distinct stored values of a meta key, sorted. */
  z.object({ kind: z.literal('meta-values'), key: slug }),
  /** Controls without options (search, range, dates, sorting, alphabet). */
  z.object({ kind: z.literal('none') }),
]);
export type OptionsSource = z.infer<typeof optionsSource>;

const sortOption = z.object({
  label: shortText,
  orderby: z.enum(['date', 'title', 'meta_value_num', 'meta_value']),
  order: z.enum(['ASC', 'DESC']),
  metaKey: slug.optional(),
});

/** Type-specific settings: mirrors FilterControlSettings in model.ts. */
export const controlSettings = z
  .object({
    operator: z.enum(['AND', 'OR']).optional(),
    moreLess: z.number().int().min(0).max(100).optional(),
    dropdown: z.boolean().optional(),
    placeholder: shortText.optional(),
    levels: z
      .array(z.object({ label: shortText, placeholder: shortText }))
      .min(1)
      .max(5)
      .optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    step: z.number().positive().finite().optional(),
    prefix: z.string().max(20).optional(),
    suffix: z.string().max(20).optional(),
    thousandsSeparator: z.string().max(3).optional(),
    decimalSeparator: z.string().max(3).optional(),
    decimals: z.number().int().min(0).max(6).optional(),
    dateFormat: z.string().min(1).max(40).optional(),
    periodType: z.enum(PERIOD_TYPES).optional(),
    minLetters: z.number().int().min(0).max(20).optional(),
    sortOptions: z.array(sortOption).min(1).max(20).optional(),
    letters: z.array(z.string().min(1).max(3)).max(40).optional(),
    multiple: z.boolean().optional(),
    stars: z.number().int().min(1).max(10).optional(),
    swatch: z.enum(['color', 'image']).optional(),
  })
  .strict();

/** One stored filter record. */
export const filterRecord = z.object({
  id: z.number().int().positive(),
  name: shortText,
  type: z.enum(FILTER_TYPES),
  label: shortText,
  activeLabel: shortText,
  queryType: z.enum(QUERY_TYPES),
  queryVar: z.string().max(200),
  queryVarSuffix: z.string().max(40),
  applyType: z.enum(APPLY_TYPES),
  source: optionsSource,
  indexer: z.object({
    enabled: z.boolean(),
    rule: z.enum(INDEXER_RULES),
    counterMode: z.enum(COUNTER_MODES),
    showCounter: z.boolean(),
  }),
  settings: controlSettings,
});
export type FilterRecord = z.infer<typeof filterRecord>;

const group = {
  provider: z.enum(PROVIDERS),
  queryId: slug.default(DEFAULT_QUERY_ID),
};

/**
 * `smart-filter`: one stored filter record shown on a page for one listing. `additionalProviders`
 * (spec 001 §3-4): other listings on the page that take the filter's value too.
 */
export const filterWidgetSettings = z.object({
  filterId: z.number().int().positive(),
  ...group,
  additionalProviders: z
    .array(z.object({ provider: z.enum(PROVIDERS), queryId: slug }))
    .max(5)
    .default([]),
});

/** `smart-filter-pagination` (spec 001 §3 "Pagination"; mid and end size 0 = every page shown). */
export const paginationWidgetSettings = z.object({
  ...group,
  prevNext: z.boolean().default(true),
  prevText: shortText.default('Sebelumnya'),
  nextText: shortText.default('Berikutnya'),
  midSize: z.number().int().min(0).max(10).default(0),
  endSize: z.number().int().min(0).max(10).default(0),
  /** Pixels left above the listing when paging scrolls to it. */
  topOffset: z.number().int().min(0).max(500).default(0),
});

/** `smart-filter-apply`: applies the group's reload and mixed filters; may redirect (spec 001 §2). */
export const applyWidgetSettings = z.object({
  ...group,
  label: shortText.default('Terapkan'),
  /** Another page (a path below the site, or a full address) to show the results on. */
  redirectPath: linkSetting().optional(),
  redirectInNewWindow: z.boolean().default(false),
});

/** `smart-filter-remove`: resets every filter of the group. */
export const removeWidgetSettings = z.object({ ...group, label: shortText.default('Hapus semua filter') });

/**
 * `smart-filter-panel` (issue 13): below 768 px the page's filters fold behind this one "Filter"
 * control, which shows how many are active; from 768 px it is not shown.
 */
export const panelWidgetSettings = z.object({ ...group, label: shortText.default('Filter') });

/** `smart-filter-active`: the active filters (or tags) of the group, each removable. */
export const activeWidgetSettings = z.object({
  ...group,
  title: shortText.default('Filter aktif:'),
  tags: z.boolean().default(false),
});
