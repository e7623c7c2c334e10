import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { newsListPage } from '~/staff/news/editor.server';
import { NewsList } from '~/staff/news/ui/news-list';
import type { Route } from './+types/news';

export const loader = staffLoader('posts', async ({ request, context, user }: StaffLoaderArgs<Route.LoaderArgs>) => {
  return newsListPage(context.db, context.dialect, user, request.url);
});

export default function NewsAdmin({ loaderData }: Route.ComponentProps) {
  return <NewsList {...loaderData} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
