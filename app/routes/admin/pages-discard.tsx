import { data } from 'react-router';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { PAGE_CATALOG } from '~/staff/pages/catalog.server';
import { discardDraft, loadEditorPage } from '~/staff/pages/editor.server';
import { answerChange, formVersion, notFound, pageId } from '~/staff/pages/route.server';
import { DiscardDraft } from '~/staff/pages/ui/page-editor';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-discard';

// Issue 14 "Pages": /admin/halaman/{id}/buang-draf/ asks before the draft is thrown away; its POST does.

export const loader = staffLoader('pages', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const page = await loadEditorPage(context.db, PAGE_CATALOG, pageId(params.id));
  if (!page) throw notFound();
  return { page: { id: page.id, title: page.title, version: page.version } };
});

export const action = staffAction(
  'pages',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = pageId(params.id);
    const outcome = await discardDraft(context.db, user.id, id, formVersion(fields.versi));
    const answer = answerChange(outcome, id, 'dibuang', null);
    return data({ error: answer.data.notice.message }, { status: answer.init?.status ?? 400 });
  },
);

export default function StaffPageDiscard({ loaderData, actionData }: Route.ComponentProps) {
  return <DiscardDraft page={loaderData.page} error={actionData?.error ?? null} />;
}

export { StaffError as ErrorBoundary };
