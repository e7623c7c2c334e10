import type { Db, SmartFilterRow } from '~/db';
import { jsonOrUndefined } from '~/lib/json';
import { rememberFor } from '~/lib/remember.server';
import { type PublicFilter, queryKeyOf } from './model';
import { type FilterRecord, filterRecord } from './settings';

/**
 * The stored filter records (table `smart_filter`), remembered for a few seconds per process like
 * the site options (a copy, never state).
 */

const TTL_MS = 5_000;
const rememberedRecords = rememberFor<Map<number, FilterRecord>>(TTL_MS);

/** Every valid filter record by id. A row that does not parse is left out with a logged reason, never a failed page. */
export function getFilterRecords(db: Db): Promise<Map<number, FilterRecord>> {
  return rememberedRecords(db, 'smart_filter', async () => {
    const rows = await db.selectFrom('smart_filter').selectAll().orderBy('id').execute();
    const records = new Map<number, FilterRecord>();
    for (const row of rows) {
      const parsed = parseFilterRow(row);
      if (parsed.success) records.set(parsed.data.id, parsed.data);
      else {
        const issue = parsed.error.issues[0];
        console.warn(`smart_filter ${row.id} skipped: ${issue?.path.join('.')}: ${issue?.message}`);
      }
    }
    return records;
  });
}

/** A stored row read with the record's schema (the staff screens read rows the same way). */
export function parseFilterRow(row: SmartFilterRow) {
  return filterRecord.safeParse({
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
