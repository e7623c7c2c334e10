import { describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { NOT_ENOUGH_PARAMETERS } from '~/widgets/smart-filter/actions.server';
import { DIALECTS } from '../support/databases';
import { filtersSuite, type Groups, helpers, type Model } from '../support/smart-filters';

/** Missing, wrong and hostile filter requests: the original message, a clamped result or a 400, never a 5xx. */
describe.each(DIALECTS)('smart filters on %s', (dialect) => {
  let conn: Connection;
  let model: Model;
  let g: Groups;
  const { ajax, filtering, matching } = filtersSuite(dialect, (opened) => {
    ({ conn, model, g } = opened);
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
});
