import {
  answerOutcome,
  type StaffActionArgs,
  type StaffLoaderArgs,
  staffAction,
  staffAnswer,
  staffLoader,
} from '~/staff/access.server';
import { recentChanges } from '~/staff/admin/audit.server';
import { ChangeList } from '~/staff/admin/ui/change-list';
import { editorAction, editorPage, MAX_EDITOR_BYTES } from '~/staff/news/editor.server';
import { PostEditor } from '~/staff/news/ui/post-editor';
import { CsrfField, useStaff } from '~/ui/staff';
import type { Route } from './+types/news-edit';

// One module for /admin/berita/baru/ (no id) and /admin/berita/<id>/.

export const loader = staffLoader(
  'posts',
  async ({ request, context, params, user }: StaffLoaderArgs<Route.LoaderArgs>) => {
    const page = await staffAnswer(editorPage(context.db, user, request.url, params.id));
    // Issue 14: the post's audit log (who changed what), read after the editor checked the post may be opened.
    const changes = page.post ? await recentChanges(context.db, { subjectType: 'post', subjectId: page.post.id }) : [];
    return { ...page, changes };
  },
);

export const action = staffAction(
  'posts',
  async ({ context, params, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    return answerOutcome(editorAction(context.db, user, fields, params.id));
  },
  { maxBytes: MAX_EDITOR_BYTES },
);

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
