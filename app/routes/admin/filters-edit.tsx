import { data, redirect } from 'react-router';
import { filterVocabulary, loadStaffFilter, saveStaffFilter } from '~/features/filters/staff.server';
import {
  filterFormFields,
  NEW_FILTER_VALUES,
  readFilterForm,
  typedValues,
  valuesOfRecord,
} from '~/features/filters/staff-form';
import { FILTERS_STAFF_PATH } from '~/features/filters/staff-model';
import { FilterForm } from '~/features/filters/ui/staff-filter-form';
import { shownForm } from '~/lib/shown-form';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/filters-edit';

// Issue 14 "Filters": /admin/filter/baru/ (a new filter) and /admin/filter/{id}/ (a filter's form).
// A save takes effect at once and comes back here with `?disimpan` (post, redirect, get).

/** Filter forms carry lists (options, sort choices): more than the 16 kB of a page's form. */
const MAX_FORM_BYTES = 64 * 1024;

const record = staffRecord('Filter ini tidak ditemukan.');

export const loader = staffLoader(
  'filters',
  async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
    const id = record.idOrNew(params.id);
    const fields = filterFormFields(await filterVocabulary(context.db));
    const saved = new URL(request.url).searchParams.has('disimpan');
    if (id === null) return { id, fields, values: NEW_FILTER_VALUES, version: '', uses: [], saved: false };
    const filter = await loadStaffFilter(context.db, id);
    if (!filter) throw record.notFound();
    return {
      id,
      fields,
      values: valuesOfRecord(filter.record),
      version: String(filter.version),
      uses: filter.uses,
      saved,
    };
  },
);

export const action = staffAction(
  'filters',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = record.idOrNew(params.id);
    const read = readFilterForm(fields);
    const values = typedValues(fields);
    const refuse = (errors: Record<string, string>, status: number) => data({ values, errors }, { status });
    if (!read.ok) return refuse(read.errors, 400);
    const outcome = await saveStaffFilter(context.db, user.id, id, read.form);
    if ('id' in outcome) throw redirect(`${FILTERS_STAFF_PATH}${outcome.id}/?disimpan`);
    if (outcome.kind === 'missing') throw record.notFound();
    if (outcome.kind === 'invalid') return refuse(outcome.errors as Record<string, string>, 400);
    return refuse(
      {
        form: 'Filter ini telah diubah orang lain sejak formulir ini dibuka, dan isian Anda belum disimpan. Isian Anda masih di sini: buka filter ini di tab lain untuk melihat perubahan itu, lalu muat ulang formulir ini dan simpan lagi.',
      },
      409,
    );
  },
  { maxBytes: MAX_FORM_BYTES },
);

export default function StaffFilter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FilterForm
      // Another filter's form starts afresh (its type and fields), not from the one shown before.
      key={loaderData.id ?? 'baru'}
      id={loaderData.id}
      fields={loaderData.fields}
      version={loaderData.version}
      uses={loaderData.uses}
      {...shownForm(loaderData, actionData)}
      saved={actionData ? false : loaderData.saved}
    />
  );
}

export { StaffError as ErrorBoundary };
