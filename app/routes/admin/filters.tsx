import { listStaffFilters } from '~/features/filters/staff.server';
import { FilterList } from '~/features/filters/ui/staff-filter-list';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/filters';

// Issue 14 "Filters": /admin/filter/, every stored filter record with the pages that show it.
export const loader = staffLoader('filters', async ({ request, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const params = new URL(request.url).searchParams;
  return {
    rows: await listStaffFilters(context.db),
    notice: params.has('dihapus') ? 'Filter telah dihapus.' : null,
  };
});

export default function StaffFilters({ loaderData }: Route.ComponentProps) {
  return <FilterList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
