import { listPages } from '~/features/page-editor/editor.server';
import { parsePageListQuery } from '~/features/page-editor/model';
import { PageList } from '~/features/page-editor/ui/page-list';
import { staffUser } from '~/lib/staff-access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages';

// Issue 14 "Pages": /admin/halaman/, the pages and templates (search, type, paging).
export async function loader({ request, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'pages');
  const query = parsePageListQuery(new URL(request.url).searchParams);
  return { ...(await listPages(context.db, query)), query };
}

export default function StaffPages({ loaderData }: Route.ComponentProps) {
  return <PageList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
