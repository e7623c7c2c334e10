import { data } from 'react-router';
import { discardDraft, loadEditorPage } from '~/features/page-editor/editor.server';
import { answerChange, formVersion, notFound, pageId } from '~/features/page-editor/route.server';
import { DiscardDraft } from '~/features/page-editor/ui/page-editor';
import { staffForm, staffUser } from '~/lib/staff-access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-discard';
import { PAGE_CATALOG } from './pages-catalog.server';

// Issue 14 "Pages": /admin/halaman/{id}/buang-draf/ asks before the draft is thrown away; its POST does.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'pages');
  const page = await loadEditorPage(context.db, PAGE_CATALOG, pageId(params.id));
  if (!page) throw notFound();
  return { page: { id: page.id, title: page.title, version: page.version } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, fields } = await staffForm(context, request, 'pages');
  const id = pageId(params.id);
  const outcome = await discardDraft(context.db, user.id, id, formVersion(fields.versi));
  const answer = answerChange(outcome, id, 'dibuang', null);
  return data({ error: answer.data.notice.message }, { status: answer.init?.status ?? 400 });
}

export default function StaffPageDiscard({ loaderData, actionData }: Route.ComponentProps) {
  return <DiscardDraft page={loaderData.page} error={actionData?.error ?? null} />;
}

export { StaffError as ErrorBoundary };
