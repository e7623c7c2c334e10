import { data } from 'react-router';
import { deleteStaffFilter, filterForDeletion } from '~/features/filters/staff.server';
import { usesText } from '~/features/filters/staff-model';
import { DeleteFilter } from '~/features/filters/ui/staff-filter-form';
import { siteHref } from '~/lib/site-href';
import { staffDeletion, staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/filters-delete';

// Issue 14 "Filters": /admin/filter/{id}/hapus/ asks before a filter is deleted; its POST deletes,
// unless a page or template shows the filter (409, naming them).

const deletion = staffDeletion('filters', staffRecord('Filter ini tidak ditemukan.'), {
  load: filterForDeletion,
  async remove(db, userId, id) {
    const outcome = await deleteStaffFilter(db, userId, id);
    if (typeof outcome === 'boolean') return outcome;
    return data(
      {
        uses: outcome.uses,
        error: `Filter ini masih dipakai di ${usesText(outcome.uses)}, jadi tidak dihapus. Lepaskan dari halaman itu lebih dulu.`,
      },
      { status: 409 },
    );
  },
  done: `${siteHref('/admin/filter')}?dihapus`,
});

export const loader = deletion.loader;
export const action = deletion.action;

export default function StaffFilterDelete({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DeleteFilter
      id={loaderData.id}
      name={loaderData.name}
      uses={actionData?.uses ?? loaderData.uses}
      error={actionData?.error ?? null}
    />
  );
}

export { StaffError as ErrorBoundary };
