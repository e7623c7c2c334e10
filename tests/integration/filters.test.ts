import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions } from '~/calls.server';
import { parseTree } from '~/content/tree.server';
import type { Connection } from '~/db/connection.server';
import type { FilteringAnswer, IndexedData } from '~/features/filters/model';
import { filterFormRedirect } from '~/features/filters/redirect.server';
import { loadTree } from '~/pages/tree.server';
import { NOT_ENOUGH_PARAMETERS } from '~/widgets/smart-filter/actions.server';
import { toBracketPairs } from '~/wire/form';
import { dispatchAjax } from '~/wire/registry.server';
import { seedSynthetic } from '../../seed';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

/**
 * Smart filters over the wire and on the page, on every dialect. Every listing, total and count is
 * checked against a brute-force answer computed here from the rows themselves (plain SQL reads, then
 * JavaScript), for states of 0 to 3 active filters of each group.
 */

const ORIGIN = 'http://school.test';
/** Synthetic rows on top of the demo school, so that counts and pages are more than a handful. */
const SYNTHETIC = 1500;

/** The demo school plus synthetic rows. */
async function filtersDatabase(dialect: 'sqlite' | 'postgres') {
  const fresh = await freshDatabase(dialect);
  await seedSynthetic(fresh.conn, SYNTHETIC);
  return fresh;
}

// -- the brute-force model ------------------------------------------------------------------------

interface Item {
  id: number;
  type: string;
  slug: string;
  title: string;
  publishedAt: string;
  text: string;
  terms: Set<number>;
  meta: Array<{ key: string; text: string | null; num: number | null }>;
}

interface Model {
  items: Item[];
  terms: Map<number, { id: number; taxonomy: string; slug: string; parent: number | null }>;
}

async function loadModel(conn: Connection): Promise<Model> {
  const { db } = conn;
  const [posts, postTerms, meta, terms] = await Promise.all([
    db
      .selectFrom('post')
      .select(['id', 'type', 'slug', 'title', 'excerpt', 'content', 'published_at'])
      .where('status', '=', 'publish')
      .where('type', 'in', ['post', 'galeri', 'ekskul'])
      .execute(),
    db.selectFrom('post_term').select(['post_id', 'term_id']).execute(),
    db.selectFrom('post_meta').select(['post_id', 'meta_key', 'value_text', 'value_number']).execute(),
    db.selectFrom('term').select(['id', 'taxonomy', 'slug', 'parent_id']).execute(),
  ]);
  const items = new Map<number, Item>();
  for (const p of posts) {
    items.set(p.id, {
      id: p.id,
      type: p.type,
      slug: p.slug,
      title: p.title,
      publishedAt: p.published_at,
      text: `${p.title} ${p.excerpt} ${p.content.replace(/<[^>]*>/g, ' ')}`.toLowerCase(),
      terms: new Set(),
      meta: [],
    });
  }
  for (const pt of postTerms) items.get(pt.post_id)?.terms.add(pt.term_id);
  for (const m of meta) items.get(m.post_id)?.meta.push({ key: m.meta_key, text: m.value_text, num: m.value_number });
  return {
    items: [...items.values()],
    terms: new Map(terms.map((t) => [t.id, { id: t.id, taxonomy: t.taxonomy, slug: t.slug, parent: t.parent_id }])),
  };
}

type Pred = (item: Item) => boolean;

/** One filter state of a group: the value sent and what it means for an item, written independently of the server. */
interface Choice {
  key: string;
  value: string | string[] | Record<string, string>;
  pred: Pred;
}

/** A group as the seeded pages define it. */
interface GroupSpec {
  provider: string;
  types: string[];
  perPage: number;
  maxItems: number;
  /** Indexed filters: query key, answer type and var, and each option's meaning. */
  indexed: Array<{ key: string; type: 'tax_query' | 'meta_query'; name: string; options: Array<[string, Pred]> }>;
}

function helpers(model: Model) {
  const term = (taxonomy: string, slug: string) => {
    const t = [...model.terms.values()].find((x) => x.taxonomy === taxonomy && x.slug === slug);
    if (!t) throw new Error(`no term ${taxonomy}/${slug}`);
    return t.id;
  };
  const under = (id: number): Set<number> => {
    const out = new Set([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of model.terms.values()) {
        if (t.parent !== null && out.has(t.parent) && !out.has(t.id)) {
          out.add(t.id);
          grew = true;
        }
      }
    }
    return out;
  };
  const hasUnder = (id: number): Pred => {
    const ids = under(id);
    return (item) => [...item.terms].some((t) => ids.has(t));
  };
  const metaIs =
    (key: string, value: string): Pred =>
    (item) =>
      item.meta.some((m) => m.key === key && (m.text ?? String(m.num)) === value);
  const metaNum =
    (key: string, ok: (n: number) => boolean): Pred =>
    (item) =>
      item.meta.some((m) => m.key === key && m.num !== null && ok(m.num));
  const taxOptions = (taxonomy: string): Array<[string, Pred]> =>
    [...model.terms.values()].filter((t) => t.taxonomy === taxonomy).map((t) => [String(t.id), hasUnder(t.id)]);
  const metaOptions = (key: string): Array<[string, Pred]> => {
    const values = new Set(
      model.items.flatMap((i) => i.meta.filter((m) => m.key === key).map((m) => m.text ?? String(m.num))),
    );
    return [...values].map((v) => [v, metaIs(key, v)]);
  };
  /** A day in Asia/Jakarta (UTC+7) as the ISO bounds published_at is compared with. */
  const jakarta = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d) - 7 * 3600_000).toISOString();
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u);
  const searches =
    (word: string): Pred =>
    (item) =>
      words(item.text).some((w) => w.startsWith(word));
  return { term, hasUnder, metaIs, metaNum, taxOptions, metaOptions, jakarta, searches };
}

function groups(model: Model) {
  const h = helpers(model);
  const ekskul: GroupSpec = {
    provider: 'jet-engine/ekskul',
    types: ['ekskul'],
    perPage: 9,
    maxItems: 0,
    indexed: [
      {
        key: '_tax_query_bidang-ekskul',
        type: 'tax_query',
        name: 'bidang-ekskul',
        options: h.taxOptions('bidang-ekskul'),
      },
      { key: '_meta_query_jam', type: 'meta_query', name: 'jam', options: h.metaOptions('jam') },
      { key: '_meta_query_tempat', type: 'meta_query', name: 'tempat', options: h.metaOptions('tempat') },
      { key: '_meta_query_warna', type: 'meta_query', name: 'warna', options: h.metaOptions('warna') },
      { key: '_meta_query_hari', type: 'meta_query', name: 'hari', options: h.metaOptions('hari') },
      { key: '_tax_query_tingkat', type: 'tax_query', name: 'tingkat', options: h.taxOptions('tingkat') },
    ],
  };
  const olahraga = h.term('bidang-ekskul', 'olahraga');
  const kelas8 = h.term('tingkat', 'kelas-8');
  const ekskulChoices: Choice[] = [
    { key: '_tax_query_bidang-ekskul', value: String(olahraga), pred: h.hasUnder(olahraga) },
    {
      key: '_meta_query_hari',
      value: ['Senin', 'Rabu'],
      pred: (i) => h.metaIs('hari', 'Senin')(i) || h.metaIs('hari', 'Rabu')(i),
    },
    { key: '_meta_query_biaya|range', value: '0_50000', pred: h.metaNum('biaya', (n) => n >= 0 && n <= 50000) },
    { key: '_meta_query_rating|rating', value: '4', pred: h.metaNum('rating', (n) => n >= 4) },
    { key: '_tax_query_tingkat', value: [String(kelas8)], pred: (i) => i.terms.has(kelas8) },
    { key: '_meta_query_tempat', value: 'lapangan', pred: h.metaIs('tempat', 'lapangan') },
    { key: '_meta_query_jam', value: '14', pred: h.metaNum('jam', (n) => n === 14) },
    {
      key: '_meta_query_warna',
      value: ['merah', 'biru'],
      pred: (i) => h.metaIs('warna', 'merah')(i) || h.metaIs('warna', 'biru')(i),
    },
  ];

  const berita: GroupSpec = {
    provider: 'epro-posts/berita',
    types: ['post'],
    perPage: 10,
    maxItems: 0,
    indexed: [
      { key: '_tax_query_category', type: 'tax_query', name: 'category', options: h.taxOptions('category') },
      { key: '_tax_query_post_tag', type: 'tax_query', name: 'post_tag', options: h.taxOptions('post_tag') },
    ],
  };
  const prestasi = h.term('category', 'prestasi');
  const kegiatan = h.term('category', 'kegiatan-sekolah');
  const akademik = h.term('category', 'akademik');
  const osis = h.term('post_tag', 'osis');
  const [from, before] = [h.jakarta(2025, 1, 1), h.jakarta(2025, 7, 1)];
  const beritaChoices: Choice[] = [
    { key: '_tax_query_category', value: [String(prestasi)], pred: h.hasUnder(prestasi) },
    {
      key: '_tax_query_category',
      value: [String(kegiatan), String(akademik), 'operator_AND'],
      pred: (i) => i.terms.has(kegiatan) && i.terms.has(akademik),
    },
    { key: '_tax_query_post_tag', value: String(osis), pred: (i) => i.terms.has(osis) },
    {
      key: '_date_query_|date',
      value: '2025.1.1-2025.6.30',
      pred: (i) => i.publishedAt >= from && i.publishedAt < before,
    },
    { key: '_alphabet_', value: 'p', pred: (i) => i.title.toLowerCase().startsWith('p') },
    { key: '__s_query|search', value: 'lomba', pred: h.searches('lomba') },
  ];

  const galeri: GroupSpec = {
    provider: 'jet-engine/galeri',
    types: ['galeri'],
    perPage: 6,
    maxItems: 9,
    indexed: [
      {
        key: '_tax_query_kategori-galeri',
        type: 'tax_query',
        name: 'kategori-galeri',
        options: h.taxOptions('kategori-galeri'),
      },
      { key: '_meta_query_tahun', type: 'meta_query', name: 'tahun', options: h.metaOptions('tahun') },
    ],
  };
  const upacara = h.term('kategori-galeri', 'upacara');
  const olahragaGaleri = h.term('kategori-galeri', 'olahraga');
  const galeriChoices: Choice[] = [
    {
      key: '_tax_query_kategori-galeri',
      value: [String(upacara), String(olahragaGaleri)],
      pred: (i) => i.terms.has(upacara) || i.terms.has(olahragaGaleri),
    },
    { key: '_meta_query_tahun', value: '2025', pred: h.metaNum('tahun', (n) => n === 2025) },
    { key: '__s_query|search', value: 'upacara', pred: h.searches('upacara') },
  ];
  return {
    ekskul: { spec: ekskul, choices: ekskulChoices },
    berita: { spec: berita, choices: beritaChoices },
    galeri: { spec: galeri, choices: galeriChoices },
  };
}

/** Every set of 0 to `max` choices with distinct query keys. */
function combinations(choices: Choice[], max: number): Choice[][] {
  const out: Choice[][] = [[]];
  const grow = (start: number, current: Choice[]) => {
    for (let i = start; i < choices.length; i++) {
      const c = choices[i] as Choice;
      if (current.some((x) => x.key === c.key)) continue;
      const next = [...current, c];
      out.push(next);
      if (next.length < max) grow(i + 1, next);
    }
  };
  grow(0, []);
  return out;
}

const newestFirst = (a: Item, b: Item) =>
  a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : b.id - a.id;

// -- the tests ----------------------------------------------------------------------------------

describe.each(DIALECTS)('smart filters on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let model: Model;
  let g: ReturnType<typeof groups>;
  const ajax = (fields: Record<string, unknown>) =>
    dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(toBracketPairs(fields)),
      }),
      appContext(conn),
      ajaxActions,
    );
  const filtering = async (provider: string, query: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await ajax({ action: 'jet_smart_filters', provider, query, ...extra });
    expect(res.status, JSON.stringify(query)).toBe(200);
    return (await res.json()) as FilteringAnswer;
  };
  /** Item ids of an answer's HTML: grid cards carry them; news cards link to /{slug}/. */
  const idsOf = (html: string): number[] => {
    const grid = [...html.matchAll(/data-post-id="(\d+)"/g)].map((m) => Number(m[1]));
    if (grid.length > 0) return grid;
    const news = new Map(model.items.filter((i) => i.type === 'post').map((i) => [i.slug, i.id]));
    return [...html.matchAll(/class="post-card__title"><a href="\/([^/"]+)\/"/g)].map(
      (m) => news.get(m[1] as string) ?? -1,
    );
  };

  beforeAll(async () => {
    ({ conn, dispose } = await filtersDatabase(dialect));
    model = await loadModel(conn);
    g = groups(model);
  }, 300_000);
  afterAll(() => dispose());

  /** Items of the group meeting every choice, in the listing's default order. */
  function matching(spec: GroupSpec, choices: Choice[]): Item[] {
    return model.items.filter((i) => spec.types.includes(i.type) && choices.every((c) => c.pred(i))).sort(newestFirst);
  }

  function expectCounts(spec: GroupSpec, choices: Choice[], indexed: IndexedData | undefined) {
    for (const f of spec.indexed) {
      const others = choices.filter((c) => c.key !== f.key);
      const base = matching(spec, others);
      const got = indexed?.[f.type]?.[f.name] ?? {};
      for (const [value, pred] of f.options) {
        let n = base.filter(pred).length;
        if (spec.maxItems > 0) n = Math.min(n, spec.maxItems);
        expect(got[value] ?? 0, `${spec.provider} ${f.name}=${value} with ${choices.map((c) => c.key)}`).toBe(n);
      }
    }
  }

  test.each(['ekskul', 'berita', 'galeri'] as const)(
    '%s: every state of up to 3 filters lists the brute-force items and counts every option',
    async (name) => {
      const { spec, choices } = g[name];
      const indexing = JSON.stringify(
        name === 'ekskul' ? [31, 33, 35, 36, 37, 38] : name === 'berita' ? [21, 22] : [11, 12],
      );
      const states = combinations(choices, 3);
      expect(states.length).toBeGreaterThanOrEqual(2 ** Math.min(choices.length, 3));
      for (const state of states) {
        const query = Object.fromEntries(state.map((c) => [c.key, c.value]));
        const answer = await filtering(spec.provider, query, { indexing_filters: indexing });
        expect(Object.keys(answer).sort()).toEqual(['content', 'fragments', 'jetFiltersIndexedData', 'pagination']);
        const items = matching(spec, state);
        const found = spec.maxItems > 0 ? Math.min(items.length, spec.maxItems) : items.length;
        const label = JSON.stringify(query);
        expect(answer.pagination, label).toEqual({
          found_posts: found,
          max_num_pages: Math.max(1, Math.ceil(found / spec.perPage)),
          page: 1,
        });
        expect(idsOf(answer.content), label).toEqual(items.slice(0, Math.min(spec.perPage, found)).map((i) => i.id));
        if (found === 0) expect(answer.content).toMatch(/jet-listing-not-found|posts-empty/);
        expectCounts(spec, state, answer.jetFiltersIndexedData?.[spec.provider]);
      }
    },
    120_000,
  );

  test('the same counts come from jet_smart_filters_get_indexed_data', async () => {
    const { spec, choices } = g.ekskul;
    const state = [choices[0], choices[1], choices[2]] as Choice[];
    const res = await ajax({
      action: 'jet_smart_filters_get_indexed_data',
      provider: spec.provider,
      query_args: Object.fromEntries(state.map((c) => [c.key, c.value])),
      indexing_filters: '[31,33,35,36,37,38]',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: IndexedData };
    expect(body.success).toBe(true);
    expectCounts(spec, state, body.data);
  });

  test('a parent term counts the distinct items of its children', async () => {
    const { spec } = g.ekskul;
    const h = helpers(model);
    const olahraga = h.term('bidang-ekskul', 'olahraga');
    const answer = await filtering(spec.provider, {}, { indexing_filters: '[31]' });
    const counts = answer.jetFiltersIndexedData?.[spec.provider]?.tax_query?.['bidang-ekskul'] ?? {};
    const children = [...model.terms.values()].filter((t) => t.parent === olahraga);
    expect(children.length).toBeGreaterThan(1);
    expect(counts[String(olahraga)]).toBe(matching(spec, [{ key: 'x', value: '', pred: h.hasUnder(olahraga) }]).length);
    // No ekskul carries the parent itself: its count is made of its children's items.
    expect(counts[String(olahraga)]).toBe(children.reduce((n, c) => n + (counts[String(c.id)] ?? 0), 0));
  });

  test('AND needs every term itself, OR any term or a term below it', async () => {
    const h = helpers(model);
    const [kegiatan, akademik] = [h.term('category', 'kegiatan-sekolah'), h.term('category', 'akademik')];
    const key = '_tax_query_category';
    const and = await filtering('epro-posts/berita', { [key]: [String(kegiatan), String(akademik), 'operator_AND'] });
    const or = await filtering('epro-posts/berita', { [key]: [String(kegiatan), String(akademik), 'operator_OR'] });
    const items = model.items.filter((i) => i.type === 'post');
    const both = items.filter((i) => i.terms.has(kegiatan) && i.terms.has(akademik)).length;
    const either = items.filter((i) => i.terms.has(kegiatan) || i.terms.has(akademik)).length;
    expect(and.pagination.found_posts).toBe(both);
    expect(or.pagination.found_posts).toBe(either);
    expect(either).toBeGreaterThan(both);
  });

  test('sorting: title A-Z, fee lowest first, oldest first; pages continue the order', async () => {
    const news = matching(g.berita.spec, [g.berita.choices[4] as Choice]);
    const byTitle = [...news].sort((a, b) =>
      a.title.toLowerCase() < b.title.toLowerCase()
        ? -1
        : a.title.toLowerCase() > b.title.toLowerCase()
          ? 1
          : a.id - b.id,
    );
    const sort = { orderby: 'title', order: 'ASC' };
    const page1 = await filtering('epro-posts/berita', { _alphabet_: 'p', _sort_standard: sort });
    const page2 = await filtering(
      'epro-posts/berita',
      { _alphabet_: 'p', _sort_standard: JSON.stringify(sort) },
      { paged: '2' },
    );
    expect(idsOf(page1.content)).toEqual(byTitle.slice(0, 10).map((i) => i.id));
    expect(idsOf(page2.content)).toEqual(byTitle.slice(10, 20).map((i) => i.id));
    expect(page2.pagination.page).toBe(2);

    const fee = (i: Item) => i.meta.find((m) => m.key === 'biaya')?.num ?? Number.POSITIVE_INFINITY;
    const ekskul = matching(g.ekskul.spec, []).sort((a, b) => fee(a) - fee(b) || a.id - b.id);
    const cheapest = await filtering('jet-engine/ekskul', {
      _sort_standard: { orderby: 'meta_value_num', order: 'ASC', meta_key: 'biaya' },
    });
    expect(idsOf(cheapest.content)).toEqual(ekskul.slice(0, 9).map((i) => i.id));

    const oldest = await filtering('epro-posts/berita', { _sort_standard: { orderby: 'date', order: 'ASC' } });
    const all = matching(g.berita.spec, []).reverse();
    expect(idsOf(oldest.content)).toEqual(all.slice(0, 10).map((i) => i.id));
    // A meta sort on a key no sorting filter offers is no sort at all.
    const foreign = await filtering('epro-posts/berita', {
      _sort_standard: { orderby: 'meta_value', order: 'ASC', meta_key: 'password_hash' },
    });
    expect(idsOf(foreign.content)).toEqual(
      matching(g.berita.spec, [])
        .slice(0, 10)
        .map((i) => i.id),
    );
  });

  test('a date range is inclusive in the school time zone; one end may be open', async () => {
    const h = helpers(model);
    const news = model.items.filter((i) => i.type === 'post');
    const check = async (value: string, from: string | null, before: string | null) => {
      const answer = await filtering('epro-posts/berita', { '_date_query_|date': value });
      const n = news.filter((i) => (!from || i.publishedAt >= from) && (!before || i.publishedAt < before)).length;
      expect(answer.pagination.found_posts, value).toBe(n);
      return n;
    };
    const inside = await check('2025.3.1-2025.3.31', h.jakarta(2025, 3, 1), h.jakarta(2025, 4, 1));
    expect(inside).toBeGreaterThan(0);
    await check('2025.3.1-', h.jakarta(2025, 3, 1), null);
    await check('-2025.3.1', null, h.jakarta(2025, 3, 2));
    await check('2025.3.31-2025.3.1', h.jakarta(2025, 3, 1), h.jakarta(2025, 4, 1));
  });

  test('hierarchy levels: children of the chosen term, the chosen one selected, counts with the indexer', async () => {
    const h = helpers(model);
    const olahraga = h.term('bidang-ekskul', 'olahraga');
    const futsal = h.term('bidang-ekskul', 'futsal');
    const names = (html: string) => [...html.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    const level = async (fields: Record<string, unknown>) => {
      const res = await ajax({ action: 'jet_smart_filters_get_hierarchy_level', filter_id: '31', ...fields });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { success: boolean; data: Record<string, string> };
      expect(body.success).toBe(true);
      return body.data;
    };
    const tops = [...model.terms.values()].filter((t) => t.taxonomy === 'bidang-ekskul' && t.parent === null);
    const children = [...model.terms.values()].filter((t) => t.parent === olahraga);

    // Levels are numbered from 0, as the original does (original-wire.md §2.10); `depth` names the first level to rebuild.
    const all = await level({ values: [{ value: String(olahraga), tax: 'bidang-ekskul' }] });
    expect(Object.keys(all)).toEqual(['level_0', 'level_1']);
    expect(names(all.level_0 as string).sort()).toEqual(tops.map((t) => t.id).sort());
    expect(all.level_0).toMatch(new RegExp(`<option value="${olahraga}"[^>]* selected`));
    expect(names(all.level_1 as string).sort()).toEqual(children.map((t) => t.id).sort());
    expect(all.level_1).toMatch(/<select [^>]*class="jet-select__control depth-1"/);
    expect(all.level_1).toMatch(/<option value=""[^>]*>Semua kegiatan<\/option>/);

    const deeper = await level({
      values: [{ value: String(olahraga), tax: 'bidang-ekskul' }],
      depth: '1',
      indexer: '1',
    });
    expect(Object.keys(deeper)).toEqual(['level_1']);
    const futsalItems = model.items.filter((i) => i.type === 'ekskul' && i.terms.has(futsal)).length;
    expect(deeper.level_1).toContain(`>Futsal (${futsalItems})</option>`);

    // Only the level named by depth gets options; without a value only the first level has them.
    const first = await level({ depth: '0' });
    expect(Object.keys(first)).toEqual(['level_0', 'level_1']);
    expect(names(first.level_0 as string).sort()).toEqual(tops.map((t) => t.id).sort());
    expect(names(first.level_1 as string)).toEqual([]);
    // A term that is not a child of the level above ends the chain.
    const wrong = await level({ values: [{ value: String(futsal), tax: 'bidang-ekskul' }] });
    expect(wrong.level_0).not.toMatch(/<option value="\d+"[^>]* selected/);
    expect(names(wrong.level_1 as string)).toEqual([]);

    for (const bad of [{ filter_id: '999999' }, { filter_id: '11' }, { filter_id: 'x' }, {}]) {
      const res = await ajax({ action: 'jet_smart_filters_get_hierarchy_level', ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { success: boolean }).success).toBe(false);
    }
  });

  test('missing provider or query id answers the original message with status 400', async () => {
    for (const provider of [undefined, '', 'jet-engine', 'jet-engine/']) {
      const res = await ajax({ action: 'jet_smart_filters', ...(provider === undefined ? {} : { provider }) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { data: { message: string } }).data.message).toBe(NOT_ENOUGH_PARAMETERS);
    }
    for (const provider of ['nope/x', 'jet-engine/no-such-listing', 'epro-posts/galeri']) {
      const res = await ajax({ action: 'jet_smart_filters', provider });
      expect(res.status, provider).toBe(400);
      expect(((await res.json()) as { success: boolean }).success).toBe(false);
    }
  });

  test('bad input answers the unfiltered or clamped result, or 400; never 5xx', async () => {
    const unfiltered = matching(g.ekskul.spec, []).length;
    const unfilteredOf = async (query: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const answer = await filtering('jet-engine/ekskul', query, extra);
      return answer.pagination.found_posts;
    };
    // Keys of no filter of the group, wrong types, junk ranges: no filter.
    expect(await unfilteredOf({ _tax_query_category: ['1'], _meta_query_password_hash: 'x' })).toBe(unfiltered);
    expect(await unfilteredOf({ '_meta_query_biaya|range': { a: 'b' } })).toBe(unfiltered);
    // SQL text as a term names no term: it matches nothing (issue 13), and changes nothing.
    expect(await unfilteredOf({ '_tax_query_bidang-ekskul': ['1 OR 1=1', "'; drop table post; --"] })).toBe(0);
    expect(await unfilteredOf({ '_meta_query_biaya|range': 'abc_def' })).toBe(unfiltered);
    expect(await unfilteredOf({ '_meta_query_rating|rating': '-3' })).toBe(unfiltered);
    expect(await unfilteredOf({ '_meta_query_biaya|range': '0_200000' })).toBe(unfiltered);
    // SQL in a meta value is a value like any other: nothing has it.
    expect(await unfilteredOf({ _meta_query_hari: ["Senin'); delete from post; --"] })).toBe(0);
    expect(
      await conn.db
        .selectFrom('post')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ).toBeTruthy();
    // Negative and reversed ranges are clamped to the filter's bounds, and swapped.
    const fee = (lo: number, hi: number) =>
      matching(g.ekskul.spec, [
        { key: 'f', value: '', pred: helpers(model).metaNum('biaya', (n) => n >= lo && n <= hi) },
      ]).length;
    expect(await unfilteredOf({ '_meta_query_biaya|range': '50000_10000' })).toBe(fee(10000, 50000));
    expect(await unfilteredOf({ '_meta_query_biaya|range': '-100000_20000' })).toBe(fee(0, 20000));
    // Impossible dates leave their end open.
    expect(
      (await filtering('epro-posts/berita', { '_date_query_|date': '2025.2.30-2025.13.45' })).pagination.found_posts,
    ).toBe(matching(g.berita.spec, []).length);
    // Huge lists are cut, pages clamped, junk filter ids ignored.
    const huge = Array.from({ length: 1500 }, (_, i) => String(i + 1));
    expect(
      (await filtering('jet-engine/ekskul', { '_tax_query_bidang-ekskul': huge })).pagination.found_posts,
    ).toBeLessThanOrEqual(unfiltered);
    const last = Math.ceil(unfiltered / 9);
    expect((await filtering('jet-engine/ekskul', {}, { paged: '99999' })).pagination.page).toBe(last);
    expect((await filtering('jet-engine/ekskul', {}, { paged: '-4' })).pagination.page).toBe(1);
    expect((await filtering('jet-engine/ekskul', {}, { indexing_filters: 'not json' })).jetFiltersIndexedData).toEqual({
      'jet-engine/ekskul': {},
    });
    // Too many fields: the form parser refuses with 400.
    const flood = Object.fromEntries(Array.from({ length: 2100 }, (_, i) => [`f${i}`, 'x']));
    expect((await ajax({ action: 'jet_smart_filters', provider: 'jet-engine/ekskul', ...flood })).status).toBe(400);
    for (const fields of [
      { provider: ['a', 'b'] },
      { provider: 'jet-engine/ekskul', query: 'not an object' },
      { provider: 'jet-engine/ekskul', query: { _sort_standard: '{"orderby":"rand()"}' } },
    ]) {
      const res = await ajax({ action: 'jet_smart_filters', ...fields });
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
    }
  });

  test('a filter form posted to a page with the redirect marker answers 303 to its filtered address', async () => {
    const post = (body: string) =>
      filterFormRedirect(
        conn.db,
        new Request(`${ORIGIN}/berita/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      );
    const res = await post(
      'jsf=epro-posts%2Fberita&_tax_query_category%5B%5D=3&_tax_query_category%5B%5D=5&jet-smart-filters-redirect=1',
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/berita/?jet-smart-filters=epro-posts:berita&tax=category:3%2C5');
    // Without the marker a page is not a form target; without a group there is nothing to show.
    await expect(post('jsf=epro-posts%2Fberita&_tax_query_category=3')).rejects.toMatchObject({ status: 405 });
    await expect(post('jet-smart-filters-redirect=1&q=1')).rejects.toMatchObject({ status: 400 });
  });

  test('a filtered address renders the filtered listing and the chosen filters server-side', async () => {
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'ekskul')
      .executeTakeFirstOrThrow();
    const h = helpers(model);
    const senin = h.metaIs('hari', 'Senin');
    const rich = h.metaNum('rating', (n) => n >= 3);
    const items = matching(g.ekskul.spec, [
      { key: 'a', value: '', pred: senin },
      { key: 'b', value: '', pred: rich },
    ]);
    expect(items.length).toBeGreaterThan(9);
    for (const address of [
      '/ekskul/?jet-smart-filters=jet-engine:ekskul&meta=hari:Senin;rating!rating:3&pagenum=2',
      '/ekskul/jsf/jet-engine:ekskul/meta/hari:Senin;rating!rating:3/pagenum/2/',
      '/ekskul/?jet-smart-filters=jet-engine/ekskul&_meta_query_hari[]=Senin&_meta_query_rating|rating=3&jet_paged=2',
    ]) {
      const loaded = await loadTree(parseTree(page.tree), {
        db: conn.db,
        dialect: conn.dialect,
        postId: page.id,
        page: 1,
        basePath: '/ekskul/',
        url: new URL(ORIGIN + address),
        serverHtml: null,
      });
      const grid = loaded.props.ek1grid as {
        firstPage: { html: string };
        page: number;
        pages: number;
        filterGroup: {
          query: Record<string, unknown>;
          props: { found_posts: number };
          baseUrl: string;
          indexed: IndexedData;
        };
      };
      expect(idsOf(grid.firstPage.html), address).toEqual(items.slice(9, 18).map((i) => i.id));
      expect(grid.page).toBe(2);
      expect(grid.filterGroup.props.found_posts).toBe(items.length);
      expect(grid.filterGroup.baseUrl).toBe('/ekskul/');
      const day = loaded.props.ek1day as {
        value: unknown;
        group: unknown;
        options: Array<{ value: string; count?: number }>;
      };
      expect(day.value === 'Senin' || JSON.stringify(day.value) === '["Senin"]').toBe(true);
      expect(day.group).toEqual(grid.filterGroup);
      const rabu = day.options.find((o) => o.value === 'Rabu');
      expect(rabu?.count).toBe(
        matching(g.ekskul.spec, [{ key: 'b', value: '', pred: rich }]).filter(h.metaIs('hari', 'Rabu')).length,
      );
      const pager = loaded.props.ek1pager as { group: { props: { max_num_pages: number; page: number } } };
      expect(pager.group.props).toEqual({
        found_posts: items.length,
        max_num_pages: Math.ceil(items.length / 9),
        page: 2,
      });
    }
    // An address naming another group leaves the listing alone.
    const other = await loadTree(parseTree(page.tree), {
      db: conn.db,
      dialect: conn.dialect,
      postId: page.id,
      page: 1,
      basePath: '/ekskul/',
      url: new URL(`${ORIGIN}/ekskul/?jet-smart-filters=jet-engine:galeri&meta=hari:Senin`),
      serverHtml: null,
    });
    const grid = other.props.ek1grid as { firstPage: { html: string } };
    expect(idsOf(grid.firstPage.html)).toEqual(
      matching(g.ekskul.spec, [])
        .slice(0, 9)
        .map((i) => i.id),
    );
  });

  test('an additional provider takes the category key: its requests narrow by it, and so does the main group’s address', async () => {
    const h = helpers(model);
    const pramuka = h.term('post_tag', 'pramuka');
    const side = model.items.filter((i) => i.type === 'post' && i.terms.has(pramuka)).sort(newestFirst);
    // A category that narrows the side list without emptying it.
    const category = [...model.terms.values()].find((t) => {
      if (t.taxonomy !== 'category') return false;
      const n = side.filter(h.hasUnder(t.id)).length;
      return n > 0 && n < side.length;
    });
    expect(category, 'a category some Pramuka news carry and some do not').toBeDefined();
    const id = (category as { id: number }).id;
    const narrowed = side.filter(h.hasUnder(id));

    const answer = await filtering('epro-posts/berita-samping', { _tax_query_category: [String(id)] });
    expect(answer.pagination).toEqual({
      found_posts: narrowed.length,
      max_num_pages: Math.max(1, Math.ceil(narrowed.length / 5)),
      page: 1,
    });
    expect(idsOf(answer.content)).toEqual(narrowed.slice(0, 5).map((i) => i.id));
    // Only the mirrored filter's key: the tag filter of the news list is no filter of the side list.
    const osis = h.term('post_tag', 'osis');
    const tagged = await filtering('epro-posts/berita-samping', { _tax_query_post_tag: String(osis) });
    expect(tagged.pagination.found_posts).toBe(side.length);

    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('slug', '=', 'berita')
      .executeTakeFirstOrThrow();
    const render = async (address: string) =>
      loadTree(parseTree(page.tree), {
        db: conn.db,
        dialect: conn.dialect,
        postId: page.id,
        page: 1,
        basePath: '/berita/',
        url: new URL(ORIGIN + address),
        serverHtml: null,
      });
    type ListProps = { firstPage: { html: string }; filterGroup: { query: Record<string, unknown> } };
    const filtered = await render(`/berita/?jet-smart-filters=epro-posts:berita&tax=category:${id}`);
    const sideList = filtered.props.br1side5 as ListProps;
    expect(idsOf(sideList.firstPage.html)).toEqual(narrowed.slice(0, 5).map((i) => i.id));
    // The same value as the news list's own state (the address names the news list only).
    expect(Object.keys(sideList.filterGroup.query)).toEqual(['_tax_query_category']);
    expect(sideList.filterGroup.query).toEqual((filtered.props.br0list as ListProps).filterGroup.query);
    const news = matching(g.berita.spec, [{ key: 'c', value: '', pred: h.hasUnder(id) }]);
    expect(idsOf((filtered.props.br0list as ListProps).firstPage.html)).toEqual(news.slice(0, 10).map((i) => i.id));
    // The filter widget names its additional provider for the browser.
    expect((filtered.props.br1cat as { additionalProviders: unknown }).additionalProviders).toEqual([
      { provider: 'epro-posts', queryId: 'berita-samping' },
    ]);
    // The news list's other filters stay its own.
    const byTag = await render(`/berita/?jet-smart-filters=epro-posts:berita&tax=post_tag:${osis}`);
    expect(idsOf((byTag.props.br1side5 as ListProps).firstPage.html)).toEqual(side.slice(0, 5).map((i) => i.id));
  });

  test('load more continues the filtered list (jet_engine_ajax and ecsload with filters[…])', async () => {
    const h = helpers(model);
    const ekskulPage = await conn.db
      .selectFrom('post')
      .select('id')
      .where('slug', '=', 'ekskul')
      .executeTakeFirstOrThrow();
    const rich = h.metaNum('rating', (n) => n >= 4);
    const items = matching(g.ekskul.spec, [{ key: 'b', value: '', pred: rich }]);
    const res = await ajax({
      action: 'jet_engine_ajax',
      handler: 'listing_load_more',
      page_settings: { post_id: String(ekskulPage.id), element_id: 'ek1grid', page: '2' },
      filters: { '_meta_query_rating|rating': '4' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { html: string; pages: number } };
    expect(idsOf(body.data.html)).toEqual(items.slice(9, 18).map((i) => i.id));
    expect(body.data.pages).toBe(Math.ceil(items.length / 9));

    const beritaPage = await conn.db
      .selectFrom('post')
      .select('id')
      .where('slug', '=', 'berita')
      .executeTakeFirstOrThrow();
    const news = matching(g.berita.spec, [g.berita.choices[4] as Choice]);
    const ecs = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([
          ['action', 'ecsload'],
          ['query', JSON.stringify({ post_type: ['post'], posts_per_page: 10 })],
          ['ecs_ajax_settings', JSON.stringify({ current_page: 1, widget_id: 'br0list', post_id: beritaPage.id })],
          ['filters[_alphabet_]', 'p'],
        ]),
      }),
      appContext(conn),
      ajaxActions,
    );
    expect(ecs.status).toBe(200);
    expect(idsOf(await ecs.text())).toEqual(news.slice(10, 20).map((i) => i.id));
  });
});
