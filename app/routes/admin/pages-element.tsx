import { data } from 'react-router';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { PAGE_CATALOG, settingPicks } from '~/staff/pages/catalog.server';
import { changeDraft, checkSettings, loadElementForm } from '~/staff/pages/editor.server';
import { elementIdParam } from '~/staff/pages/model';
import {
  answerListChange,
  answerSettings,
  formVersion,
  notFound,
  pageId,
  SETTINGS_FORM_BYTES,
} from '~/staff/pages/route.server';
import { withPicks } from '~/staff/pages/settings-form';
import { setSettings } from '~/staff/pages/tree-edit';
import { ElementForm } from '~/staff/pages/ui/element-form';
import { postedValues } from '~/ui/settings-form/from-schema';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-element';

// Issue 14 "Pages": /admin/halaman/{id}/elemen/{elementId}/, the settings form of a section, column or
// widget, generated from its zod schema. A save goes to the draft, then back to the tree.

const NO_ERRORS: Record<string, string> = {};

async function elementForm(db: Route.LoaderArgs['context']['db'], params: Route.LoaderArgs['params']) {
  const id = pageId(params.id);
  const elementId = elementIdParam(params.elementId);
  const form = elementId === null ? null : await loadElementForm(db, PAGE_CATALOG, id, elementId);
  if (!form) throw notFound();
  return form;
}

export const loader = staffLoader('pages', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const form = await elementForm(context.db, params);
  return {
    ...form,
    fields: withPicks(form.fields, await settingPicks(context.db, form.element.widget, form.fields)),
  };
});

export const action = staffAction(
  'pages',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const form = await elementForm(context.db, params);
    const listChange = answerListChange(
      withPicks(form.fields, await settingPicks(context.db, form.element.widget, form.fields)),
      fields,
    );
    if (listChange) return listChange;
    const version = formVersion(fields.versi);
    const { element, page } = form;
    const checked = checkSettings(
      PAGE_CATALOG,
      { type: element.type, widget: element.widget ?? undefined },
      form.fields,
      fields,
    );
    if (!checked.ok) return data({ values: checked.values, errors: checked.errors }, { status: 400 });
    const outcome = await changeDraft(
      context.db,
      PAGE_CATALOG,
      user.id,
      page.id,
      version,
      (tree) => setSettings(tree, element.id, checked.settings),
      `pengaturan ${element.label} (${element.id})`,
    );
    return answerSettings(outcome, page.id, 'disimpan', element.id, postedValues(form.fields, fields), fields.lanjut);
  },
  { maxBytes: SETTINGS_FORM_BYTES },
);

export default function StaffPageElement({ loaderData, actionData }: Route.ComponentProps) {
  const { page, element, fields, values } = loaderData;
  return (
    <ElementForm
      page={page}
      heading={`Pengaturan ${element.label}`}
      elementId={element.id}
      fields={fields}
      values={actionData?.values ?? values}
      errors={actionData?.errors ?? NO_ERRORS}
      listChange={actionData && 'drawn' in actionData ? actionData : undefined}
      submitLabel="Simpan ke draf"
      previewOf={element.id}
    />
  );
}

export { StaffError as ErrorBoundary };
