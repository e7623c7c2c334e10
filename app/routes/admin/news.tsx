import { newsListPage } from '~/features/post-editor/editor.server';
import { NewsList } from '~/features/post-editor/ui/news-list';
import { can } from '~/lib/staff';
import { staffUser } from '~/lib/staff-access.server';
import type { Route } from './+types/news';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await staffUser(context, request, 'posts');
  return newsListPage(context.db, context.dialect, { id: user.id, anyPost: can(user, 'posts.any') }, request.url);
}

export default function NewsAdmin({ loaderData }: Route.ComponentProps) {
  return <NewsList {...loaderData} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
