import { z } from 'zod';
import { chainTo, type TermTree } from '~/content/terms';
import { getTermTree } from '~/content/terms.server';
import type { Db, Dialect } from '~/db';
import type { FilterOption, HierarchyLevel } from '~/features/filters/model';
import { getFilterRecords } from '~/features/filters/records.server';
import type { FilterRecord } from '~/features/filters/settings';
import { Invalid } from '~/lib/errors';
import { staticMarkup } from '~/lib/static-markup.server';
import { defineAction } from '~/wire/registry.server';
import { groupFacets, planGroup, resolveGroup } from './group.server';
import { getStoredGroups } from './stored-groups.server';

/**
 * The hierarchical select (original-wire.md §2.10, kovatz `hierarchy.php`): one select per level of a
 * taxonomy, each level listing the children of the term chosen above it.
 */

/** A level's label and placeholder: the record's own per level, else its label and placeholder. */
export function levelsOf(record: FilterRecord): Array<{ label: string; placeholder: string }> {
  return record.settings.levels ?? [{ label: record.label, placeholder: record.settings.placeholder ?? 'Pilih…' }];
}

/** The term the top level lists the children of (the source's `parent`), or null for the taxonomy's top. */
function rootOf(record: FilterRecord, tree: TermTree): number | null {
  if (record.source.kind !== 'taxonomy' || !record.source.parent) return null;
  const slug = record.source.parent;
  return [...tree.terms.values()].find((t) => t.slug === slug)?.id ?? null;
}

/**
 * The chosen chain, top first: each value must be a child of the one before (the first a child of
 * the root), in the filter's taxonomy; the chain stops at the first value that is not.
 */
export function chosenChain(tree: TermTree, root: number | null, values: readonly string[], levels: number): number[] {
  const chain: number[] = [];
  for (const v of values.slice(0, levels)) {
    const id = /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    const term = tree.terms.get(id);
    const parent = chain.length === 0 ? root : (chain[chain.length - 1] as number);
    if (!term || term.parentId !== parent) break;
    chain.push(id);
  }
  return chain;
}

/** The options of a level: the children of `parent`, with counts when given. */
export function levelOptions(
  tree: TermTree,
  parent: number | null,
  counts: Record<string, number> | null,
): FilterOption[] {
  return (tree.children.get(parent) ?? []).map((t) => ({
    value: String(t.id),
    label: t.name,
    ...(counts ? { count: counts[String(t.id)] ?? 0 } : {}),
  }));
}

/**
 * Every level of a hierarchy filter for a chosen term (its chain from the top): levels down to the one
 * below the chosen term get options. What the `smart-filter` widget shows on the page.
 */
export async function hierarchyFor(
  db: Db,
  record: FilterRecord,
  chosen: number | null,
  counts: Record<string, number> | null,
): Promise<HierarchyLevel[]> {
  const tree = await getTermTree(db, record.queryVar);
  const root = rootOf(record, tree);
  const levels = levelsOf(record);
  const fullChain = chosen === null ? [] : chainTo(tree, chosen).map(String);
  // The address names the deepest term; the chain below the filter's root is what the levels show.
  const below = root === null ? fullChain : fullChain.slice(fullChain.indexOf(String(root)) + 1);
  const chain = chosenChain(tree, root, below, levels.length);
  return levels.map((level, i) => ({
    label: level.label,
    placeholder: level.placeholder,
    value: chain[i] === undefined ? '' : String(chain[i]),
    options:
      i === 0
        ? levelOptions(tree, root, counts)
        : chain[i - 1] === undefined
          ? []
          : levelOptions(tree, chain[i - 1] as number, counts),
  }));
}

/** Counts of a hierarchy filter's terms in the first group that shows it (no other filter applied). */
async function countsFor(db: Db, dialect: Dialect, record: FilterRecord): Promise<Record<string, number> | null> {
  const groups = await getStoredGroups(db);
  const stored = [...groups.values()].find((g) => g.listing && g.filterIds.includes(record.id));
  if (!stored) return null;
  const group = await resolveGroup(db, stored.provider, stored.queryId);
  if (!group) return null;
  const plan = await planGroup(db, dialect, group, {});
  const indexedRecord = { ...record, indexer: { ...record.indexer, enabled: true } };
  const { indexed } = await groupFacets(db, dialect, { ...group, records: [indexedRecord] }, plan, 'all');
  return indexed.tax_query?.[record.queryVar] ?? {};
}

export interface LevelRequest {
  filterId: number;
  values: Array<{ value: string; tax: string }>;
  /** The first level to rebuild; without it every level is sent, those down to the number of values with options. */
  depth?: number;
  indexer: boolean;
}

/**
 * `level_<n>` → the HTML of level n's select, n counted from 0 for the top level as the original plugin
 * does (kovatz `hierarchy.php`; its client reads `level_i` into level i, so "level N from 1" in spec
 * 001 §7 is the levels below the top one it refreshes). `depth` is the index of the first level to
 * rebuild. Null when the filter is no hierarchy.
 */
export async function hierarchyLevels(
  db: Db,
  dialect: Dialect,
  req: LevelRequest,
): Promise<Record<string, string> | null> {
  const record = (await getFilterRecords(db)).get(req.filterId);
  if (record?.type !== 'hierarchy' || record.queryType !== 'tax_query' || !record.queryVar) return null;
  const taxonomy = record.queryVar;
  const [tree, counts] = await Promise.all([
    getTermTree(db, taxonomy),
    req.indexer ? countsFor(db, dialect, record) : Promise.resolve(null),
  ]);
  const root = rootOf(record, tree);
  const levels = levelsOf(record);
  // Values of another taxonomy end the chain (cross-taxonomy levels are not stored by this site).
  const values: string[] = [];
  for (const v of req.values) {
    if (v.tax !== taxonomy) break;
    values.push(v.value);
  }
  const chain = chosenChain(tree, root, values, levels.length);
  const from = req.depth ?? 0;
  const out: Record<string, string> = {};
  for (let i = from; i < levels.length; i++) {
    const withOptions = req.depth === undefined ? i <= values.length : i === req.depth;
    const parent = i === 0 ? root : chain[i - 1];
    const options = withOptions && parent !== undefined ? levelOptions(tree, parent, counts) : [];
    const level = levels[i] as { label: string; placeholder: string };
    const data = { filterId: record.id, index: i, taxonomy, ...level, options, value: String(chain[i] ?? '') };
    out[`level_${i}`] = staticMarkup(['hierarchy-level', data, counts !== null], () => (
      <LevelSelect {...data} showCounts={counts !== null} />
    ));
  }
  return out;
}

/** One level as the original renders a select filter: label, placeholder option and the terms. */
function LevelSelect(props: {
  filterId: number;
  index: number;
  taxonomy: string;
  label: string;
  placeholder: string;
  options: FilterOption[];
  value: string;
  showCounts: boolean;
}) {
  const id = `jet-hierarchy-${props.filterId}-${props.index}`;
  return (
    <div
      className="jet-select jet-filter"
      data-filter-id={props.filterId}
      data-query-type="tax_query"
      data-query-var={props.taxonomy}
      data-hierarchy={`${props.filterId}-${props.index}`}
      data-depth={props.index}
    >
      <label className="jet-filter-label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className={`jet-select__control depth-${props.index}`}
        name={props.taxonomy}
        defaultValue={props.value}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value} data-label={o.label} data-count={o.count}>
            {props.showCounts ? `${o.label} (${o.count ?? 0})` : o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const levelValue = z
  .object({ value: z.union([z.string().max(20), z.number()]).transform(String), tax: z.string().max(100) })
  .loose();

/**
 * `jet_smart_filters_get_hierarchy_level` (original-wire.md §2.10): `{ success: true, data: { level_<n>:
 * html } }`, n from 0 (the top level). An unknown or non-hierarchical `filter_id` answers
 * `{ success: false }` with status 400.
 */
export const hierarchyLevelAction = defineAction({
  name: 'jet_smart_filters_get_hierarchy_level',
  auth: 'anyone',
  nonce: false,
  input: z.object({
    filter_id: z.unknown(),
    values: z
      .unknown()
      .transform((v) => (Array.isArray(v) ? v : typeof v === 'object' && v !== null ? Object.values(v) : []))
      .pipe(z.array(z.unknown()).max(10, 'values: at most 10 levels'))
      .transform((list) => list.flatMap((v) => levelValue.safeParse(v).data ?? []))
      .optional(),
    depth: z.unknown().optional(),
    indexer: z.unknown().optional(),
  }),
  async handle(input, ctx) {
    const filterId = wholeNumber(input.filter_id);
    const depth = input.depth === undefined || input.depth === '' ? undefined : wholeNumber(input.depth, 0);
    if (depth === null) throw new Invalid('depth must be a whole number of 0 or more.', 'invalid_depth');
    const levels =
      filterId === null
        ? null
        : await hierarchyLevels(ctx.db, ctx.dialect, {
            filterId,
            values: input.values ?? [],
            depth,
            indexer: truthy(input.indexer),
          });
    if (!levels) throw new Invalid('The filter_id names no hierarchical filter.', 'invalid_filter_id');
    return { success: true, data: levels };
  },
});

function wholeNumber(v: unknown, min = 1): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= min && n <= 1_000_000_000 ? n : null;
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && !['', '0', 'false', 'no'].includes(v));
}
