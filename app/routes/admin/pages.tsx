import { listPages } from '~/staff/pages/editor.server';
import { parsePageListQuery } from '~/staff/pages/model';
import { PageList } from '~/staff/pages/ui/page-list';
import { staffListLoader } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages';

// Issue 14 "Pages": /admin/halaman/, the pages and templates (search, type, paging).
export const loader = staffListLoader('pages', parsePageListQuery, listPages);

export default function StaffPages({ loaderData }: Route.ComponentProps) {
  return <PageList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
