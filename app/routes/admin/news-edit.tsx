import { editorAction, editorPage, MAX_EDITOR_BYTES } from '~/features/post-editor/editor.server';
import { PostEditor } from '~/features/post-editor/ui/post-editor';
import { can } from '~/lib/staff';
import { staffForm, staffUser } from '~/lib/staff-access.server';
import { CsrfField, useStaff } from '~/ui/staff';
import type { Route } from './+types/news-edit';

// One module for /admin/berita/baru/ (no id) and /admin/berita/<id>/.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await staffUser(context, request, 'posts');
  return editorPage(context.db, { id: user.id, anyPost: can(user, 'posts.any') }, request.url, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, fields } = await staffForm(context, request, 'posts', MAX_EDITOR_BYTES);
  return editorAction(context.db, { id: user.id, anyPost: can(user, 'posts.any') }, fields, params.id);
}

export default function NewsEdit({ loaderData, actionData }: Route.ComponentProps) {
  const staff = useStaff();
  return (
    <PostEditor
      key={`${loaderData.post?.id ?? 'baru'}:${loaderData.values.modified_at}`}
      {...loaderData}
      failure={actionData}
      csrfField={<CsrfField />}
      csrfToken={staff.csrf}
    />
  );
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
