import { describe, expect, test } from 'vitest';
import { DIALECTS } from '../support/databases';
import { type Choice, filtersSuite, type Groups, helpers, type Item, type Model } from '../support/smart-filters';

/** What a filter value means: AND and OR terms, sorting, date ranges and hierarchy levels. */
describe.each(DIALECTS)('smart filters on %s', (dialect) => {
  let model: Model;
  let g: Groups;
  const { ajax, filtering, idsOf, matching } = filtersSuite(dialect, (opened) => {
    ({ model, g } = opened);
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
});
