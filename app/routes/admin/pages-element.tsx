import { shownForm } from '~/lib/shown-form';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { PAGE_CATALOG, settingPicks } from '~/staff/pages/catalog.server';
import { saveSettingsForm } from '~/staff/pages/draft.server';
import { loadElementForm } from '~/staff/pages/editor.server';
import { elementIdParam } from '~/staff/pages/model';
import { notFound, pageId, SETTINGS_FORM_BYTES } from '~/staff/pages/route.server';
import { withPicks } from '~/staff/pages/settings-form';
import { setSettings } from '~/staff/pages/tree-edit';
import { ElementForm } from '~/staff/pages/ui/element-form';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/pages-element';

// Issue 14 "Pages": /admin/halaman/{id}/elemen/{elementId}/, the settings form of a section, column or
// widget, generated from its zod schema. A save goes to the draft, then back to the tree.

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
  async (args: StaffActionArgs<Route.ActionArgs>) => {
    const { element, page, fields } = await elementForm(args.context.db, args.params);
    return saveSettingsForm(args, page.id, {
      element,
      fields,
      what: `pengaturan ${element.label} (${element.id})`,
      done: 'disimpan',
      place: (tree, settings) => ({ edit: setSettings(tree, element.id, settings), elementId: element.id }),
    });
  },
  { maxBytes: SETTINGS_FORM_BYTES },
);

export default function StaffPageElement({ loaderData, actionData }: Route.ComponentProps) {
  const { page, element, fields } = loaderData;
  return (
    <ElementForm
      page={page}
      heading={`Pengaturan ${element.label}`}
      elementId={element.id}
      fields={fields}
      {...shownForm(loaderData, actionData)}
      listChange={actionData && 'drawn' in actionData ? actionData : undefined}
      submitLabel="Simpan ke draf"
      previewOf={element.id}
    />
  );
}

export { StaffError as ErrorBoundary };
