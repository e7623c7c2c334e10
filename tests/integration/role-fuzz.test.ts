import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { AppContext } from '~/context';
import type { Connection } from '~/db/connection.server';
import { hashToken } from '~/features/accounts/session.server';
import { eventFormSchema } from '~/features/agenda/staff-form';
import { filterFormFields } from '~/features/filters/staff-form';
import { itemFormSchema } from '~/features/menu/staff-form';
import { SETTING_FIELDS, settingFieldName } from '~/features/menu/staff-settings-model';
import { sourceSettingsInput } from '~/features/reviews/staff.server';
import type { UserRole } from '~/lib/user';
import { csrfToken } from '~/staff/access.server';
import { albumFormSchema } from '~/staff/gallery/form';
import { postFormSchema } from '~/staff/news/model';
import { PAGE_CATALOG } from '~/staff/pages/catalog.server';
import { newWidgetForm } from '~/staff/pages/editor.server';
import { settingsFormSchema } from '~/staff/settings/staff-form';
import { createNonce } from '~/wire/nonce.server';
import { dispatchAjax, dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import routeConfig from '../../app/routes';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';
import { createUser, sessionSubject, startTestSession } from '../support/users';

/**
 * Issue 25 "Let no one in": every wire action, every REST route and every staff form action, fuzzed as a
 * visitor and as each role with that session's valid nonce (wire) or CSRF token (staff), with payloads of
 * the calls' own field names and hostile values. No call answers 5xx (a staff action throws nothing but a
 * Response or React Router's `data()`), and a call that is refused changes nothing stored: the database's
 * digest (per table) is the same after it as before.
 *
 * Refused: a 4xx answer, a wire answer whose JSON says `success: false` or carries an error `code`, and a
 * staff action's redirect to the sign-in page. Accepted calls may change what they change.
 */

const ROLES = ['guest', 'subscriber', 'author', 'editor', 'administrator'] as const;
type Role = (typeof ROLES)[number];

/**
 * Runs per call target and role (every action, route and form gets its own runs); ROLE_FUZZ_SCALE=10
 * runs ten times as many (a longer hunt, not for the suite).
 */
const SCALE = Math.max(1, Number(process.env.ROLE_FUZZ_SCALE) || 1);
const WIRE_RUNS = 5 * SCALE;
const STAFF_RUNS = 6 * SCALE;

/**
 * Tables left out of the digest, and why:
 * - `rate_limit` counts attempts, refused ones too: that is its job (a refused sign-in, review or
 *   comment still spends the window).
 * - SQLite's full-text index tables (`post_fts*`, `post_title_fts*`): kept by triggers from `post`, which
 *   the digest covers; reading them is most of a digest's cost.
 * The audit log and the outbox stay in (only accepted changes write them), and so do sessions, less
 * the column below.
 */
const UNDIGESTED = (name: string) => name === 'rate_limit' || /^post(_title)?_fts/.test(name);
/**
 * Columns left out of the digest: `session.last_seen_at` is written when a signed-in request is read
 * (every few minutes), whatever the call then answers. A session added or removed still counts.
 */
const UNDIGESTED_COLUMNS: Record<string, readonly string[]> = { session: ['last_seen_at'] };

// -- hostile values ------------------------------------------------------------------------------

const HOSTILE = [
  '',
  ' ',
  '0',
  '-1',
  '-2147483649',
  '2147483648',
  '9007199254740993',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[object Object]',
  "' OR 1=1 --",
  "'; DROP TABLE post; --",
  '1; DELETE FROM app_user',
  '" OR ""="',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '%00',
  'a\u0000b',
  '\u0000',
  '\u0007\u001b[2J',
  '\uFEFF',
  '\u202Etxt.exe',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧 ١٢٣',
  'Ａ＝１',
  '2024-02-30',
  '2024-13-01T25:61',
  '9999-12-31T23:59',
  '0000-00-00',
  'http://evil.test/',
  '//evil.test',
  'approve:1',
  'delete:1',
  'naik:1',
  'hapus:1',
  '9999999999',
  'approve:2147483648',
  'naik:2147483648',
  'hapus:9999999999',
  '1,2147483648,9999999999',
];
/** Values a form or call of the site takes (so some payloads get past the first check). */
const PLAUSIBLE = [
  '1',
  '2',
  '3',
  '12',
  'save',
  'publish',
  'unpublish',
  'delete',
  'restore',
  'role',
  'activate',
  'deactivate',
  'editor',
  'administrator',
  'author',
  'subscriber',
  'approve',
  'reject',
  'pin',
  'ya',
  'naik',
  'turun',
  'masukkan',
  'keluarkan',
  'tambah-bagian',
  'tambah-kolom',
  'terbitkan',
  'batalkan',
  'pulihkan',
  'kosongkan-cache',
  'heading',
  'post',
  'page',
  'ekskul',
  'galeri',
  'agenda',
  'like',
  'dislike',
  'favorit',
  'banding',
  'review',
  'comment',
  'Judul uji',
  'uji-coba',
  'guru@contoh.sch.id',
  '2025-03-01T08:00',
  '2025-03',
  'jet-engine/ekskul',
  'epro-posts/berita',
  '[31,33,35]',
  '{"current_page":2}',
];
const huge = fc.constantFrom(5_000, 20_000, 300_000).map((n) => 'ṡ'.repeat(n));
const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 4, arbitrary: fc.constantFrom(...PLAUSIBLE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer({ min: -2_147_483_700, max: 2_147_483_700 }).map(String) },
  { weight: 1, arbitrary: huge },
);
/** A wire value: a scalar, or (JSON bodies) a number, an array or an object where a scalar is expected. */
type WireValue = string | number | boolean | null | WireValue[] | { [k: string]: WireValue };
const wireValue: fc.Arbitrary<WireValue> = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1, 1e308, -(2 ** 53), 2 ** 31, 0.5, true, false, null) },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('0', 'value', 'id', 'x', '__proto__'), scalar, { maxKeys: 3 }),
  },
);

// -- field names ----------------------------------------------------------------------------------

/** The field names a zod schema reads, as the form would send them (`data[value]`, `ids[0]`). */
function schemaFields(schema: unknown, prefix = '', out = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 6) return out;
  const walk = (s: unknown, p = prefix) => schemaFields(s, p, out, depth + 1);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        const name = prefix ? `${prefix}[${key}]` : key;
        out.add(name);
        walk(value, name);
      }
      break;
    case 'pipe':
      walk(def.in);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'array':
      walk(def.element, `${prefix}[0]`);
      break;
    case 'record':
      walk(def.valueType, `${prefix}[x]`);
      break;
  }
  return out;
}
const fieldsOf = (schema: unknown) => [...schemaFields(schema)];

/** Fields some wire calls read inside a loose object (the reviews' simple widget, the nonce). */
const WIRE_EXTRA = [
  '_wpnonce',
  'nonce',
  'action',
  'data[post_id]',
  'data[user_id]',
  'data[review_id]',
  'data[summary_title]',
  'data[summary_text]',
  'data[review_fields][0][field_value]',
  'data[review_fields][0][field_label]',
  'rating_data[0][field_value]',
];
/** Fields of every staff form besides its own: the CSRF token's name, the version, an intent. */
const STAFF_EXTRA = ['versi', 'intent', 'aksi', 'tindakan', 'id', 'kembali', 'lanjut'];
const widgetFields = (newWidgetForm(PAGE_CATALOG, 'heading')?.fields ?? []).map((f) => f.name);
/** Each staff form's own field names, by route file. */
const STAFF_FIELDS: Record<string, string[]> = {
  'agenda-edit': fieldsOf(eventFormSchema),
  'filters-edit': filterFormFields({ taxonomies: ['kategori-ekskul'], metaKeys: ['biaya'] }).map((f) => f.name),
  'gallery-edit': [
    ...fieldsOf(albumFormSchema),
    'urutan',
    'dihapus',
    'alt-1',
    'alt-2147483648',
    'kategori-1',
    'kategori-2147483648',
  ],
  'gallery-upload': ['kelompok', 'urutan', 'foto'],
  'menus-item': fieldsOf(itemFormSchema),
  'menus-settings': (['desktop', 'mobile'] as const).flatMap((g) =>
    SETTING_FIELDS[g].map((f) => settingFieldName(g, f.key)),
  ),
  'menus-tree': ['item', 'gerak'],
  'news-edit': [...fieldsOf(postFormSchema), 'kategori-1', 'kategori-2147483648', 'revision'],
  'news-autosave': fieldsOf(postFormSchema),
  'pages-edit': ['elemen', 'revisi'],
  'pages-element': widgetFields,
  'pages-widget': ['kolom', 'jenis', ...widgetFields],
  reviews: ['satu', 'konfirmasi', 'ulasan_1', 'ulasan_2', 'ulasan_99999999999'],
  'reviews-settings': fieldsOf(sourceSettingsInput),
  settings: fieldsOf(settingsFormSchema),
  'users-edit': ['role'],
  'users-invite': ['email', 'display_name', 'role'],
};

// -- payloads -------------------------------------------------------------------------------------

/**
 * A call as the site's own pages send it, by call or form (`:name` is one of `ids`), so that a payload
 * that starts from it gets past the first check and the fuzzed fields reach the handler's own rules.
 */
const WIRE_BASELINES: Record<string, Record<string, string>> = {
  'jet-reviews-api/v1/update-review-approval': { review_id: ':review', type: 'like', inc: 'true' },
  'jet-reviews-api/v1/moderate-review': { review_id: ':review', operation: 'pin' },
  'jet-reviews-api/v1/submit-review': {
    source: ':source',
    source_id: ':reviewed',
    title: 'Ulasan uji',
    content: 'Isi ulasan uji.',
    'rating_data[0][field_label]': 'Nilai',
    'rating_data[0][field_value]': '4',
  },
  'jet-reviews-api/v1/submit-review-comment': {
    source: ':source',
    source_id: ':reviewed',
    review_id: ':review',
    content: 'Komentar uji.',
  },
  jet_reviews_add_meta_review: {
    'data[post_id]': ':reviewed',
    'data[summary_title]': 'Ulasan uji',
    'data[summary_text]': 'Isi ulasan uji.',
    'data[review_fields][0][field_value]': '4',
  },
  jet_reviews_remove_review: { 'data[post_id]': ':reviewed', 'data[user_id]': ':self' },
  jet_engine_add_to_store_favorit: { store: 'favorit', post_id: ':berita' },
  jet_engine_remove_from_store_favorit: { store: 'favorit', post_id: ':berita' },
  jet_engine_add_to_store_banding: { store: 'banding', post_id: ':berita' },
  jet_engine_store_posts: { 'ids[0]': ':berita' },
  jet_subscribe_form_ajax: { 'data[email]': 'pelanggan@contoh.sch.id' },
  jet_engine_calendar_get_month: { month: '2025-03' },
  'jet-menu-api/v2/get-menu-items': { menu_id: ':menuId' },
  'jet-menu-api/v1/get-menu-items': { menu_id: ':menuId' },
  'jet-menu-api/v2/get-elementor-template-content': { id: ':template' },
  'jet-menu-api/v2/get-blocks-template-content': { id: ':template' },
  'jet-menu-api/v1/elementor-template': { id: ':template' },
  'jet-blocks-api/v1/elementor-template': { id: ':template' },
  'jet-tabs-api/v1/elementor-template': { id: ':template' },
  'jet-elements-api/v1/elementor-template': { id: ':template' },
  'jet-reviews-api/v1/get-public-reviews-list': { source: ':source', source_id: ':reviewed' },
  'jet-reviews-api/v1/get-review-comments': { review_id: ':review' },
  'jet-reviews-api/v1/captcha-challenge': { action: 'submit_review' },
  'jet-search/v1/search-posts': { 'data[value]': 'sekolah' },
  jet_ajax_search: { 'data[value]': 'sekolah' },
  jet_smart_filters: { provider: 'jet-engine/ekskul', 'query[_tax_query_bidang-ekskul][]': '31' },
  jet_smart_filters_get_indexed_data: { provider: 'jet-engine/ekskul', indexing_filters: '[1,2]' },
  jet_smart_filters_get_hierarchy_level: { filter_id: ':filter', depth: '1' },
  jet_blog_smart_listing_get_posts: { 'jet_request_data[paged]': '2' },
};
const NEWS_FORM = {
  title: 'Berita uji',
  slug: '',
  excerpt: '',
  content: '<p>Isi</p>',
  tags: '',
  featured_media_id: '',
  published_at: '',
  seo_title: '',
  seo_description: '',
  modified_at: '',
  intent: 'save',
};
const STAFF_BASELINES: Record<string, Record<string, string>> = {
  'agenda-edit': {
    judul: 'Lomba uji',
    mulai: '2027-02-10',
    selesai: '2027-02-11',
    waktu: '08.00–12.00',
    tempat: 'Aula',
    kategori: 'kegiatan',
    keterangan: 'Uji.',
  },
  'gallery-edit': { judul: 'Album uji', slug: '', ringkasan: 'Uji.', tahun: '2031' },
  'filters-edit': {
    nama: 'Filter uji',
    jenis: 'checkboxes',
    label: 'Pilih',
    label_aktif: '',
    jenis_kueri: 'tax_query',
    var_kueri: 'kategori-galeri',
    penerapan: 'ajax',
    indeks: 'ya',
    tampil_hitungan: 'ya',
    aturan: 'show',
    mode_hitung: 'default',
    operator: 'OR',
  },
  'menus-item': { jenis: 'tautan', judul: 'Tautan uji', url: '/uji/' },
  'menus-tree': { item: ':itemId', gerak: 'turun' },
  'news-edit': NEWS_FORM,
  'news-autosave': NEWS_FORM,
  'pages-edit': { aksi: 'turun', elemen: ':elementId' },
  'pages-widget': { kolom: ':column', jenis: 'heading' },
  reviews: { satu: 'pin::review' },
  'reviews-settings': { sumber: ':source' },
  settings: { nama: 'Sekolah uji', url_filter: 'plain' },
  'users-edit': { intent: 'role', role: 'author' },
  'users-invite': { email: 'undangan@contoh.sch.id', display_name: 'Guru baru', role: 'author' },
};

/** A baseline's entries with its `:name` ids filled in. */
function baselineOf(fields: Record<string, string> | undefined, ids: Record<string, string>): Array<[string, string]> {
  return Object.entries(fields ?? {}).map(([k, v]) => [k, v.replace(/:([a-zA-Z]+)/g, (m, id: string) => ids[id] ?? m)]);
}

/**
 * Field entries for a call: its own names mostly, others and junk sometimes; a repeated name is an
 * array. Half of the payloads are the call's baseline with one to three fields put first (a repeated
 * field's first value is the one read), so that they get past the first check.
 */
function payload(
  names: readonly string[],
  extra: readonly string[],
  value: fc.Arbitrary<WireValue>,
  baseline: ReadonlyArray<readonly [string, string]>,
): fc.Arbitrary<Array<readonly [string, WireValue]>> {
  const own = names.length ? fc.constantFrom(...names) : fc.constant('x');
  const name = fc.oneof(
    { weight: 6, arbitrary: own },
    { weight: 2, arbitrary: fc.constantFrom(...extra) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: own.map((n) => `${n}[]`) },
  );
  const free = fc.array(fc.tuple(name, value), { maxLength: 8 });
  if (baseline.length === 0) return free;
  const fromBaseline = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...baseline.map(([k]) => k)), name), value), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes): Array<readonly [string, WireValue]> => [...changes, ...baseline]);
  return fc.oneof(free, fromBaseline);
}

/** Bracket names as nested JSON (`data[value]` → `{ data: { value } }`); a clash keeps the first. */
function nested(pairs: ReadonlyArray<readonly [string, WireValue]>): Record<string, WireValue> {
  const root: Record<string, WireValue> = {};
  for (const [name, value] of pairs) {
    const path = name.split(/\[|\]\[|\]$/).filter((p, i) => i === 0 || p !== '');
    let at: Record<string, WireValue> = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) at[key] ??= value;
      else {
        const next = at[key];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) at[key] = {};
        at = at[key] as Record<string, WireValue>;
      }
    });
  }
  return root;
}

/** Pairs as a form sends them: arrays and objects flattened to `name[0]`, `name[key]`. */
function flat(pairs: ReadonlyArray<readonly [string, WireValue]>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const add = (name: string, value: WireValue) => {
    if (Array.isArray(value)) for (const [i, v] of value.entries()) add(`${name}[${i}]`, v);
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) add(`${name}[${k}]`, v);
    else out.push([name, String(value)]);
  };
  for (const [name, value] of pairs) add(name, value);
  return out;
}

// -- answers --------------------------------------------------------------------------------------

/** Whether a wire answer refuses the call: 4xx, `success: false`, or a REST error `code`. */
async function wireRefused(res: Response): Promise<{ refused: boolean; text: string }> {
  const text = await res.text();
  if (res.status >= 400) return { refused: true, text };
  try {
    const body = JSON.parse(text) as { success?: unknown; code?: unknown; data?: { status?: unknown } } | null;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      if (body.success === false) return { refused: true, text };
      if (typeof body.code === 'string' && Number(body.data?.status) >= 400) return { refused: true, text };
    }
  } catch {
    // Not JSON (HTML, text): its status says.
  }
  return { refused: false, text };
}

/** React Router's `data()` result (returned, or thrown as an error answer). */
function isData(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
  return (value as { type?: unknown } | null)?.type === 'DataWithResponseInit';
}

/**
 * A staff action's answer as the server would send it: a Response's status, a `data()` init's status (a
 * thrown one without a status is 500, as React Router answers it), 200 for a value. Anything else thrown
 * fails the test: the server would answer it 500.
 */
async function staffAnswer(run: () => Promise<unknown>): Promise<{ status: number; location: string }> {
  try {
    const out = await run();
    if (out instanceof Response) return { status: out.status, location: out.headers.get('location') ?? '' };
    if (isData(out)) return { status: out.init?.status ?? 200, location: '' };
    return { status: 200, location: '' };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('location') ?? '' };
    if (isData(error)) return { status: error.init?.status ?? 500, location: '' };
    throw error;
  }
}

// -- the database's digest ----------------------------------------------------------------------

type Digest = Map<string, string>;

/**
 * Every table's row count and a hash of its rows. SQLite: one connection, whose `total_changes()` says
 * whether anything was written since the last digest (nothing written: the digest is the same, not read
 * again). PostgreSQL: one query hashes every table on the server, rows in text order.
 */
function digester(conn: Connection, tables: Array<{ name: string; columns: string[] }>) {
  let last: Digest = new Map();
  let changes = -1;
  const totalChanges = async () =>
    Number((await sql<{ n: number }>`select total_changes() as n`.execute(conn.db)).rows[0]?.n);
  async function read(): Promise<Digest> {
    const digest: Digest = new Map();
    if (conn.dialect === 'sqlite') {
      for (const { name, columns } of tables) {
        const { rows } = await sql`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(name)}`.execute(
          conn.db,
        );
        digest.set(name, `${rows.length}:${createHash('sha1').update(JSON.stringify(rows)).digest('hex')}`);
      }
      return digest;
    }
    const parts = tables.map(({ name, columns }) => {
      const row = sql`row(${sql.join(columns.map((c) => sql.ref(`x.${c}`)))})::text`;
      return sql`select ${name}::text as t, count(*)::int as n, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from ${sql.table(name)} x`;
    });
    const { rows } = await sql<{ t: string; n: number; h: string }>`${sql.join(parts, sql` union all `)}`.execute(
      conn.db,
    );
    for (const row of rows) digest.set(row.t, `${row.n}:${row.h}`);
    return digest;
  }
  let fresh = false;
  return {
    /**
     * The digest as the last call left it: taken after each call, it is the next call's "before" (no
     * one else writes between two calls of this file), so each call costs one digest, not two.
     */
    async latest(): Promise<Digest> {
      return fresh ? last : this.now();
    },
    /** The digest now (read again only when something may have been written). */
    async now(): Promise<Digest> {
      fresh = true;
      if (conn.dialect === 'sqlite') {
        const n = await totalChanges();
        if (n === changes) return last;
        last = await read();
        changes = await totalChanges();
        return last;
      }
      last = await read();
      return last;
    },
  };
}

/** The tables whose digest differs. */
function changed(before: Digest, after: Digest): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}

// -- staff routes ---------------------------------------------------------------------------------

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}
/** Every staff route with an action: its file's name (`agenda-edit`), its address pattern, its action. */
type StaffActionFn = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppContext;
}) => Promise<unknown>;
const modules = import.meta.glob<{ action?: StaffActionFn }>('../../app/routes/admin/*.{ts,tsx}');
async function staffForms(): Promise<Array<{ name: string; pattern: string; action: StaffActionFn }>> {
  const found: Array<{ pattern: string; file: string }> = [];
  const walk = (entries: RouteEntry[], parent: string) => {
    for (const entry of entries) {
      const pattern = [parent, entry.path ?? ''].filter(Boolean).join('/');
      if (entry.file.startsWith('routes/admin/')) found.push({ pattern: `/${pattern}`, file: entry.file });
      if (entry.children) walk(entry.children, pattern);
    }
  };
  walk(routeConfig as RouteEntry[], '');
  const forms: Array<{ name: string; pattern: string; action: StaffActionFn }> = [];
  for (const { pattern, file } of found) {
    const load = modules[`../../app/${file}`];
    if (!load) throw new Error(`no module for ${file}`);
    const { action } = await load();
    if (action) forms.push({ name: `${file.replace(/^routes\/admin\/|\.tsx?$/g, '')} ${pattern}`, pattern, action });
  }
  return forms;
}

interface TreeElement {
  id: string;
  type: string;
  children: TreeElement[];
}

/** The id of a page tree's first element of a type (its first widget, its first column). */
function firstOfType(tree: string | null, type: string): string {
  const walk = (els: TreeElement[]): string | undefined => {
    for (const el of els) {
      const found = el.type === type ? el.id : walk(el.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  return walk(JSON.parse(tree ?? '[]')) ?? '';
}

// -- the fuzzing ----------------------------------------------------------------------------------

interface Counts {
  ajax: number;
  rest: number;
  staff: number;
  refused: number;
  accepted: number;
}
const counts = new Map<string, Counts>();
const countOf = (dialect: string, role: Role): Counts => {
  const key = `${dialect}|${role}`;
  let c = counts.get(key);
  if (!c) {
    c = { ajax: 0, rest: 0, staff: 0, refused: 0, accepted: 0 };
    counts.set(key, c);
  }
  return c;
};
afterAll(() => {
  const header = ['dialect', 'role', 'ajax', 'rest', 'staff', 'total', 'refused', 'accepted'];
  const rows = [...counts].map(([key, c]) => [
    ...key.split('|'),
    ...[c.ajax, c.rest, c.staff, c.ajax + c.rest + c.staff, c.refused, c.accepted].map(String),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`role fuzzing, calls per role (issue 25)\n${[header, ...rows].map(line).join('\n')}`);
});

const HOSTILE_PARAMS = ['0', '-1', 'abc', '99999999', '2147483648', '1e3', "1' OR '1'='1", '%00', '١', '..'];

describe.each(DIALECTS)('every call as every role on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let ctx: AppContext;
  let digest: ReturnType<typeof digester>;
  let forms: Awaited<ReturnType<typeof staffForms>>;
  const sessions = new Map<Role, { id: number; cookie: string; token: string; nonce: string }>();
  /** Real ids by route param and section (`:id` of /admin/berita/ → a news post's). */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    ctx = appContext(conn);
    for (const role of ROLES) {
      if (role === 'guest') {
        sessions.set(role, {
          id: 0,
          cookie: '',
          token: '',
          nonce: createNonce(ctx.nonceSecret, '0', REST_NONCE_ACTION),
        });
        continue;
      }
      const id = await createUser(conn.db, `fuzz-${role}`, role as UserRole);
      const token = await startTestSession(conn.db, id);
      const cookie = `session=${token}`;
      sessions.set(role, {
        id,
        cookie,
        token: csrfToken(ctx, { id, session: hashToken(token) }),
        nonce: createNonce(ctx.nonceSecret, sessionSubject(id, cookie), REST_NONCE_ACTION),
      });
    }
    // The user the administrator's user forms act on: none of the fuzzing users.
    const victim = await createUser(conn.db, 'fuzz-victim', 'editor');
    const first = async (type: string) =>
      String(
        (await conn.db.selectFrom('post').select('id').where('type', '=', type).orderBy('id').executeTakeFirstOrThrow())
          .id,
      );
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('type', '=', 'page')
      .where('tree', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const menu = await conn.db.selectFrom('menu').select('id').orderBy('id').executeTakeFirstOrThrow();
    const item = await conn.db
      .selectFrom('menu_item')
      .select('id')
      .where('menu_id', '=', menu.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const review = await conn.db
      .selectFrom('review')
      .innerJoin('post', 'post.id', 'review.post_id')
      .select(['review.id', 'review.post_id', 'post.type'])
      .orderBy('review.id')
      .executeTakeFirstOrThrow();
    Object.assign(ids, {
      berita: await first('post'),
      agenda: await first('agenda'),
      galeri: await first('galeri'),
      halaman: String(page.id),
      filter: String(
        (await conn.db.selectFrom('smart_filter').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      ),
      pengguna: String(victim),
      menuId: String(menu.id),
      itemId: String(item.id),
      elementId: firstOfType(page.tree, 'widget'),
      column: firstOfType(page.tree, 'column'),
      review: String(review.id),
      reviewed: String(review.post_id),
      source: review.type,
      template: await first('template'),
    });
    // PostgreSQL lists the tables of every schema (other test files' too): this database's only.
    const schema =
      conn.dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(conn.db)).rows[0]?.s
        : undefined;
    const tables = (await conn.db.introspection.getTables())
      .filter((t) => t.schema === schema && !t.isView && !UNDIGESTED(t.name))
      .map((t) => ({
        name: t.name,
        columns: t.columns.map((c) => c.name).filter((c) => !UNDIGESTED_COLUMNS[t.name]?.includes(c)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['post', 'app_user', 'session', 'audit_log', 'review', 'outbox']),
    );
    digest = digester(conn, tables);
    forms = await staffForms();
  });
  afterAll(() => dispose());

  test('the digest sees a stored change (a row added, a value changed) and sees it undone', async () => {
    const before = await digest.now();
    expect(changed(before, await digest.now())).toEqual([]);
    const mail = { recipient: 'x@contoh.sch.id', subject: 'Uji', body: 'Uji', created_at: new Date().toISOString() };
    await conn.db.insertInto('outbox').values(mail).execute();
    expect(changed(before, await digest.now())).toEqual(['outbox']);
    await conn.db.deleteFrom('outbox').where('subject', '=', 'Uji').execute();
    const user = await conn.db
      .selectFrom('app_user')
      .select(['id', 'display_name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await conn.db.updateTable('app_user').set({ display_name: 'Diubah' }).where('id', '=', user.id).execute();
    expect(changed(before, await digest.now())).toEqual(['app_user']);
    await conn.db.updateTable('app_user').set({ display_name: user.display_name }).where('id', '=', user.id).execute();
    expect(changed(before, await digest.now())).toEqual([]);
  });

  /** Runs one call: no 5xx, and a refused call leaves every digested table as it was. */
  async function call(
    role: Role,
    kind: 'ajax' | 'rest' | 'staff',
    what: string,
    send: () => Promise<{ status: number; refused: boolean; detail: string }>,
  ) {
    const before = await digest.latest();
    let after = before;
    let answer: Awaited<ReturnType<typeof send>>;
    try {
      answer = await send();
    } finally {
      after = await digest.now();
    }
    const { status, refused, detail } = answer;
    const c = countOf(dialect, role);
    // ROLE_FUZZ_LOG=1: one line a call (role, call, status, refused, the payload's end), for a hunt.
    if (process.env.ROLE_FUZZ_LOG)
      console.log(
        'call',
        role,
        what.split(' ').slice(0, 2).join(' '),
        status,
        refused,
        detail.slice(-160).replace(/\s+/g, ' '),
      );
    c[kind]++;
    expect(status, `${role} ${what} → ${status}: ${detail.slice(0, 300)}`).toBeLessThan(500);
    if (refused) {
      c.refused++;
      expect(
        changed(before, after),
        `${role} ${what} was refused (${status}) and changed: ${detail.slice(0, 300)}`,
      ).toEqual([]);
    } else c.accepted++;
  }

  // Found by this fuzzing on PostgreSQL: a JSON number id past its integer reached a query (500).
  test('an id past PostgreSQL’s integer in a JSON body is refused, not a 500, and changes nothing', async () => {
    const session = sessions.get('editor');
    if (!session) throw new Error('editor');
    const big = 2_147_483_648;
    const send = (path: string | null, body: Record<string, unknown>) => {
      const request = new Request(
        path ? `http://school.test/wp-json/${path}` : 'http://school.test/wp-admin/admin-ajax.php',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: session.cookie,
            'x-wp-nonce': session.nonce,
            origin: 'http://school.test',
          },
          body: JSON.stringify(body),
        },
      );
      return path ? dispatchRest(request, ctx, restRoutes, path) : dispatchAjax(request, ctx, ajaxActions);
    };
    const calls: Array<[string | null, Record<string, unknown>]> = [
      ['jet-reviews-api/v1/get-review-comments', { review_id: big }],
      ['jet-reviews-api/v1/update-review-approval', { review_id: big, type: 'like' }],
      ['jet-reviews-api/v1/moderate-review', { review_id: big, operation: 'pin' }],
      ['jet-reviews-api/v1/submit-review', { source: ids.source, source_id: big, title: 'x', content: 'y' }],
      [
        'jet-reviews-api/v1/submit-review-comment',
        {
          source: ids.source,
          source_id: Number(ids.reviewed),
          review_id: Number(ids.review),
          parent_id: big,
          content: 'y',
        },
      ],
      [null, { action: 'jet_reviews_add_meta_review', data: { post_id: big, summary_title: 'x', summary_text: 'y' } }],
      [null, { action: 'jet_reviews_remove_review', data: { post_id: big } }],
      [null, { action: 'jet_engine_add_to_store_favorit', store: 'favorit', post_id: big }],
      [null, { action: 'jet_engine_remove_from_store_favorit', store: 'favorit', post_id: big }],
    ];
    for (const [path, body] of calls) {
      const before = await digest.now();
      const res = await send(path, body);
      expect([path ?? body.action, res.status]).toEqual([path ?? body.action, 400]);
      expect(changed(before, await digest.now())).toEqual([]);
    }
  });

  // Found by this fuzzing on PostgreSQL: a form's id of ten digits, past its integer, reached a query (500).
  test('an id past PostgreSQL’s integer in a staff form is answered, never thrown, and a refusal changes nothing', async () => {
    const session = sessions.get('administrator');
    if (!session) throw new Error('administrator');
    const big = '2147483648';
    const news = { ...NEWS_FORM, title: 'Berita id besar' };
    const posts: Array<[file: string, params: Record<string, string>, fields: Record<string, string>]> = [
      ['news-edit', {}, { ...news, featured_media_id: big }],
      ['news-edit', {}, { ...news, [`kategori-${big}`]: '1' }],
      ['news-autosave', {}, { ...news, [`kategori-${big}`]: '1' }],
      ['news-edit', { id: ids.berita as string }, { ...news, intent: 'restore', revision: big }],
      ['menus-item', { menuId: ids.menuId as string }, { jenis: 'halaman', judul: 'x', halaman: big }],
      ['menus-item', { menuId: ids.menuId as string }, { jenis: 'berita', judul: 'x', berita: big }],
      ['menus-item', { menuId: ids.menuId as string }, { jenis: 'kategori', judul: 'x', kategori: big }],
      ['menus-item', { menuId: ids.menuId as string }, { jenis: 'tautan', judul: 'x', url: '/x/', mega: big }],
      ['gallery-edit', { id: ids.galeri as string }, { judul: 'x', tahun: '2031', [`kategori-${big}`]: '1' }],
      ['reviews', {}, { satu: `approve:${big}` }],
    ];
    for (const [file, params, fields] of posts) {
      const form = forms.find((f) => f.name.startsWith(`${file} `) && (!params.id || f.pattern.includes(':id')));
      if (!form) throw new Error(file);
      const request = new Request('http://school.test/admin/', {
        method: 'POST',
        headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _token: session.token, ...fields }).toString(),
      });
      const before = await digest.now();
      const { status } = await staffAnswer(() => form.action({ request, params, context: ctx }));
      expect([file, status < 500]).toEqual([file, true]);
      if (status >= 400) expect([file, changed(before, await digest.now())]).toEqual([file, []]);
    }
  });

  const wireCalls = [
    ...[...ajaxActions.values()].map((a) => ({ kind: 'ajax' as const, name: a.name, def: a })),
    ...[...restRoutes.values()].map((r) => ({ kind: 'rest' as const, name: r.path, def: r })),
  ];

  test.each(ROLES)('every wire action and REST route as %s: no 5xx, a refused call changes nothing', async (role) => {
    const session = sessions.get(role);
    if (!session) throw new Error(role);
    for (const target of wireCalls) {
      const names = [...schemaFields(target.def.input)];
      const methods = target.def.methods ?? ['GET', 'POST'];
      const baseline = baselineOf(WIRE_BASELINES[target.name], { ...ids, self: String(session.id) });
      await fc.assert(
        fc.asyncProperty(
          payload(names, WIRE_EXTRA, wireValue, baseline),
          fc.constantFrom('form', 'json', 'multipart', 'query'),
          fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
          fc.integer({ min: 0, max: 65_535 }),
          async (pairs, encoding, validNonce, address) => {
            const method = encoding === 'query' || !methods.includes('POST') ? 'GET' : 'POST';
            const headers: Record<string, string> = {
              'x-wp-nonce': validNonce ? session.nonce : 'deadbeef00',
              'x-forwarded-for': `10.25.${address >> 8}.${address & 255}`,
              origin: 'http://school.test',
              ...(session.cookie ? { cookie: session.cookie } : {}),
            };
            const fields = target.kind === 'ajax' ? [...pairs, ['action', target.name] as const] : pairs;
            let url =
              target.kind === 'ajax'
                ? 'http://school.test/wp-admin/admin-ajax.php'
                : `http://school.test/wp-json/${target.name}`;
            let body: BodyInit | undefined;
            if (method === 'GET') url += `?${new URLSearchParams(flat(fields))}`;
            else if (encoding === 'json') {
              headers['content-type'] = 'application/json';
              body = JSON.stringify(nested(fields));
            } else if (encoding === 'multipart') {
              const form = new FormData();
              for (const [k, v] of flat(fields)) form.append(k, v);
              body = form;
            } else {
              headers['content-type'] = 'application/x-www-form-urlencoded';
              body = new URLSearchParams(flat(fields)).toString();
            }
            const request = new Request(url, { method, headers, body });
            await call(role, target.kind, `${target.name} ${method} ${encoding}`, async () => {
              const res =
                target.kind === 'ajax'
                  ? await dispatchAjax(request, ctx, ajaxActions)
                  : await dispatchRest(request, ctx, restRoutes, target.name);
              const { refused, text } = await wireRefused(res);
              return { status: res.status, refused, detail: `${JSON.stringify(fields).slice(0, 400)} → ${text}` };
            });
          },
        ),
        { numRuns: WIRE_RUNS },
      );
    }
  });

  test.each(ROLES)('every staff form as %s: no 5xx, nothing thrown, a refused post changes nothing', async (role) => {
    const session = sessions.get(role);
    if (!session) throw new Error(role);
    expect(forms.length).toBeGreaterThan(20);
    const acceptedBefore = countOf(dialect, role).accepted;
    for (const form of forms) {
      const file = form.name.split(' ')[0] ?? '';
      const params = [...form.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
      const section = form.pattern.split('/')[2] ?? '';
      const baseline = baselineOf(STAFF_BASELINES[file], ids);
      const param = (name: string) =>
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(ids[name === 'id' ? section : name] ?? '1') },
          { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_PARAMS) },
        );
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...params.map(param)),
          payload(STAFF_FIELDS[file] ?? [], STAFF_EXTRA, scalar, baseline),
          fc.constantFrom('valid', 'valid', 'valid', 'valid', 'none', 'forged'),
          fc.boolean(),
          async (values, pairs, token, multipart) => {
            const routeParams = Object.fromEntries(params.map((p, i) => [p, values[i] as string]));
            const path = form.pattern.replace(/:([A-Za-z]+)/g, (_, p: string) =>
              encodeURIComponent(routeParams[p] ?? ''),
            );
            const fields: Array<[string, string]> = flat(pairs);
            if (token !== 'none') fields.unshift(['_token', token === 'valid' ? session.token : 'forged.token']);
            const headers: Record<string, string> = session.cookie ? { cookie: session.cookie } : {};
            let body: BodyInit;
            if (multipart || file === 'gallery-upload') {
              const data = new FormData();
              for (const [k, v] of fields) data.append(k, v);
              if (file === 'gallery-upload' && pairs.length % 2 === 0)
                data.append('foto', new Blob([Buffer.from(JSON.stringify(pairs).slice(0, 200))]), 'foto.jpg');
              body = data;
            } else {
              headers['content-type'] = 'application/x-www-form-urlencoded';
              body = new URLSearchParams(fields).toString();
            }
            const request = new Request(`http://school.test${path}/`, { method: 'POST', headers, body });
            await call(role, 'staff', `${form.name} ${path}`, async () => {
              const { status, location } = await staffAnswer(() =>
                form.action({ request, params: routeParams, context: ctx }),
              );
              const refused = status >= 400 || location.startsWith('/masuk/');
              return { status, refused, detail: JSON.stringify(fields).slice(0, 400) };
            });
          },
        ),
        { numRuns: STAFF_RUNS },
      );
    }
    // Staff who may change things got past the token and the role to the forms' own checks, and some posts were taken.
    if (role === 'editor' || role === 'administrator') {
      expect(countOf(dialect, role).accepted).toBeGreaterThan(acceptedBefore);
    }
  });
});
