import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { listPages } from '~/staff/pages/editor.server';
import { parsePageListQuery } from '~/staff/pages/model';
import { PageList } from '~/staff/pages/ui/page-list';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages';

// Issue 14 "Pages": /admin/halaman/, the pages and templates (search, type, paging).
export const loader = staffLoader('pages', async ({ request, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const query = parsePageListQuery(new URL(request.url).searchParams);
  return { ...(await listPages(context.db, query)), query };
});

export default function StaffPages({ loaderData }: Route.ComponentProps) {
  return <PageList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
