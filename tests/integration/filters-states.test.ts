import { beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { startFilterIndex } from '~/features/filters/filter-index.server';
import type { IndexedData } from '~/features/filters/model';
import { DIALECTS } from '../support/databases';
import {
  type Choice,
  combinations,
  filtersSuite,
  type GroupSpec,
  type Groups,
  helpers,
  type Model,
} from '../support/smart-filters';

/**
 * Every state of 0 to 3 active filters of each group: its listing, total and the count of every option,
 * checked against the brute-force answer (tests/support/smart-filters.ts), answered from SQL and from
 * the filter index (issue 24).
 */
describe.each(DIALECTS.flatMap((d) => [[d, 'SQL'] as const, [d, 'the filter index'] as const]))(
  'smart filters on %s, from %s',
  (dialect, engine) => {
    let model: Model;
    let g: Groups;
    let conn: Connection;
    const { ajax, filtering, idsOf, matching } = filtersSuite(dialect, (opened) => {
      ({ model, g, conn } = opened);
    });
    beforeAll(async () => {
      if (engine === 'the filter index') expect(await startFilterIndex(conn.db, dialect)).not.toBeNull();
    });

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
      expect(counts[String(olahraga)]).toBe(
        matching(spec, [{ key: 'x', value: '', pred: h.hasUnder(olahraga) }]).length,
      );
      // No ekskul carries the parent itself: its count is made of its children's items.
      expect(counts[String(olahraga)]).toBe(children.reduce((n, c) => n + (counts[String(c.id)] ?? 0), 0));
    });
  },
);
