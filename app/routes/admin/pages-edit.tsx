import { data } from 'react-router';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { PAGE_CATALOG } from '~/staff/pages/catalog.server';
import { postedDraft } from '~/staff/pages/draft.server';
import { loadEditorPage } from '~/staff/pages/editor.server';
import { elementIdParam, TREE_ACTIONS } from '~/staff/pages/model';
import { answerChange, doneNotice, formVersion, notFound, pageId } from '~/staff/pages/route.server';
import { insertColumn, insertSection, moveElement, newElementId } from '~/staff/pages/tree-edit';
import { PageEditor } from '~/staff/pages/ui/page-editor';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-edit';

// Issue 14 "Pages": /admin/halaman/{id}/, the block editor of a page or template. Its POST moves an
// element (naik, turun), adds a section or a column, publishes the draft, or takes a published version
// back as the draft (pulihkan); then back here with
// `?selesai={what}&elemen={id}` (post, redirect, get).

export const loader = staffLoader('pages', async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const page = await loadEditorPage(context.db, PAGE_CATALOG, pageId(params.id));
  if (!page) throw notFound();
  const search = new URL(request.url).searchParams;
  return { page, notice: doneNotice(page.tree, search.get('selesai'), elementIdParam(search.get('elemen'))) };
});

export const action = staffAction(
  'pages',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = pageId(params.id);
    const draft = postedDraft({ context, user }, id, formVersion(fields.versi));
    const what = TREE_ACTIONS.find((a) => a === fields.aksi);
    const elementId = elementIdParam(fields.elemen);
    if (what === 'pulihkan') {
      const revision = Number(fields.revisi);
      if (!/^\d{1,9}$/.test(fields.revisi ?? ''))
        throw data({ message: 'Versi yang dipilih tidak valid.' }, { status: 400 });
      return answerChange(await draft.restore(revision), id, 'dipulihkan', null);
    }
    if (!what || (what !== 'tambah-bagian' && what !== 'terbitkan' && elementId === null)) {
      throw data({ message: 'Tindakan atau elemen yang dipilih tidak valid.' }, { status: 400 });
    }
    const el = elementId ?? '';
    if (what === 'terbitkan') {
      return answerChange(await draft.publish(), id, 'terbit', null);
    }
    if (what === 'naik' || what === 'turun') {
      const move = what === 'naik' ? 'up' : 'down';
      return answerChange(await draft.change((t) => moveElement(t, el, move), `${el} ${what}`), id, what, el);
    }
    // A new section (with its first column) or column: its id is known once the tree is read.
    let added = '';
    const outcome = await draft.change(
      (tree) => {
        added = newElementId(tree);
        return what === 'tambah-bagian'
          ? insertSection(tree, [added, newElementId(tree, Math.random, [added])])
          : insertColumn(tree, el, added);
      },
      what === 'tambah-bagian' ? 'bagian baru' : 'kolom baru',
    );
    return answerChange(outcome, id, what, outcome.kind === 'saved' ? added : elementId);
  },
);

export default function StaffPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <PageEditor page={loaderData.page} notice={actionData?.notice ?? loaderData.notice} />;
}

export { StaffError as ErrorBoundary };
