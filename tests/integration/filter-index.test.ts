import { beforeAll, describe, expect, test } from 'vitest';
import { deletePost, insertNewPosts, replaceMeta, replaceTerms, updatePost } from '~/content/posts-write.server';
import type { Connection } from '~/db/connection.server';
import { FilterIndex, startFilterIndex } from '~/features/filters/filter-index.server';
import { countFacetsFromIndex, countFacetsFromSql, type Facets } from '~/features/filters/indexer.server';
import { recordChange } from '~/lib/content-version.server';
import { planGroup, type ResolvedGroup, resolveGroup } from '~/widgets/smart-filter/group.server';
import { DIALECTS } from '../support/databases';
import { type Choice, combinations, filtersSuite, type Groups, type Model } from '../support/smart-filters';

/**
 * Issue 24: the filter index stays exact under writes. After each of a random sequence of writes (terms,
 * meta, status, type, new posts, deletions), two indexes (two server processes: one built at start, one
 * built without taxonomies and meta keys, which it then reads in) answer every sampled state of the activities'
 * and the news' filters with the same total, matching items and counts as SQL.
 */

const PER_PAGE = 9;

/** A small deterministic generator (the same sequence on every run and both databases). */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

/** Facets with sorted ids, for comparison (the order of matching ids is the listing's business). */
const comparable = ({ newestPage, ...f }: Facets) => ({
  ...f,
  matched: f.matched ? [...f.matched].sort((a, b) => a - b) : undefined,
});

describe.each(DIALECTS)('the filter index on %s', (dialect) => {
  let conn: Connection;
  let model: Model;
  let g: Groups;
  filtersSuite(dialect, (opened) => {
    ({ conn, model, g } = opened);
  });
  let started: FilterIndex;
  let late: FilterIndex;
  beforeAll(async () => {
    started = (await startFilterIndex(conn.db, dialect)) as FilterIndex;
    late = await FilterIndex.build(conn.db, dialect, { taxonomies: [], metaKeys: [] });
  });

  async function sqlPage(ids: readonly number[], n: number): Promise<number[]> {
    const rows = await conn.db
      .selectFrom('post')
      .select('id')
      .where('id', 'in', [...ids])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PER_PAGE)
      .offset((n - 1) * PER_PAGE)
      .execute();
    return rows.map((r) => r.id);
  }

  async function expectSameAnswers(group: ResolvedGroup, states: Choice[][], label: string) {
    for (const state of states) {
      const plan = await planGroup(conn.db, dialect, group, Object.fromEntries(state.map((c) => [c.key, c.value])));
      const records = group.records.filter((r) => r.indexer.enabled);
      const fromSql = await countFacetsFromSql(conn.db, dialect, group.base, plan, records);
      const fromStarted = await countFacetsFromIndex(started, conn.db, group.base, plan, records);
      // The late index reads each meta key in on the first request that names it.
      const fromLate = await countFacetsFromIndex(late, conn.db, group.base, plan, records);
      const what = `${label}: ${JSON.stringify(plan.applied)}`;
      expect(comparable(fromStarted), what).toEqual(comparable(fromSql));
      expect(comparable(fromLate), what).toEqual(comparable(fromSql));
      // A page of the matching items in the listings' order, as the database orders them.
      if (fromSql.matched) {
        for (const n of [1, 2]) {
          const expected = await sqlPage(fromSql.matched, n);
          expect(fromStarted.newestPage?.(n, PER_PAGE), `${what} page ${n}`).toEqual(expected);
          expect(fromLate.newestPage?.(n, PER_PAGE), `${what} page ${n}`).toEqual(expected);
        }
      }
    }
  }

  /** A write, then the public change staff's would record: the SQL side keeps copies per content version. */
  async function writeAsStaff(name: string, write: () => Promise<unknown>) {
    await write();
    const admin = await conn.db.selectFrom('app_user').select('id').orderBy('id').executeTakeFirstOrThrow();
    await recordChange(conn.db, {
      userId: admin.id,
      action: 'post.update',
      subjectType: 'post',
      summary: name,
      public: true,
    });
  }

  test('after every write of a random sequence, both indexes answer as SQL does', async () => {
    const { db } = conn;
    const r = random(24);
    const groups = await Promise.all([
      resolveGroup(db, 'jet-engine', 'ekskul'),
      resolveGroup(db, 'epro-posts', 'berita'),
    ]);
    const [ekskul, berita] = groups as [ResolvedGroup, ResolvedGroup];
    const termsOf = (taxonomy: string) =>
      [...model.terms.values()].filter((t) => t.taxonomy === taxonomy).map((t) => t.id);
    const activities = termsOf('bidang-ekskul');
    const levels = termsOf('tingkat');
    const categories = termsOf('category');
    const gone = new Set<number>();
    const ekskulIds = () => model.items.filter((i) => i.type === 'ekskul' && !gone.has(i.id)).map((i) => i.id);
    const newsIds = () => model.items.filter((i) => i.type === 'post').map((i) => i.id);
    const writes: Array<[string, () => Promise<void>]> = [
      ['activity terms', () => replaceTerms(db, r.pick(ekskulIds()), ['bidang-ekskul'], [r.pick(activities)])],
      ['level terms', () => replaceTerms(db, r.pick(ekskulIds()), ['tingkat'], r.next() < 0.3 ? [] : [r.pick(levels)])],
      [
        'news categories',
        () => replaceTerms(db, r.pick(newsIds()), ['category'], [r.pick(categories), r.pick(categories)]),
      ],
      [
        'day and hour',
        () =>
          replaceMeta(db, r.pick(ekskulIds()), {
            hari: { value_text: r.pick(['Senin', 'Rabu', 'Jumat', 'Sabtu']) },
            jam: r.next() < 0.2 ? null : { value_number: r.pick([7, 14, 15, 16]) },
          }),
      ],
      [
        'fee and rating',
        () =>
          replaceMeta(db, r.pick(ekskulIds()), {
            biaya: { value_number: r.int(12) * 5000 },
            rating: { value_number: 1 + r.int(5) },
          }),
      ],
      ['unpublished', () => updatePost(db, r.pick(ekskulIds()), { status: 'draft' }).then(() => undefined)],
      [
        'published at another time',
        () =>
          updatePost(db, r.pick(ekskulIds()), {
            published_at: new Date(Date.UTC(2024 + r.int(3), r.int(12), 1 + r.int(28))).toISOString(),
          }).then(() => undefined),
      ],
      ['published again', () => updatePost(db, r.pick(ekskulIds()), { status: 'publish' }).then(() => undefined)],
      [
        'type changed',
        () => updatePost(db, r.pick(newsIds()), { type: r.pick(['ekskul', 'post']) }).then(() => undefined),
      ],
      [
        'deleted',
        () => {
          const id = r.pick(ekskulIds());
          gone.add(id);
          return deletePost(db, id);
        },
      ],
      [
        'new activities',
        async () => {
          const at = new Date(Date.UTC(2025, r.int(12), 1 + r.int(28))).toISOString();
          const slug = `baru-${r.int(1e9)}`;
          await insertNewPosts(db, [
            {
              post: {
                type: 'ekskul',
                status: 'publish',
                slug,
                title: `Baru ${slug}`,
                excerpt: '',
                content: '',
                published_at: at,
                modified_at: at,
                menu_order: 0,
              },
              terms: [r.pick(activities), r.pick(levels)],
              meta: [
                { meta_key: 'hari', value_text: 'Senin' },
                { meta_key: 'jam', value_number: 14 },
                { meta_key: 'rating', value_number: 5 },
              ],
            },
          ]);
        },
      ],
    ];
    const ekskulStates = combinations(g.ekskul.choices, 2);
    const beritaStates = combinations(g.berita.choices, 2).filter((s) =>
      s.every((c) => c.key.startsWith('_tax_query')),
    );
    await expectSameAnswers(ekskul, ekskulStates, 'before any write');
    for (let round = 0; round < 16; round++) {
      const [name, write] = r.pick(writes);
      await writeAsStaff(name, write);
      await expectSameAnswers(ekskul, [r.pick(ekskulStates), r.pick(ekskulStates), []], `after ${round}: ${name}`);
      await expectSameAnswers(berita, [r.pick(beritaStates), []], `after ${round}: ${name}`);
    }
  }, 180_000);

  test('counts of a whole listing, kept by the process until its index changes, end with the write that changes them', async () => {
    const { db } = conn;
    const ekskul = (await resolveGroup(db, 'jet-engine', 'ekskul')) as ResolvedGroup;
    // Published now (the random writes above may have unpublished or deleted any of the model's items).
    const item = await db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'ekskul')
      .where('status', '=', 'publish')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const activities = [...model.terms.values()].filter((t) => t.taxonomy === 'bidang-ekskul').map((t) => t.id);
    // No filter chosen, and each filter alone (its own counts leave it out): counted among the whole listing.
    const plain = [[], ...g.ekskul.choices.map((c) => [c])];
    await expectSameAnswers(ekskul, plain, 'kept');
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['a day no activity had', () => replaceMeta(db, item.id, { hari: { value_text: 'Minggu' } })],
      [
        'a fee and a rating',
        () => replaceMeta(db, item.id, { biaya: { value_number: 995_000 }, rating: { value_number: 1 } }),
      ],
      ['another activity', () => replaceTerms(db, item.id, ['bidang-ekskul'], [activities.at(-1) as number])],
      ['unpublished', () => updatePost(db, item.id, { status: 'draft' })],
    ];
    for (const [name, write] of writes) {
      await writeAsStaff(name, write);
      await expectSameAnswers(ekskul, plain, `after ${name}`);
    }
  }, 60_000);
});
