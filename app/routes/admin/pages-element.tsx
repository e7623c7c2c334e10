import { data } from 'react-router';
import { changeDraft, checkSettings, loadElementForm } from '~/features/page-editor/editor.server';
import { elementIdParam } from '~/features/page-editor/model';
import {
  answerListChange,
  answerSettings,
  formVersion,
  notFound,
  pageId,
  SETTINGS_FORM_BYTES,
} from '~/features/page-editor/route.server';
import { postedValues, withPicks } from '~/features/page-editor/settings-form';
import { setSettings } from '~/features/page-editor/tree-edit';
import { ElementForm } from '~/features/page-editor/ui/element-form';
import { staffForm, staffUser } from '~/lib/staff-access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-element';
import { PAGE_CATALOG, settingPicks } from './pages-catalog.server';

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

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'pages');
  const form = await elementForm(context.db, params);
  return {
    ...form,
    fields: withPicks(form.fields, await settingPicks(context.db, form.element.widget, form.fields)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, fields } = await staffForm(context, request, 'pages', SETTINGS_FORM_BYTES);
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
}

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
