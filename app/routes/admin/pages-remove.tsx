import { data } from 'react-router';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { PAGE_CATALOG } from '~/staff/pages/catalog.server';
import { postedDraft } from '~/staff/pages/draft.server';
import { loadEditorPage } from '~/staff/pages/editor.server';
import { elementIdParam, findTreeNode, type TreeNode } from '~/staff/pages/model';
import { answerChange, formVersion, notFound, pageId } from '~/staff/pages/route.server';
import { removeElement } from '~/staff/pages/tree-edit';
import { RemoveElement } from '~/staff/pages/ui/page-editor';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-remove';

// Issue 14 "Pages": /admin/halaman/{id}/elemen/{elementId}/hapus/ asks before an element (and what is
// inside it) leaves the draft; its POST removes it.

const count = (nodes: TreeNode[]): number => nodes.reduce((n, c) => n + 1 + count(c.children), 0);

export const loader = staffLoader('pages', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const page = await loadEditorPage(context.db, PAGE_CATALOG, pageId(params.id));
  const elementId = elementIdParam(params.elementId);
  const node = page && elementId ? findTreeNode(page.tree, elementId)?.node : null;
  if (!page || !node) throw notFound();
  return {
    page: { id: page.id, title: page.title, version: page.version },
    element: { id: node.id, label: node.label, summary: node.summary, inside: count(node.children) },
  };
});

export const action = staffAction(
  'pages',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = pageId(params.id);
    const elementId = elementIdParam(params.elementId);
    if (elementId === null) throw notFound();
    const outcome = await postedDraft({ context, user }, id, formVersion(fields.versi)).change(
      (tree) => removeElement(tree, elementId),
      `${elementId} dihapus`,
    );
    const answer = answerChange(outcome, id, 'dihapus', null);
    return data({ error: answer.data.notice.message }, { status: answer.init?.status ?? 400 });
  },
);

export default function StaffPageRemove({ loaderData, actionData }: Route.ComponentProps) {
  return <RemoveElement {...loaderData} error={actionData?.error ?? null} />;
}

export { StaffError as ErrorBoundary };
