import { sql } from 'kysely';
import { getSiteOptions } from '~/content/options.server';
import { updatePost } from '~/content/posts-write.server';
import { type Element, treeSchema, walkTree } from '~/content/tree';
import type { Db } from '~/db';
import { withStaffChange } from '~/lib/content-version.server';
import { htmlToText, sanitizeRichText } from '~/lib/html.server';
import {
  parseSettings,
  postedValues,
  readSettings,
  settingErrors,
  settingValues,
} from '~/ui/settings-form/from-schema';
import type { SettingField, SettingValues } from '~/ui/settings-form/model';
import {
  EDITABLE_TYPES,
  type EditableType,
  type EditorPage,
  OPTION_LABELS,
  PAGES_PER_PAGE,
  type PageListQuery,
  type PageRow,
  type TreeNode,
  widgetLabel,
} from './model';
import { settingFields } from './settings-form';
import { type Edit, type ElementCatalog, findElement, settingsSchemaOf, treeProblem } from './tree-edit';

/**
 * The page editor's reads and changes (issue 14 "Pages"). Staff change a draft copy of a page's or
 * template's tree (`post.draft_tree`); the public page reads `post.tree` only, which changes when the
 * draft is published. Every change carries the tree's version (`post.tree_version`) it was made on: a
 * change over a newer version is refused, nothing overwritten. Every change is recorded (audit log).
 */

/** The list of pages and templates: a title search, a type filter, newest change first, 20 a page. */
export async function listPages(
  db: Db,
  query: PageListQuery,
): Promise<{ rows: PageRow[]; total: number; page: number; pages: number }> {
  let base = db.selectFrom('post');
  base =
    query.type === 'templat'
      ? base.where('type', '=', 'template')
      : query.type === 'halaman'
        ? base.where('type', 'in', ['page', 'e-landing-page'])
        : base.where('type', 'in', [...EDITABLE_TYPES]);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`lower(${sql.ref('title')}) like ${pattern} escape '\\'`);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / PAGES_PER_PAGE));
  const page = Math.min(query.page, pages);
  const rows = await base
    .select(['id', 'title', 'type', 'status', 'modified_at', 'draft_tree'])
    .orderBy('modified_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGES_PER_PAGE)
    .offset((page - 1) * PAGES_PER_PAGE)
    .execute();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type as EditableType,
      status: r.status,
      modifiedAt: r.modified_at,
      hasDraft: r.draft_tree !== null,
    })),
    total: Number(total),
    page,
    pages,
  };
}

/** A stored page or template with the tree the editor works on (its draft, else what is published). */
interface StoredPage {
  id: number;
  type: EditableType;
  title: string;
  slug: string;
  status: string;
  excerpt: string;
  content: string;
  tree: string | null;
  draftTree: string | null;
  draftSavedAt: string | null;
  version: number;
}

async function storedPage(db: Db, id: number): Promise<StoredPage | null> {
  const row = await db
    .selectFrom('post')
    .select([
      'id',
      'type',
      'title',
      'slug',
      'status',
      'excerpt',
      'content',
      'tree',
      'draft_tree',
      'draft_saved_at',
      'tree_version',
    ])
    .where('id', '=', id)
    .where('type', 'in', [...EDITABLE_TYPES])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    type: row.type as EditableType,
    title: row.title,
    slug: row.slug,
    status: row.status,
    excerpt: row.excerpt,
    content: row.content,
    tree: row.tree,
    draftTree: row.draft_tree,
    draftSavedAt: row.draft_saved_at,
    version: Number(row.tree_version),
  };
}

/** A stored tree as fresh elements the editor may change (never the shared parsed copy). */
function readTree(json: string | null): Element[] {
  if (!json) return [];
  return treeSchema.parse(JSON.parse(json));
}

const workingTree = (page: StoredPage) => readTree(page.draftTree ?? page.tree);

async function publicUrlOf(db: Db, page: Pick<StoredPage, 'id' | 'type' | 'slug'>): Promise<string | null> {
  if (page.type === 'template') return null;
  const { pageOnFront } = await getSiteOptions(db);
  return page.id === pageOnFront ? '/' : `/${page.slug}/`;
}

/** The page or template as the editor's screen shows it; null when there is none of that id. */
export async function loadEditorPage(db: Db, catalog: ElementCatalog, id: number): Promise<EditorPage | null> {
  const page = await storedPage(db, id);
  if (!page) return null;
  return {
    id: page.id,
    type: page.type,
    title: page.title,
    slug: page.slug,
    status: page.status,
    publicUrl: await publicUrlOf(db, page),
    version: page.version,
    hasDraft: page.draftTree !== null,
    draftSavedAt: page.draftSavedAt,
    tree: treeNodes(workingTree(page), catalog.labels),
    widgetChoices: Object.keys(catalog.widgets).map((value) => ({ value, label: widgetLabel(catalog.labels, value) })),
    revisions: await pageRevisions(db, id),
  };
}

/** How many replaced trees the editor lists (older ones stay stored). */
const REVISIONS_SHOWN = 20;

/** The trees publishing replaced, newest first, with who published over them. */
async function pageRevisions(db: Db, id: number): Promise<EditorPage['revisions']> {
  const rows = await db
    .selectFrom('post_revision')
    .leftJoin('app_user', 'app_user.id', 'post_revision.user_id')
    .select(['post_revision.id', 'post_revision.saved_at', 'app_user.display_name'])
    .where('post_revision.post_id', '=', id)
    .where('post_revision.tree', 'is not', null)
    .orderBy('post_revision.id', 'desc')
    .limit(REVISIONS_SHOWN)
    .execute();
  return rows.map((r) => ({ id: r.id, savedAt: r.saved_at, by: r.display_name ?? 'pengguna yang sudah dihapus' }));
}

function treeNodes(els: Element[], labels: ElementCatalog['labels']): TreeNode[] {
  return els.map((el, i) => ({
    id: el.id,
    type: el.type,
    label: elementLabel(el, i, labels),
    summary: elementSummary(el),
    canMoveUp: i > 0,
    canMoveDown: i < els.length - 1,
    children: treeNodes(el.children, labels),
  }));
}

/** "Bagian 2", "Kolom 1 (50%)", or the widget's name in words. */
function elementLabel(el: Element, index: number, labels: ElementCatalog['labels']): string {
  if (el.type === 'section') return `Bagian ${index + 1}`;
  if (el.type === 'column') {
    const width = typeof el.settings.width === 'number' ? el.settings.width : 100;
    return `Kolom ${index + 1} (${width}%)`;
  }
  return widgetLabel(labels, el.widget);
}

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** A short line of what an element shows. */
function elementSummary(el: Element): string {
  const s = el.settings;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (el.type === 'section') {
    const layout = OPTION_LABELS[text(s.layout) || 'boxed'];
    const background = OPTION_LABELS[text(s.background) || 'none'];
    return `${layout}; ${background?.toLowerCase()}`;
  }
  if (el.type === 'column') return s.hideOnMobile === true ? 'Disembunyikan di ponsel' : '';
  if (el.widget === 'text-editor') return clip(htmlToText(text(s.html)));
  if (el.widget === 'image') return text(s.caption) ? clip(text(s.caption)) : `Media nomor ${String(s.mediaId ?? '')}`;
  return clip(text(s.title) || text(s.text) || text(s.label) || text(s.menu));
}

/** Why a change was not stored. */
export type ChangeOutcome =
  | { kind: 'saved'; version: number }
  | { kind: 'missing' }
  /** Someone changed the tree after this form was opened: nothing was overwritten. */
  | { kind: 'conflict' }
  | { kind: 'refused'; message: string };

/** What one change of a page's trees writes: the post's columns, what else it keeps, and its audit line. */
interface TreeChange {
  set: {
    tree?: string;
    content?: string;
    draft_tree: string | null;
    draft_saved_at: string | null;
    modified_at?: string;
  };
  /** More rows to write in the same transaction (a revision). */
  also?: (trx: Db) => Promise<unknown>;
  action: string;
  summary: string;
  /** Whether the public page changes (publishing); a draft's change is audited and ends no cached page. */
  public: boolean;
}

/**
 * Runs one change of a page's trees over `version` only (optimistic concurrency): `plan` reads the
 * stored page and answers what to write, or why not; the write counts the version up where it is still
 * the one the form was opened on, and the change is recorded in the same transaction.
 */
async function changeTrees(
  db: Db,
  userId: number,
  id: number,
  version: number,
  plan: (page: StoredPage) => TreeChange | { refused: string },
): Promise<ChangeOutcome> {
  const outcome = await withStaffChange(db, async (trx, record): Promise<ChangeOutcome> => {
    const page = await storedPage(trx, id);
    if (!page) return { kind: 'missing' };
    if (page.version !== version) return { kind: 'conflict' };
    const change = plan(page);
    if ('refused' in change) return { kind: 'refused', message: change.refused };
    if (!(await updatePost(trx, id, { ...change.set, tree_version: version + 1 }, { tree_version: version }))) {
      return { kind: 'conflict' };
    }
    await change.also?.(trx);
    await record({
      userId,
      action: change.action,
      subjectType: 'post',
      subjectId: id,
      summary: change.summary,
      public: change.public,
    });
    return { kind: 'saved', version: version + 1 };
  });
  return outcome;
}

/**
 * Changes the draft (made from the published tree when there is none) by `edit`; the tree is checked
 * as the renderer will check it before it is stored. A draft equal to the published tree is no draft.
 */
export function changeDraft(
  db: Db,
  catalog: ElementCatalog,
  userId: number,
  id: number,
  version: number,
  edit: (tree: Element[]) => Edit,
  what: string,
  now = new Date(),
): Promise<ChangeOutcome> {
  return changeTrees(db, userId, id, version, (page) => {
    const next = edit(workingTree(page));
    if ('refused' in next) return next;
    const problem = treeProblem(catalog, next);
    if (problem) return { refused: problem };
    const json = JSON.stringify(next);
    const same = page.tree !== null && json === JSON.stringify(readTree(page.tree));
    return {
      set: { draft_tree: same ? null : json, draft_saved_at: same ? null : now.toISOString() },
      action: 'page.draft',
      summary: `${page.title}: ${what}`,
      public: false,
    };
  });
}

/**
 * Publishes the draft: it becomes the page's tree (and its words for search), the tree it replaces is
 * kept as a revision, and the change is recorded, which ends every cached copy of the public pages.
 */
export function publishDraft(
  db: Db,
  catalog: ElementCatalog,
  userId: number,
  id: number,
  version: number,
  now = new Date(),
): Promise<ChangeOutcome> {
  return changeTrees(db, userId, id, version, (page) => {
    if (page.draftTree === null) return { refused: 'Tidak ada draf untuk diterbitkan.' };
    const tree = readTree(page.draftTree);
    const problem = treeProblem(catalog, tree);
    if (problem) return { refused: problem };
    const at = now.toISOString();
    return {
      set: {
        tree: JSON.stringify(tree),
        // Pages are found by the site search through their words (as the seed stores them).
        content: page.type === 'template' ? page.content : searchableText(tree),
        draft_tree: null,
        draft_saved_at: null,
        modified_at: at,
      },
      also: (trx) =>
        trx
          .insertInto('post_revision')
          .values({
            post_id: id,
            user_id: userId,
            title: page.title,
            excerpt: page.excerpt,
            content: page.content,
            tree: page.tree,
            saved_at: at,
          })
          .execute(),
      action: 'page.publish',
      summary: page.title,
      public: true,
    };
  });
}

/**
 * Takes a tree publishing replaced back as the draft (the published page stays as it is until the
 * draft is published), checked as the renderer will check it: a widget since removed is refused.
 */
export async function restoreRevision(
  db: Db,
  catalog: ElementCatalog,
  userId: number,
  id: number,
  version: number,
  revisionId: number,
  now = new Date(),
): Promise<ChangeOutcome> {
  const revision = await db
    .selectFrom('post_revision')
    .select(['tree', 'saved_at'])
    .where('id', '=', revisionId)
    .where('post_id', '=', id)
    .executeTakeFirst();
  if (!revision?.tree) return { kind: 'refused', message: 'Versi ini tidak ada lagi. Muat ulang penyunting.' };
  const tree = revision.tree;
  return changeTrees(db, userId, id, version, (page) => {
    const restored = readTree(tree);
    const problem = treeProblem(catalog, restored);
    if (problem) return { refused: `Versi ini tidak dapat dipulihkan: ${problem}` };
    return {
      set: { draft_tree: JSON.stringify(restored), draft_saved_at: now.toISOString() },
      action: 'page.restore',
      summary: `${page.title}: versi ${revision.saved_at}`,
      public: false,
    };
  });
}

/** Throws the draft away: the editor shows the published tree again. */
export function discardDraft(db: Db, userId: number, id: number, version: number): Promise<ChangeOutcome> {
  return changeTrees(db, userId, id, version, (page) =>
    page.draftTree === null
      ? { refused: 'Tidak ada draf untuk dibuang.' }
      : {
          set: { draft_tree: null, draft_saved_at: null },
          action: 'page.discard',
          summary: page.title,
          public: false,
        },
  );
}

/** The page's words for the site search: headings and text blocks in reading order (seed/index.ts's rule). */
export function searchableText(tree: Element[]): string {
  const parts: string[] = [];
  for (const el of walkTree(tree)) {
    if (el.widget === 'heading') parts.push(`<h2>${String(el.settings.title)}</h2>`);
    if (el.widget === 'text-editor') parts.push(String(el.settings.html).trim());
  }
  return parts.join('\n');
}

/** One element's settings form: its fields (from its schema) and what it holds now. */
export interface ElementForm {
  page: { id: number; title: string; version: number };
  element: { id: string; type: Element['type']; widget: string | null; label: string };
  fields: SettingField[];
  values: SettingValues;
}

/** The settings form of an element of the working tree; null when there is no such page or element. */
export async function loadElementForm(
  db: Db,
  catalog: ElementCatalog,
  id: number,
  elementId: string,
): Promise<ElementForm | null> {
  const page = await storedPage(db, id);
  if (!page) return null;
  const el = findElement(workingTree(page), elementId);
  const schema = el && settingsSchemaOf(catalog, el);
  if (!el || !schema) return null;
  const fields = settingFields(schema, catalog.rich[el.widget ?? ''] ?? []);
  const current = schema.safeParse(el.settings);
  return {
    page: { id: page.id, title: page.title, version: page.version },
    element: {
      id: el.id,
      type: el.type,
      widget: el.widget ?? null,
      label: el.type === 'widget' ? widgetLabel(catalog.labels, el.widget) : el.type === 'section' ? 'Bagian' : 'Kolom',
    },
    fields,
    values: settingValues(fields, current.success ? current.data : el.settings),
  };
}

/** The settings form of a new widget: its fields and their defaults. */
export function newWidgetForm(
  catalog: ElementCatalog,
  widget: string,
): { fields: SettingField[]; values: SettingValues } | null {
  const schema = settingsSchemaOf(catalog, { type: 'widget', widget });
  if (!schema) return null;
  const fields = settingFields(schema, catalog.rich[widget] ?? []);
  return { fields, values: settingValues(fields, schema.safeParse({}).data ?? {}) };
}

/** Settings read from a posted form: checked by the element's schema, rich text sanitized. */
export type CheckedSettings =
  | { ok: true; settings: Record<string, unknown> }
  | { ok: false; errors: Record<string, string>; values: SettingValues };

/** Reads and checks a posted settings form for an element of this kind (the same schema as the renderer's). */
export function checkSettings(
  catalog: ElementCatalog,
  el: Pick<Element, 'type' | 'widget'>,
  fields: readonly SettingField[],
  posted: Record<string, string>,
): CheckedSettings {
  const schema = settingsSchemaOf(catalog, el);
  const values = postedValues(fields, posted);
  if (!schema) return { ok: false, errors: { form: 'Jenis widget ini tidak dikenal.' }, values };
  const { value, problems } = readSettings(fields, posted);
  const parsed = parseSettings(schema, value);
  const errors = { ...(parsed.success ? {} : settingErrors(fields, parsed.error.issues)), ...problems };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, values };
  // Rich text is stored as the public page will show it: the site's sanitizer, then the schema again.
  const settings = withRichSanitized(parsed.data, catalog.rich[el.widget ?? ''] ?? []) as Record<string, unknown>;
  const again = parseSettings(schema, settings);
  if (!again.success) return { ok: false, errors: settingErrors(fields, again.error.issues), values };
  return { ok: true, settings: again.data as Record<string, unknown> };
}

/**
 * Settings with each rich-text setting sanitized, found by its key at any depth (the settings form
 * makes a textarea of such a key anywhere: a text widget's `html`, an accordion item's `html`).
 */
export function withRichSanitized(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withRichSanitized(v, keys));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      keys.includes(k) && typeof v === 'string' ? sanitizeRichText(v) : withRichSanitized(v, keys),
    ]),
  );
}

/** What a preview shows: the draft (else the published tree) as fresh elements, and the page's facts. */
export interface PreviewSource {
  id: number;
  title: string;
  tree: Element[];
  hasDraft: boolean;
  version: number;
  /** The public address ('/' for the front page), null for templates. */
  publicUrl: string | null;
}

/** The tree a preview renders; null when there is no such page or template. */
export async function previewSource(db: Db, id: number): Promise<PreviewSource | null> {
  const page = await storedPage(db, id);
  if (!page) return null;
  return {
    id: page.id,
    title: page.title,
    tree: workingTree(page),
    hasDraft: page.draftTree !== null,
    version: page.version,
    publicUrl: await publicUrlOf(db, page),
  };
}
