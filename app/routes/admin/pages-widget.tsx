import { data } from 'react-router';
import { shownForm } from '~/lib/shown-form';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { PAGE_CATALOG, settingPicks } from '~/staff/pages/catalog.server';
import { saveSettingsForm } from '~/staff/pages/draft.server';
import { loadEditorPage, newWidgetForm } from '~/staff/pages/editor.server';
import { elementIdParam, findTreeNode, widgetLabel } from '~/staff/pages/model';
import { notFound, pageId, SETTINGS_FORM_BYTES } from '~/staff/pages/route.server';
import { withPicks } from '~/staff/pages/settings-form';
import { insertWidget, newElementId } from '~/staff/pages/tree-edit';
import { ElementForm } from '~/staff/pages/ui/element-form';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-widget';

// Issue 14 "Pages": /admin/halaman/{id}/widget-baru/?kolom={column}&jenis={widget}, the settings form
// of a new widget; its save adds the widget at the end of the column in the draft. A widget enters
// the tree only with settings its schema accepts, so the draft is always one the renderer shows.

/** The page, the column (of the address or the form) and the widget's empty form; 404 for anything unknown. */
async function newWidget(
  context: Route.LoaderArgs['context'],
  params: Route.LoaderArgs['params'],
  columnRaw: string | null | undefined,
  widgetRaw: string | null | undefined,
) {
  const page = await loadEditorPage(context.db, PAGE_CATALOG, pageId(params.id));
  if (!page) throw notFound();
  const columnId = elementIdParam(columnRaw);
  const found = columnId ? findTreeNode(page.tree, columnId) : null;
  const form = newWidgetForm(PAGE_CATALOG, widgetRaw ?? '');
  if (found?.node.type !== 'column' || !form || !columnId) {
    throw data(
      { message: 'Kolom atau jenis widget ini tidak ditemukan. Kembali ke penyunting, lalu pilih lagi.' },
      { status: 404 },
    );
  }
  const where = `${found.node.label}${found.parent ? ` di ${found.parent.label}` : ''}`;
  return { page, columnId, widget: widgetRaw ?? '', where, ...form };
}

export const loader = staffLoader('pages', async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const search = new URL(request.url).searchParams;
  const { page, columnId, widget, where, fields, values } = await newWidget(
    context,
    params,
    search.get('kolom'),
    search.get('jenis'),
  );
  const label = widgetLabel(PAGE_CATALOG.labels, widget);
  return {
    page: { id: page.id, title: page.title, version: page.version },
    columnId,
    widget,
    label,
    where,
    fields: withPicks(fields, await settingPicks(context.db, widget, fields)),
    values,
  };
});

export const action = staffAction(
  'pages',
  async (args: StaffActionArgs<Route.ActionArgs>) => {
    const { fields: posted } = args;
    const { page, columnId, widget, fields } = await newWidget(args.context, args.params, posted.kolom, posted.jenis);
    return saveSettingsForm(args, page.id, {
      element: { type: 'widget', widget },
      fields,
      what: `widget ${widgetLabel(PAGE_CATALOG.labels, widget)} baru`,
      done: 'ditambah',
      place(tree, settings) {
        const added = newElementId(tree);
        return { edit: insertWidget(PAGE_CATALOG, tree, columnId, widget, settings, added), elementId: added };
      },
    });
  },
  { maxBytes: SETTINGS_FORM_BYTES },
);

export default function StaffPageNewWidget({ loaderData, actionData }: Route.ComponentProps) {
  const { page, columnId, widget, label, where, fields } = loaderData;
  return (
    <ElementForm
      page={page}
      heading={`Widget baru: ${label} (${where})`}
      elementId={columnId}
      fields={fields}
      {...shownForm(loaderData, actionData)}
      listChange={actionData && 'drawn' in actionData ? actionData : undefined}
      submitLabel="Tambahkan ke draf"
      hidden={{ kolom: columnId, jenis: widget }}
    />
  );
}

export { StaffError as ErrorBoundary };
