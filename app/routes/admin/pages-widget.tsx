import { data } from 'react-router';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { PAGE_CATALOG, settingPicks } from '~/staff/pages/catalog.server';
import { changeDraft, checkSettings, loadEditorPage, newWidgetForm } from '~/staff/pages/editor.server';
import { elementIdParam, findTreeNode, widgetLabel } from '~/staff/pages/model';
import {
  answerListChange,
  answerSettings,
  formVersion,
  notFound,
  pageId,
  SETTINGS_FORM_BYTES,
} from '~/staff/pages/route.server';
import { withPicks } from '~/staff/pages/settings-form';
import { insertWidget, newElementId } from '~/staff/pages/tree-edit';
import { ElementForm } from '~/staff/pages/ui/element-form';
import { postedValues } from '~/ui/settings-form/from-schema';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-widget';

// Issue 14 "Pages": /admin/halaman/{id}/widget-baru/?kolom={column}&jenis={widget}, the settings form
// of a new widget; its save adds the widget at the end of the column in the draft. A widget enters
// the tree only with settings its schema accepts, so the draft is always one the renderer shows.

const NO_ERRORS: Record<string, string> = {};

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
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const { page, columnId, widget, fields: formFields } = await newWidget(context, params, fields.kolom, fields.jenis);
    const listChange = answerListChange(
      withPicks(formFields, await settingPicks(context.db, widget, formFields)),
      fields,
    );
    if (listChange) return listChange;
    const version = formVersion(fields.versi);
    const checked = checkSettings(PAGE_CATALOG, { type: 'widget', widget }, formFields, fields);
    if (!checked.ok) return data({ values: checked.values, errors: checked.errors }, { status: 400 });
    let added = '';
    const outcome = await changeDraft(
      context.db,
      PAGE_CATALOG,
      user.id,
      page.id,
      version,
      (tree) => {
        added = newElementId(tree);
        return insertWidget(PAGE_CATALOG, tree, columnId, widget, checked.settings, added);
      },
      `widget ${widgetLabel(PAGE_CATALOG.labels, widget)} baru`,
    );
    return answerSettings(outcome, page.id, 'ditambah', added, postedValues(formFields, fields), fields.lanjut);
  },
  { maxBytes: SETTINGS_FORM_BYTES },
);

export default function StaffPageNewWidget({ loaderData, actionData }: Route.ComponentProps) {
  const { page, columnId, widget, label, where, fields, values } = loaderData;
  return (
    <ElementForm
      page={page}
      heading={`Widget baru: ${label} (${where})`}
      elementId={columnId}
      fields={fields}
      values={actionData?.values ?? values}
      errors={actionData?.errors ?? NO_ERRORS}
      listChange={actionData && 'drawn' in actionData ? actionData : undefined}
      submitLabel="Tambahkan ke draf"
      hidden={{ kolom: columnId, jenis: widget }}
    />
  );
}

export { StaffError as ErrorBoundary };
