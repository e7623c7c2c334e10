import { afterAll, beforeAll, expect } from 'vitest';
import { ajaxActions } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import type { FilteringAnswer } from '~/features/filters/model';
import { toBracketPairs } from '~/wire/form';
import { dispatchAjax } from '~/wire/registry.server';
import { seedSynthetic } from '../../seed';
import { appContext, freshDatabase } from './databases';

/**
 * Smart filters over the wire and on the page, for the tests/integration/filters-*.test.ts files: a
 * brute-force model of the rows (plain SQL reads, then JavaScript) that every listing, total and count
 * is checked against, and a suite's filter calls on a database of its own (`filtersSuite`).
 */

export const ORIGIN = 'http://school.test';
/** Synthetic rows on top of the demo school, so that counts and pages are more than a handful. */
const SYNTHETIC = 1500;

/** The demo school plus synthetic rows. */
async function filtersDatabase(dialect: 'sqlite' | 'postgres') {
  const fresh = await freshDatabase(dialect);
  await seedSynthetic(fresh.conn, SYNTHETIC);
  return fresh;
}

// -- the brute-force model ------------------------------------------------------------------------

export interface Item {
  id: number;
  type: string;
  slug: string;
  title: string;
  publishedAt: string;
  text: string;
  terms: Set<number>;
  meta: Array<{ key: string; text: string | null; num: number | null }>;
}

export interface Model {
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

export type Pred = (item: Item) => boolean;

/** One filter state of a group: the value sent and what it means for an item, written independently of the server. */
export interface Choice {
  key: string;
  value: string | string[] | Record<string, string>;
  pred: Pred;
}

/** A group as the seeded pages define it. */
export interface GroupSpec {
  provider: string;
  types: string[];
  perPage: number;
  maxItems: number;
  /** Indexed filters: query key, answer type and var, and each option's meaning. */
  indexed: Array<{ key: string; type: 'tax_query' | 'meta_query'; name: string; options: Array<[string, Pred]> }>;
}

export function helpers(model: Model) {
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

/** The seeded filter groups: each one's spec and the choices its states are made of. */
export type Groups = ReturnType<typeof groups>;

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
export function combinations(choices: Choice[], max: number): Choice[][] {
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

export const newestFirst = (a: Item, b: Item) =>
  a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : b.id - a.id;

/** What `filtersSuite` opens before a suite's tests: the database, its model and the seeded groups. */
export interface FiltersDatabase {
  conn: Connection;
  model: Model;
  g: Groups;
}

/**
 * A suite's filter calls: before its tests the demo school plus synthetic rows is opened, modelled and
 * handed to `take`; after them it is removed.
 */
export function filtersSuite(dialect: 'sqlite' | 'postgres', take: (opened: FiltersDatabase) => void) {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let model: Model;
  beforeAll(async () => {
    ({ conn, dispose } = await filtersDatabase(dialect));
    model = await loadModel(conn);
    take({ conn, model, g: groups(model) });
  }, 300_000);
  afterAll(() => dispose());

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

  /** Items of the group meeting every choice, in the listing's default order. */
  function matching(spec: GroupSpec, choices: Choice[]): Item[] {
    return model.items.filter((i) => spec.types.includes(i.type) && choices.every((c) => c.pred(i))).sort(newestFirst);
  }

  return { ajax, filtering, idsOf, matching };
}
