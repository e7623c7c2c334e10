import { recentChanges } from '~/features/admin/audit.server';
import { ChangeList } from '~/features/admin/ui/change-list';
import { editorAction, editorPage, MAX_EDITOR_BYTES } from '~/features/post-editor/editor.server';
import { PostEditor } from '~/features/post-editor/ui/post-editor';
import { can } from '~/lib/staff';
import { staffForm, staffUser } from '~/lib/staff-access.server';
import { CsrfField, useStaff } from '~/ui/staff';
import type { Route } from './+types/news-edit';

// One module for /admin/berita/baru/ (no id) and /admin/berita/<id>/.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await staffUser(context, request, 'posts');
  const page = await editorPage(context.db, { id: user.id, anyPost: can(user, 'posts.any') }, request.url, params.id);
  // Issue 14: the post's audit log (who changed what), read after the editor checked the post may be opened.
  const changes = page.post ? await recentChanges(context.db, { subjectType: 'post', subjectId: page.post.id }) : [];
  return { ...page, changes };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, fields } = await staffForm(context, request, 'posts', MAX_EDITOR_BYTES);
  return editorAction(context.db, { id: user.id, anyPost: can(user, 'posts.any') }, fields, params.id);
}

export default function NewsEdit({ loaderData, actionData }: Route.ComponentProps) {
  const staff = useStaff();
  const { changes, ...editor } = loaderData;
  return (
    <>
      <PostEditor
        key={`${editor.post?.id ?? 'baru'}:${editor.values.modified_at}`}
        {...editor}
        failure={actionData}
        csrfField={<CsrfField />}
        csrfToken={staff.csrf}
      />
      {editor.post && (
        <section className="staff-changes" aria-labelledby="riwayat-perubahan">
          <h2 id="riwayat-perubahan">Riwayat perubahan</h2>
          <ChangeList changes={changes} caption="20 perubahan terakhir pada berita ini" />
        </section>
      )}
    </>
  );
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
