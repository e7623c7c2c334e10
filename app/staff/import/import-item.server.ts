import type { Db } from '~/db';

/** One old record and the row it became here (`import_item`, migration 0028). */
export interface ImportItem {
  /** The old site (import.server.ts `sourceOf`). */
  source: string;
  kind: string;
  wpId: number;
  localId: number;
  /** What was written, hashed: the next run leaves the record alone while it is the same. */
  digest: string;
  guid?: string | null;
  /** Its address on the old site, for the redirect (features/old-urls). */
  oldPath?: string | null;
}

/**
 * Records, in the writing transaction, which row an old record became: inserted on its first import, updated on a
 * later one (`known`), so a failed item leaves no row that would make the next run skip it.
 */
export async function recordImportItem(trx: Db, item: ImportItem, known: boolean, at: string): Promise<void> {
  const values = {
    local_id: item.localId,
    digest: item.digest,
    guid: item.guid ?? null,
    old_path: item.oldPath ?? null,
    updated_at: at,
  };
  if (known) {
    await trx
      .updateTable('import_item')
      .set(values)
      .where('source', '=', item.source)
      .where('kind', '=', item.kind)
      .where('wp_id', '=', item.wpId)
      .execute();
  } else {
    await trx
      .insertInto('import_item')
      .values({ ...values, source: item.source, kind: item.kind, wp_id: item.wpId, imported_at: at })
      .execute();
  }
}
