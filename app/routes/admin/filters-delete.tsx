import { data, redirect } from 'react-router';
import { deleteStaffFilter, filterForDeletion } from '~/features/filters/staff.server';
import { usesText } from '~/features/filters/staff-model';
import { DeleteFilter } from '~/features/filters/ui/staff-filter-form';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/filters-delete';

// Issue 14 "Filters": /admin/filter/{id}/hapus/ asks before a filter is deleted; its POST deletes,
// unless a page or template shows the filter (409, naming them).

const notFound = () => data({ message: 'Filter ini tidak ditemukan.' }, { status: 404 });

function filterId(raw: string): number {
  const id = recordId(raw);
  if (id === null) throw notFound();
  return id;
}

export const loader = staffLoader('filters', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const filter = await filterForDeletion(context.db, filterId(params.id));
  if (!filter) throw notFound();
  return filter;
});

export const action = staffAction('filters', async ({ params, context, user }: StaffActionArgs<Route.ActionArgs>) => {
  const id = filterId(params.id);
  const outcome = await deleteStaffFilter(context.db, user.id, id);
  if (outcome === false) throw notFound();
  if (outcome === true) throw redirect(`${siteHref('/admin/filter')}?dihapus`);
  return data(
    {
      uses: outcome.uses,
      error: `Filter ini masih dipakai di ${usesText(outcome.uses)}, jadi tidak dihapus. Lepaskan dari halaman itu lebih dulu.`,
    },
    { status: 409 },
  );
});

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
