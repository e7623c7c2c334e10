import type { PublicFilter } from './model';
import { type FilterRecord, filterRecord } from './settings';

/** What a test says of a stored filter: its type and query at least; `id` is 1 unless given. */
export type FilterRecordSpec = Partial<FilterRecord> & Pick<FilterRecord, 'type' | 'queryType' | 'queryVar'>;

/** A stored filter record, parsed by its schema: a plain, unindexed AJAX filter but for what `spec` sets. */
export function filterRecordOf(spec: FilterRecordSpec): FilterRecord {
  const id = spec.id ?? 1;
  return filterRecord.parse({
    id,
    name: `f${id}`,
    label: 'L',
    activeLabel: 'L',
    queryVarSuffix: '',
    applyType: 'ajax',
    source: { kind: 'none' },
    indexer: { enabled: false, rule: 'show', counterMode: 'default', showCounter: false },
    settings: {},
    ...spec,
  });
}

/** The school-fee range filter as the browser gets it, without its id and settings (each test sets those). */
export const FEE_RANGE = {
  type: 'range',
  queryType: 'meta_query',
  queryVar: 'biaya',
  queryKey: '_meta_query_biaya|range',
  label: 'Biaya',
  activeLabel: 'Biaya',
} as const satisfies Partial<PublicFilter>;
