import { walkTree } from '~/content/tree';
import { parseTree } from '~/content/tree.server';
import type { Db, SmartFilterRow } from '~/db';
import { publicSave, withStaffChange, withStaffSave } from '~/lib/content-version.server';
import { parseFilterRow } from './records.server';
import type { FilterRecord } from './settings';
import type { FilterDraft, FilterForm } from './staff-form';
import type { FilterFormField, FilterUse, StaffFilterRow } from './staff-model';

/**
 * The staff's reads and changes of filter records (issue 14 "Filters", table `smart_filter`). Counts
 * are never stored: the indexer counts with live queries (indexer.server.ts), and every copy of a
 * record or a count a process remembers ends with the change `recordChange` records here.
 */

/** Widget that shows one stored filter on a page (settings.filterId). */
const FILTER_WIDGET = 'smart-filter';

/** Every page or template (any status) whose tree shows a filter, by filter id. */
export async function filterUses(db: Db, only?: number): Promise<Map<number, FilterUse[]>> {
  const rows = await db
    .selectFrom('post')
    .select(['id', 'title', 'type', 'status', 'slug', 'tree'])
    .where('tree', 'is not', null)
    // The widget's name is in the text of every tree that shows one: the others are not parsed.
    .where('tree', 'like', `%${FILTER_WIDGET}%`)
    .orderBy('id')
    .execute();
  const uses = new Map<number, FilterUse[]>();
  for (const row of rows) {
    let ids: Set<number>;
    try {
      ids = new Set(
        [...walkTree(parseTree(row.tree))]
          .filter((el) => el.type === 'widget' && el.widget === FILTER_WIDGET)
          .map((el) => el.settings.filterId)
          .filter((id): id is number => typeof id === 'number' && (only === undefined || id === only)),
      );
    } catch {
      continue; // a tree that does not parse shows no widgets
    }
    for (const id of ids) {
      const list = uses.get(id) ?? [];
      list.push({
        postId: row.id,
        title: row.title,
        type: row.type,
        status: row.status,
        url: row.status === 'publish' && row.type === 'page' ? `/${row.slug}/` : null,
      });
      uses.set(id, list);
    }
  }
  return uses;
}

/** The staff list: every stored filter, by id, with the pages that show it. */
export async function listStaffFilters(db: Db): Promise<StaffFilterRow[]> {
  const [rows, uses] = await Promise.all([
    db.selectFrom('smart_filter').selectAll().orderBy('id').execute(),
    filterUses(db),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    label: r.label,
    type: r.type,
    queryType: r.query_type,
    queryVar: r.query_var,
    queryVarSuffix: r.query_var_suffix,
    uses: uses.get(r.id) ?? [],
    broken: readRecord(r) === null,
  }));
}

/** A stored row as its record; null when it does not parse. */
function readRecord(row: SmartFilterRow): FilterRecord | null {
  const parsed = parseFilterRow(row);
  return parsed.success ? parsed.data : null;
}

/** A stored filter with its version and the pages that show it; null when there is none (or it does not parse). */
export async function loadStaffFilter(
  db: Db,
  id: number,
): Promise<{ record: FilterRecord; version: number; uses: FilterUse[] } | null> {
  const row = await db.selectFrom('smart_filter').selectAll().where('id', '=', id).executeTakeFirst();
  const record = row ? readRecord(row) : null;
  if (!row || !record) return null;
  return { record, version: row.version, uses: (await filterUses(db, id)).get(id) ?? [] };
}

/** What the form offers as query names: the stored taxonomies and meta keys. */
export async function filterVocabulary(db: Db): Promise<{ taxonomies: string[]; metaKeys: string[] }> {
  const [taxonomies, metaKeys] = await Promise.all([
    db.selectFrom('term').select('taxonomy').distinct().orderBy('taxonomy').execute(),
    db.selectFrom('post_meta').select('meta_key').distinct().orderBy('meta_key').execute(),
  ]);
  return {
    taxonomies: taxonomies.map((t) => t.taxonomy),
    // Keys starting with `_` are the site's own (pictures of a gallery and the like), never filtered by.
    metaKeys: metaKeys.map((m) => m.meta_key).filter((k) => !k.startsWith('_')),
  };
}

/** What the database says is wrong with a draft (a taxonomy, meta key, term or picture that is not there). */
async function draftProblems(db: Db, draft: FilterDraft): Promise<Partial<Record<FilterFormField, string>>> {
  const problems: Partial<Record<FilterFormField, string>> = {};
  const hasMeta = async (key: string) =>
    (await db.selectFrom('post_meta').select('post_id').where('meta_key', '=', key).limit(1).executeTakeFirst()) !==
    undefined;
  if (draft.queryType === 'tax_query') {
    const any = await db
      .selectFrom('term')
      .select('id')
      .where('taxonomy', '=', draft.queryVar)
      .limit(1)
      .executeTakeFirst();
    if (!any)
      problems.var_kueri = `Taksonomi “${draft.queryVar}” tidak ada. Pilih salah satu taksonomi yang tersimpan.`;
  } else if (draft.queryType === 'meta_query' && !(await hasMeta(draft.queryVar))) {
    problems.var_kueri = `Tidak ada isi yang menyimpan meta “${draft.queryVar}”. Pilih salah satu kunci meta yang tersimpan.`;
  }
  const source = draft.source;
  if (source.kind === 'taxonomy' && source.parent && !problems.var_kueri) {
    const parent = await db
      .selectFrom('term')
      .select('id')
      .where('taxonomy', '=', source.taxonomy)
      .where('slug', '=', source.parent)
      .executeTakeFirst();
    if (!parent)
      problems.induk = `Tidak ada istilah “${source.parent}” di taksonomi ${source.taxonomy}. Kosongkan untuk semua istilah.`;
  }
  if (source.kind === 'meta-values' && !(await hasMeta(source.key))) {
    problems.kunci_meta = `Tidak ada isi yang menyimpan meta “${source.key}”.`;
  }
  if (source.kind === 'manual') {
    const wanted = [...new Set(source.options.flatMap((o) => (o.imageId === undefined ? [] : [o.imageId])))];
    if (wanted.length > 0) {
      const found = new Set(
        (await db.selectFrom('media').select('id').where('id', 'in', wanted).execute()).map((m) => m.id),
      );
      const j = source.options.findIndex((o) => o.imageId !== undefined && !found.has(o.imageId));
      if (j >= 0) problems.opsi = `Baris ${j + 1}: tidak ada gambar bernomor ${source.options[j]?.imageId}.`;
    }
  }
  for (const [j, o] of (draft.settings.sortOptions ?? []).entries()) {
    if (o.metaKey && !(await hasMeta(o.metaKey))) {
      problems.urutan = `Baris ${j + 1}: tidak ada isi yang menyimpan meta “${o.metaKey}”.`;
      break;
    }
  }
  return problems;
}

const columns = (d: FilterDraft) => ({
  name: d.name,
  type: d.type,
  label: d.label,
  active_label: d.activeLabel,
  query_type: d.queryType,
  query_var: d.queryVar,
  query_var_suffix: d.queryVarSuffix,
  apply_type: d.applyType,
  source: JSON.stringify(d.source),
  indexer: JSON.stringify(d.indexer),
  settings: JSON.stringify(d.settings),
});

/** Why a save did not happen. */
export type FilterSaveProblem =
  | { kind: 'invalid'; errors: Partial<Record<FilterFormField, string>> }
  | { kind: 'missing' }
  /** Someone saved the filter after this form was opened: nothing was overwritten. */
  | { kind: 'conflict' };

/**
 * Creates (`id` null: the next free id) or updates a filter record; then records the change, which
 * ends every process's remembered records, counts and cached pages, so the public pages and the
 * filtering calls use the new record at once. An edit whose version is not the stored one changes nothing.
 */
export async function saveStaffFilter(
  db: Db,
  userId: number,
  id: number | null,
  form: FilterForm,
): Promise<{ id: number } | FilterSaveProblem> {
  const errors = await draftProblems(db, form.draft);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  // Two editors creating a filter at once take the same id: the other takes the next.
  return withStaffSave(db, id === null, async (trx, record): Promise<{ id: number } | FilterSaveProblem> => {
    let filterId: number;
    if (id === null) {
      const top = await trx
        .selectFrom('smart_filter')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      filterId = Number(top?.id ?? 0) + 1;
      await trx
        .insertInto('smart_filter')
        .values({ id: filterId, ...columns(form.draft) })
        .execute();
    } else {
      const updated = await trx
        .updateTable('smart_filter')
        .set((eb) => ({ ...columns(form.draft), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', form.version ?? 0)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const exists = await trx.selectFrom('smart_filter').select('id').where('id', '=', id).executeTakeFirst();
        return { kind: exists ? 'conflict' : 'missing' };
      }
      filterId = id;
    }
    // Public widgets read the records (remembered); a page may already name a new one's id.
    await record(
      publicSave(userId, 'filter', id === null, {
        subjectType: 'smart_filter',
        subjectId: filterId,
        summary: form.draft.name,
      }),
    );
    return { id: filterId };
  });
}

/**
 * Deletes a filter no page or template shows; `uses` lists those that do (nothing is deleted then),
 * false when there is no such filter.
 */
export async function deleteStaffFilter(db: Db, userId: number, id: number): Promise<boolean | { uses: FilterUse[] }> {
  const deleted = await withStaffChange(db, async (trx, record): Promise<boolean | { uses: FilterUse[] }> => {
    // Read in the transaction: a page saved meanwhile with this filter is seen, or waits.
    const uses = (await filterUses(trx, id)).get(id) ?? [];
    if (uses.length > 0) return { uses };
    const row = await trx.selectFrom('smart_filter').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('smart_filter').where('id', '=', id).execute();
    await record({
      userId,
      action: 'filter.delete',
      subjectType: 'smart_filter',
      subjectId: id,
      summary: row.name,
      public: true,
    });
    return true;
  });
  return deleted;
}

/** What the deletion step shows: the name (read alone, so a record that no longer parses can go) and its pages. */
export async function filterForDeletion(
  db: Db,
  id: number,
): Promise<{ id: number; name: string; uses: FilterUse[] } | null> {
  const row = await db.selectFrom('smart_filter').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { id, name: row.name, uses: (await filterUses(db, id)).get(id) ?? [] };
}
