import { data } from 'react-router';
import type { Element } from '~/content/tree';
import type { AppContext } from '~/context';
import type { SessionUser } from '~/lib/user';
import { postedValues } from '~/ui/settings-form/from-schema';
import type { SettingField } from '~/ui/settings-form/model';
import { PAGE_CATALOG, settingPicks } from './catalog.server';
import { changeDraft, checkSettings, publishDraft, restoreRevision } from './editor.server';
import { answerListChange, answerSettings, formVersion } from './route.server';
import { withPicks } from './settings-form';
import type { Edit } from './tree-edit';

/** A post to the page editor, as its staff action gets it: the request's database and user, the form's fields. */
interface EditorPost {
  context: Pick<AppContext, 'db'>;
  user: Pick<SessionUser, 'id'>;
  fields: Record<string, string>;
}

/**
 * The draft of the page a page editor's post is about, as the user who posts changes it: every change is
 * checked against the tree version the form carries (someone else's save in between is a conflict).
 */
export function postedDraft({ context, user }: Omit<EditorPost, 'fields'>, id: number, version: number) {
  return {
    change: (edit: (tree: Element[]) => Edit, what: string) =>
      changeDraft(context.db, PAGE_CATALOG, user.id, id, version, edit, what),
    publish: () => publishDraft(context.db, PAGE_CATALOG, user.id, id, version),
    restore: (revision: number) => restoreRevision(context.db, PAGE_CATALOG, user.id, id, version, revision),
  };
}

/** A settings form's save: the element it is for, its form and how the checked settings enter the draft. */
export interface SettingsSave {
  /** The element (or the new widget): its kind picks the schema the settings are checked with. */
  element: { type: Element['type']; widget?: string | null };
  /** The form's fields, generated from that schema. */
  fields: readonly SettingField[];
  /** The change's note in the page's history. */
  what: string;
  /** What the editor says after it (`?selesai=`). */
  done: 'disimpan' | 'ditambah';
  /** Puts the checked settings in the tree, naming the element that has them (its row gets the focus). */
  place: (tree: Element[], settings: Record<string, unknown>) => { edit: Edit; elementId: string };
}

/**
 * A settings form's post (an element's, a new widget's): a list's button gets the form again, changed
 * and not saved; a save has its settings checked against the schema, then placed in the draft, and is
 * answered as `answerSettings` says.
 */
export async function saveSettingsForm(post: EditorPost, pageId: number, save: SettingsSave) {
  const { context, fields: posted } = post;
  const widget = save.element.widget ?? null;
  const listChange = answerListChange(
    withPicks(save.fields, await settingPicks(context.db, widget, save.fields)),
    posted,
  );
  if (listChange) return listChange;
  const version = formVersion(posted.versi);
  const checked = checkSettings(
    PAGE_CATALOG,
    { type: save.element.type, widget: widget ?? undefined },
    save.fields,
    posted,
  );
  if (!checked.ok) return data({ values: checked.values, errors: checked.errors }, { status: 400 });
  let elementId = '';
  const outcome = await postedDraft(post, pageId, version).change((tree) => {
    const placed = save.place(tree, checked.settings);
    elementId = placed.elementId;
    return placed.edit;
  }, save.what);
  return answerSettings(outcome, pageId, save.done, elementId, postedValues(save.fields, posted), posted.lanjut);
}
