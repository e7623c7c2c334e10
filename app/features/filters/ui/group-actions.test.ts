import { describe, expect, test } from 'vitest';
import { filterGroupOf, NEWS_CATEGORY, publicFilterOf } from '../filters.fixtures';
import type { FilterGroupState, FilteringAnswer, PublicFilter } from '../model';
import {
  applyAll,
  changeFilter,
  countsAfter,
  failureMessage,
  type GroupEnv,
  goToPage,
  removeActive,
  removeAll,
  restoreAddress,
  waitsForApply,
} from './group-actions';
import { createGroupStore, type GroupStore, reseed } from './group-store';

const seed = filterGroupOf({ indexed: { tax_query: { 'kategori-galeri': { '12': 4, '15': 5 } } } });

const category = publicFilterOf({ id: 1, queryKey: '_tax_query_kategori-galeri' });

function answer(over: Partial<FilteringAnswer> = {}): FilteringAnswer {
  return {
    content: '<div class="jet-listing-grid__item">A</div>',
    pagination: { found_posts: 4, max_num_pages: 1, page: 1 },
    jetFiltersIndexedData: { 'jet-engine/galeri': { tax_query: { 'kategori-galeri': { '12': 4, '15': 1 } } } },
    ...over,
  };
}

/** A page without a browser: records what the rules ask of it; requests wait until answered. */
function fakeEnv(path = '/galeri/') {
  const sent: Array<{ fields: Record<string, unknown>; signal: AbortSignal; reply: (r: Response | Error) => void }> =
    [];
  const pushed: string[] = [];
  const went: Array<[string, boolean]> = [];
  const posted: Array<[string, Array<[string, string]>, boolean]> = [];
  const logged: string[] = [];
  const scrolled: number[] = [];
  let here = new URL(path, 'http://site.test');
  const env: GroupEnv = {
    send: (fields, signal) =>
      new Promise<Response>((resolve, reject) => {
        const reply = (r: Response | Error) => (r instanceof Error ? reject(r) : resolve(r));
        sent.push({ fields, signal, reply });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    address: () => ({ pathname: here.pathname, search: here.search }),
    pushAddress: (url) => {
      pushed.push(url);
      here = new URL(url, here);
    },
    go: (url, newWindow) => went.push([url, newWindow]),
    post: (url, fields, newWindow) => posted.push([url, fields, newWindow]),
    fillFragments: () => {},
    scrollToListing: (_el, offset) => scrolled.push(offset),
    log: (m) => logged.push(m),
  };
  return { env, sent, pushed, went, posted, logged, scrolled };
}

const json = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

/** Lets the awaited answer run through the rules. */
const settle = () => new Promise((r) => setTimeout(r, 0));

function storeWith(...filters: PublicFilter[]): GroupStore {
  const store = createGroupStore(seed);
  store.setState({ filters: Object.fromEntries(filters.map((f) => [f.id, { filter: f, labels: {} }])) });
  return store;
}

describe('apply types (spec 001 §4)', () => {
  test.each([
    ['ajax', false],
    ['ajax-ontyping', false],
    ['reload', true],
    ['mixed', true],
  ])('%s waits for the apply button: %s', (type, waits) => expect(waitsForApply(type)).toBe(waits));

  test('an ajax filter applies at once: paging resets, the answer replaces the listing, the address gets an entry', async () => {
    const store = storeWith(category);
    store.setState({ page: 2 });
    const page = fakeEnv();
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12', '15'] }, page.env);
    expect(store.getState().loading).toBe(true);
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]!.fields).toMatchObject({
      provider: 'jet-engine/galeri',
      query: { '_tax_query_kategori-galeri': ['12', '15'] },
      indexing_filters: '[1]',
    });
    expect(page.sent[0]!.fields.paged).toBeUndefined();
    page.sent[0]!.reply(json(answer()));
    await settle();
    const s = store.getState();
    expect(s.loading).toBe(false);
    expect(s.content).toContain('jet-listing-grid__item');
    expect(s.props.found_posts).toBe(4);
    expect(s.version).toBe(1);
    expect(page.pushed).toEqual(['/galeri/?jet-smart-filters=jet-engine:galeri&tax=kategori-galeri:12%2C15']);
  });

  test('a reload or mixed filter waits; the apply button sends the pending values (mixed: a request)', async () => {
    const mixed = publicFilterOf({ id: 2, ...NEWS_CATEGORY, applyType: 'mixed' });
    const store = storeWith(mixed);
    const page = fakeEnv();
    changeFilter(store, { key: mixed.queryKey, applyType: 'mixed', value: '7' }, page.env);
    expect(page.sent).toHaveLength(0);
    expect(store.getState().pending).toEqual({ _tax_query_category: '7' });
    expect(store.getState().query).toEqual({});
    applyAll(store, page.env);
    expect(store.getState().pending).toEqual({});
    expect(page.sent[0]!.fields.query).toEqual({ _tax_query_category: '7' });
  });

  test('a group with a reload filter navigates to the new address instead of requesting', () => {
    const reload = publicFilterOf({ id: 3, ...NEWS_CATEGORY, applyType: 'reload' });
    const store = storeWith(reload);
    const page = fakeEnv('/galeri/?lang=id');
    changeFilter(store, { key: reload.queryKey, applyType: 'reload', value: '7' }, page.env);
    applyAll(store, page.env);
    expect(page.sent).toHaveLength(0);
    expect(page.went).toEqual([['/galeri/?lang=id&jet-smart-filters=jet-engine:galeri&tax=category:7', false]]);
  });

  test("the list's own /page/N/ path is dropped from a filtered address", async () => {
    const store = storeWith(category);
    const page = fakeEnv('/galeri/page/2/?lang=id');
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12'] }, page.env);
    page.sent[0]!.reply(json(answer()));
    await settle();
    expect(page.pushed).toEqual(['/galeri/?lang=id&jet-smart-filters=jet-engine:galeri&tax=kategori-galeri:12']);
  });

  test('the address follows the site URL type (permalink)', async () => {
    const store = createGroupStore({ ...seed, urlType: 'permalink' });
    const page = fakeEnv();
    changeFilter(store, { key: '__s_query|search', applyType: 'ajax', value: 'lomba' }, page.env);
    page.sent[0]!.reply(json(answer()));
    await settle();
    expect(page.pushed).toEqual(['/galeri/jsf/jet-engine:galeri/search/lomba/']);
  });

  test('an empty value removes the key; the address returns to the bare page', async () => {
    const store = createGroupStore({ ...seed, query: { '__s_query|search': 'lomba' } });
    const page = fakeEnv('/galeri/?jet-smart-filters=jet-engine:galeri&_s=lomba');
    changeFilter(store, { key: '__s_query|search', applyType: 'ajax', value: '' }, page.env);
    expect(page.sent[0]!.fields.query).toEqual({});
    page.sent[0]!.reply(json(answer()));
    await settle();
    expect(page.pushed).toEqual(['/galeri/']);
  });
});

describe('requests (original-wire.md §2.8)', () => {
  test('a request is sent only when the query or page changed since the last one', async () => {
    const store = storeWith(category);
    const page = fakeEnv();
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12'] }, page.env);
    page.sent[0]!.reply(json(answer()));
    await settle();
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12'] }, page.env);
    expect(page.sent).toHaveLength(1);
    // The state the page was rendered with is not asked for again either.
    const fresh = storeWith(category);
    changeFilter(fresh, { key: category.queryKey, applyType: 'ajax', value: [] }, page.env);
    expect(page.sent).toHaveLength(1);
  });

  test('a newer request aborts the one in flight; only the newer answer is shown', async () => {
    const store = storeWith(category);
    const page = fakeEnv();
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12'] }, page.env);
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['15'] }, page.env);
    expect(page.sent).toHaveLength(2);
    expect(page.sent[0]!.signal.aborted).toBe(true);
    expect(page.sent[1]!.signal.aborted).toBe(false);
    await settle();
    expect(store.getState().loading).toBe(true);
    expect(page.logged).toEqual([]);
    page.sent[1]!.reply(json(answer({ content: 'second' })));
    await settle();
    expect(store.getState()).toMatchObject({ loading: false, content: 'second', version: 1 });
  });

  test('paging sends `paged`, scrolls to the listing less the top offset, and moves the page into the address', async () => {
    const store = storeWith(category);
    const page = fakeEnv();
    goToPage(store, 2, page.env, 80);
    expect(page.sent[0]!.fields.paged).toBe(2);
    expect(page.scrolled).toEqual([80]);
    page.sent[0]!.reply(json(answer({ pagination: { found_posts: 9, max_num_pages: 2, page: 2 } })));
    await settle();
    expect(store.getState()).toMatchObject({ page: 2, cause: 'page' });
    expect(page.pushed).toEqual(['/galeri/?jet-smart-filters=jet-engine:galeri&pagenum=2']);
  });

  test('paging in a reload group navigates and does not scroll', () => {
    const store = storeWith(publicFilterOf({ id: 4, queryKey: '_tax_query_x', applyType: 'reload' }));
    const page = fakeEnv();
    goToPage(store, 2, page.env, 0);
    expect(page.went).toEqual([['/galeri/?jet-smart-filters=jet-engine:galeri&pagenum=2', false]]);
    expect(page.scrolled).toEqual([]);
  });

  test('remove-all clears every filter and the paging, then applies', () => {
    const store = createGroupStore({ ...seed, query: { '_tax_query_kategori-galeri': ['12'] }, page: 2 });
    store.setState({ pending: { _tax_query_category: '7' } });
    const page = fakeEnv();
    removeAll(store, page.env);
    expect(store.getState()).toMatchObject({ query: {}, pending: {}, page: 1 });
    expect(page.sent[0]!.fields.query).toEqual({});
  });

  test('removing one active tag keeps the other values', () => {
    const store = createGroupStore({ ...seed, query: { '_tax_query_kategori-galeri': ['12', '15', 'operator_OR'] } });
    const page = fakeEnv();
    removeActive(store, '_tax_query_kategori-galeri', '12', page.env);
    expect(store.getState().query).toEqual({ '_tax_query_kategori-galeri': ['15', 'operator_OR'] });
    removeActive(store, '_tax_query_kategori-galeri', '15', page.env);
    expect(store.getState().query).toEqual({});
  });

  test('the sort object travels as JSON text', () => {
    const store = createGroupStore(seed);
    const page = fakeEnv();
    changeFilter(
      store,
      { key: '_sort_standard', applyType: 'ajax', value: { orderby: 'title', order: 'ASC' } },
      page.env,
    );
    expect(page.sent[0]!.fields.query).toEqual({ _sort_standard: '{"orderby":"title","order":"ASC"}' });
  });
});

describe('failures (spec 001 §8): logged, loading ended, nothing shown', () => {
  test.each([
    [json('nope', 404), 'Requested page not found. [404]'],
    [json('boom', 500), 'Internal Server Error [500].'],
    [json('{"content":', 200), 'Requested JSON parse failed.'],
    [json('denied', 403), 'Uncaught Error.\ndenied'],
    [new TypeError('Failed to fetch'), 'Not connect. Verify Network.'],
    [new DOMException('timed out', 'TimeoutError'), 'Time out error.'],
  ])('%#: %s', async (reply, message) => {
    const store = storeWith(category);
    const page = fakeEnv();
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12'] }, page.env);
    page.sent[0]!.reply(reply);
    await settle();
    expect(page.logged).toEqual([message]);
    expect(store.getState()).toMatchObject({ loading: false, content: null });
    expect(page.pushed).toEqual([]);
    // The same state may be asked for again after a failure.
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12'] }, page.env);
    expect(page.sent).toHaveLength(2);
  });

  test('the message catalogue', () => {
    expect(failureMessage({ status: 0 })).toBe('Not connect. Verify Network.');
    expect(failureMessage({ status: 418, text: 'teapot' })).toBe('Uncaught Error.\nteapot');
  });
});

describe('counter modes (original-wire.md §2.9)', () => {
  const fresh = { tax_query: { 'kategori-galeri': { '12': 1, '15': 0 }, category: { '7': 2 } } };
  test('default takes the fresh counts, never keeps the first ones, other_changed keeps its own when it changed', () => {
    const byDefault = publicFilterOf({ id: 1, queryKey: '_tax_query_kategori-galeri' });
    const never = publicFilterOf({
      id: 2,
      ...NEWS_CATEGORY,
      indexer: { enabled: true, rule: 'hide', counterMode: 'never', showCounter: true },
    });
    const other = publicFilterOf({
      id: 3,
      queryKey: '_tax_query_kategori-galeri',
      indexer: { enabled: true, rule: 'disable', counterMode: 'other_changed', showCounter: true },
    });
    const store = storeWith(byDefault, never, other);
    store.setState({ lastChanged: '_tax_query_kategori-galeri' });
    const shown = countsAfter(store.getState(), fresh);
    expect(shown[1]).toEqual({ '12': 1, '15': 0 });
    expect(shown[2]).toEqual({});
    expect(shown[3]).toEqual({ '12': 4, '15': 5 });
    store.setState({ lastChanged: '_tax_query_category' });
    expect(countsAfter(store.getState(), fresh)[3]).toEqual({ '12': 1, '15': 0 });
  });
});

describe('Back and Forward (popstate)', () => {
  test('an address with a remembered answer restores filters and listing without a request', async () => {
    const store = storeWith(category);
    const page = fakeEnv();
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['12'] }, page.env);
    page.sent[0]!.reply(json(answer({ content: 'twelve' })));
    await settle();
    changeFilter(store, { key: category.queryKey, applyType: 'ajax', value: ['15'] }, page.env);
    page.sent[1]!.reply(json(answer({ content: 'fifteen' })));
    await settle();
    expect(page.pushed).toHaveLength(2);
    const restored = restoreAddress(store, new URL(page.pushed[0]!, 'http://site.test'));
    expect(restored).toBe(true);
    expect(store.getState()).toMatchObject({
      query: { '_tax_query_kategori-galeri': '12' },
      content: 'twelve',
      loading: false,
      cause: 'address',
    });
    expect(page.sent).toHaveLength(2);
  });

  test('an address without one takes its filters and waits for the new server render', () => {
    const store = storeWith(category);
    const restored = restoreAddress(
      store,
      new URL('http://site.test/galeri/?jet-smart-filters=jet-engine:galeri&_s=pentas&pagenum=3'),
    );
    expect(restored).toBe(true);
    expect(store.getState()).toMatchObject({ query: { '__s_query|search': 'pentas' }, page: 3, loading: true });
    // Another group's address (or none) means no filters for this one; the same state changes nothing.
    expect(restoreAddress(store, new URL('http://site.test/galeri/?jet-smart-filters=epro-posts:berita&_s=x'))).toBe(
      true,
    );
    expect(store.getState().query).toEqual({});
    expect(restoreAddress(store, new URL('http://site.test/galeri/'))).toBe(false);
  });

  test('a new server render resets the group once the visitor changed it', () => {
    const store = storeWith(category);
    expect(reseed(store, { ...seed })).toBe(false);
    store.runtime.seedText = null;
    store.setState({ content: 'old', query: { x: '1' } });
    expect(reseed(store, { ...seed })).toBe(true);
    expect(store.getState()).toMatchObject({ content: null, query: {}, cause: 'address' });
    expect(Object.keys(store.getState().filters)).toEqual(['1']);
  });
});

describe('redirect (original-wire.md §2.11)', () => {
  test('a reload group goes to the other page with the state in its address; others post it with the marker', () => {
    const reload = storeWith(publicFilterOf({ id: 5, ...NEWS_CATEGORY, applyType: 'reload' }));
    reload.setState({ pending: { _tax_query_category: '7' } });
    const page = fakeEnv();
    applyAll(reload, page.env, { path: 'hasil', newWindow: true });
    expect(page.went).toEqual([['/hasil/?jet-smart-filters=jet-engine:galeri&tax=category:7', true]]);

    const mixed = storeWith(category);
    mixed.setState({ query: { '_tax_query_kategori-galeri': ['12', '15'] } });
    applyAll(mixed, page.env, { path: '/hasil/', newWindow: false });
    expect(page.posted).toEqual([
      [
        '/hasil/',
        [
          ['jsf', 'jet-engine/galeri'],
          ['_tax_query_kategori-galeri[]', '12'],
          ['_tax_query_kategori-galeri[]', '15'],
          ['jet-smart-filters-redirect', '1'],
        ],
        false,
      ],
    ]);
    expect(page.sent).toHaveLength(0);
  });
});

describe('additional providers (spec 001 §3-4)', () => {
  const newsSeed: FilterGroupState = {
    ...seed,
    provider: 'epro-posts',
    queryId: 'berita',
    props: { found_posts: 40, max_num_pages: 4, page: 1 },
    indexed: {},
    baseUrl: '/berita/',
  };
  const sideSeed: FilterGroupState = {
    ...newsSeed,
    queryId: 'berita-samping',
    props: { found_posts: 4, max_num_pages: 1, page: 1 },
  };
  const newsCategory = publicFilterOf({ id: 21, ...NEWS_CATEGORY });
  const tag = publicFilterOf({ id: 22, queryKey: '_tax_query_post_tag', queryVar: 'post_tag', applyType: 'mixed' });

  /** The page's two groups: the news list, whose category filter also names the side list. */
  function page() {
    const peers = new Map<string, GroupStore>();
    const news = createGroupStore(newsSeed);
    const side = createGroupStore(sideSeed);
    for (const s of [news, side]) {
      s.runtime.peers = peers;
      peers.set(s.key, s);
    }
    news.setState({
      filters: {
        21: { filter: newsCategory, labels: {}, additional: ['epro-posts/berita-samping'] },
        22: { filter: tag, labels: {} },
      },
    });
    return { news, side, ...fakeEnv('/berita/') };
  }
  const sideAnswer = (found: number) =>
    json(answer({ pagination: { found_posts: found, max_num_pages: 1, page: 1 }, jetFiltersIndexedData: {} }));

  test('a change applies in the additional group too: its own request, its listing, and no address of its own', async () => {
    const { news, side, env, sent, pushed } = page();
    changeFilter(news, { key: newsCategory.queryKey, applyType: 'ajax', value: ['3'] }, env);
    expect(sent.map((r) => r.fields.provider).sort()).toEqual(['epro-posts/berita', 'epro-posts/berita-samping']);
    const mirrored = sent.find((r) => r.fields.provider === 'epro-posts/berita-samping')!;
    expect(mirrored.fields.query).toEqual({ _tax_query_category: ['3'] });
    expect(side.getState()).toMatchObject({ query: { _tax_query_category: ['3'] }, page: 1, loading: true });
    mirrored.reply(sideAnswer(2));
    await settle();
    expect(side.getState()).toMatchObject({ loading: false, props: { found_posts: 2 }, version: 1 });
    expect(pushed).toEqual([]);
    sent.find((r) => r.fields.provider === 'epro-posts/berita')!.reply(json(answer()));
    await settle();
    expect(pushed).toEqual(['/berita/?jet-smart-filters=epro-posts:berita&tax=category:3']);
  });

  test("only the named filters mirror, and only when the additional group's query changes", () => {
    const { news, side, env, sent } = page();
    changeFilter(news, { key: tag.queryKey, applyType: 'mixed', value: '9' }, env);
    applyAll(news, env);
    expect(sent.map((r) => r.fields.provider)).toEqual(['epro-posts/berita']);
    expect(side.getState().query).toEqual({});
    side.setState({ query: { _tax_query_category: ['3'] } });
    changeFilter(news, { key: newsCategory.queryKey, applyType: 'ajax', value: ['3'] }, env);
    expect(sent.filter((r) => r.fields.provider === 'epro-posts/berita-samping')).toHaveLength(0);
  });

  test('remove-all and removing the active filter clear it in the additional group', () => {
    for (const remove of [
      (s: GroupStore, e: GroupEnv) => removeAll(s, e),
      (s: GroupStore, e: GroupEnv) => removeActive(s, newsCategory.queryKey, null, e),
    ]) {
      const { news, side, env, sent } = page();
      changeFilter(news, { key: newsCategory.queryKey, applyType: 'ajax', value: ['3'] }, env);
      expect(side.getState().query).toEqual({ _tax_query_category: ['3'] });
      remove(news, env);
      expect(news.getState().query).toEqual({});
      expect(side.getState().query).toEqual({});
      const sideRequests = sent.filter((r) => r.fields.provider === 'epro-posts/berita-samping');
      expect(sideRequests).toHaveLength(2);
      // The newer request aborted the one before it.
      expect(sideRequests[0]!.signal.aborted).toBe(true);
      expect(sideRequests[1]!.fields.query).toEqual({});
    }
  });

  test('paging the main group leaves the additional group alone; an absent additional group is skipped', () => {
    const { news, side, env, sent } = page();
    goToPage(news, 2, env);
    expect(sent.map((r) => r.fields.provider)).toEqual(['epro-posts/berita']);
    expect(side.getState().query).toEqual({});
    news.runtime.peers?.delete(side.key);
    changeFilter(news, { key: newsCategory.queryKey, applyType: 'ajax', value: ['3'] }, env);
    expect(sent.map((r) => r.fields.provider)).toEqual(['epro-posts/berita', 'epro-posts/berita']);
  });
});
