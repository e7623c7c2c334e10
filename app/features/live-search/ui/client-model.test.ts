import { expect, test } from 'vitest';
import { parseBracketForm } from '~/wire/form';
import { DEFAULT_MESSAGES, searchTextOf } from '../model';
import {
  deviceModeOf,
  FAILED,
  navigationOf,
  panelOf,
  SCHOOL_SEARCH,
  type SearchSettings,
  searchUrl,
  slidesOf,
} from './client-model';

/** The `data[…]` of a request address, read back the way the server reads it. */
const dataOf = (url: string) => {
  const { search, pathname } = new URL(url, 'http://school.test');
  const form = parseBracketForm(new URLSearchParams(search));
  return { pathname, action: form.action, data: form.data as Record<string, unknown> };
};

test.each([
  [320, 'mobile'],
  [767, 'mobile'],
  [768, 'tablet'],
  [1024, 'tablet'],
  [1025, 'desktop'],
  [1920, 'desktop'],
] as const)('a window %d px wide is a %s', (width, mode) => expect(deviceModeOf(width)).toBe(mode));

test.each([
  ['', false],
  ['a', false],
  ['  a  ', false],
  ['ab', true],
  [' ab ', true],
  ['😀😀', true],
])('%j is searched: %s (2 characters or more, trimmed)', (text, yes) => expect(searchTextOf(text) !== null).toBe(yes));

test('no request for text under 2 characters', () => {
  expect(searchUrl(SCHOOL_SEARCH, ' a ', 'desktop')).toBeNull();
});

test("the request: GET admin-ajax with action, the school's settings, the text and the device, in brackets", () => {
  const url = searchUrl(SCHOOL_SEARCH, '  pramuka  ', 'tablet') as string;
  expect(url).toMatch(/^\/wp-admin\/admin-ajax\.php\?action=jet_ajax_search&data%5B/);
  const { pathname, action, data } = dataOf(url);
  expect(pathname).toBe('/wp-admin/admin-ajax.php');
  expect(action).toBe('jet_ajax_search');
  expect(data).toEqual({
    value: 'pramuka',
    deviceMode: 'tablet',
    limit_query: '5',
    limit_query_tablet: '5',
    limit_query_mobile: '3',
    limit_query_in_result_area: '20',
    post_content_length: '15',
    thumbnail_visible: 'true',
    highlight_searched_text: 'true',
    navigation_arrows: 'in_footer',
    bullet_pagination: 'in_footer',
  });
});

test('a category filter travels as category__in[]; text with brackets, & and + is encoded', () => {
  const settings: SearchSettings = { ...SCHOOL_SEARCH, category__in: [3, 7] };
  const { data } = dataOf(searchUrl(settings, 'a&b [c]+d=e', 'mobile') as string);
  expect(data.category__in).toEqual(['3', '7']);
  expect(data.value).toBe('a&b [c]+d=e');
  expect(data.deviceMode).toBe('mobile');
});

test('long text is cut to 200 characters before it is sent', () => {
  const { data } = dataOf(searchUrl(SCHOOL_SEARCH, 'x'.repeat(10_000), 'desktop') as string);
  expect(data.value).toHaveLength(200);
});

test('slides of limit_query items, the last one shorter', () => {
  expect(slidesOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  expect(slidesOf([1, 2], 5)).toEqual([[1, 2]]);
  expect(slidesOf([], 5)).toEqual([]);
  // A nonsense size never loops or drops items.
  expect(slidesOf([1, 2], 0)).toEqual([[1], [2]]);
  expect(slidesOf([1, 2], Number.NaN)).toEqual([[1], [2]]);
});

test('navigation: the controls the answer names, above and below; arrows when it names none', () => {
  const arrows =
    '<div class="jet-ajax-search__navigation-container"><div class="jet-ajax-search__prev-button jet-ajax-search__arrow-button"></div></div>';
  const bullets = '<div class="jet-ajax-search__navigate-button jet-ajax-search__bullet-button"></div>';
  const numbers = '<div class="jet-ajax-search__navigate-button jet-ajax-search__number-button"></div>';
  expect(navigationOf({ in_header: arrows, in_footer: bullets + numbers }, 3)).toEqual({
    header: ['arrows'],
    footer: ['bullets', 'numbers'],
  });
  expect(navigationOf({ in_header: '', in_footer: '' }, 2)).toEqual({ header: [], footer: ['arrows'] });
  expect(navigationOf(undefined, 2)).toEqual({ header: [], footer: ['arrows'] });
  // One slide needs no navigation.
  expect(navigationOf({ in_header: arrows, in_footer: '' }, 1)).toEqual({ header: [], footer: [] });
});

const post = (n: number) => ({
  title: `<mark>Pramuka</mark> ${n}`,
  before_title: '',
  after_title: '',
  content: 'isi',
  before_content: '',
  after_content: '',
  thumbnail: '',
  link: `/berita-${n}/`,
  link_target_attr: '',
  price: '',
  rating: '',
});

test('an answer with posts: slides of limit_query with the navigation', () => {
  const posts = [1, 2, 3, 4, 5, 6, 7].map(post);
  const view = panelOf({
    success: true,
    data: {
      error: false,
      post_count: 7,
      message: '',
      posts,
      columns: 2,
      limit_query: 5,
      results_navigation: { in_header: '', in_footer: '<div class="jet-ajax-search__arrow-button"></div>' },
    },
  });
  expect(view).toEqual({
    kind: 'results',
    slides: [posts.slice(0, 5), posts.slice(5)],
    navigation: { header: [], footer: ['arrows'] },
  });
});

test('no posts: the answer message (negative_search), or the default one', () => {
  const none = (message: string) =>
    panelOf({ success: true, data: { error: false, post_count: 0, message, posts: [], limit_query: 5 } });
  expect(none('Tidak ada &lt;b&gt;hasil&lt;/b&gt;')).toEqual({
    kind: 'message',
    message: 'Tidak ada &lt;b&gt;hasil&lt;/b&gt;',
    error: false,
  });
  expect(none('')).toEqual({ kind: 'message', message: DEFAULT_MESSAGES.negativeSearch, error: false });
  // The original sent posts: null with no results.
  expect(panelOf({ success: true, data: { post_count: 0, message: 'x', posts: null } })).toMatchObject({
    kind: 'message',
    error: false,
  });
});

test('an answer with error: its message as an error (the server_error text)', () => {
  expect(
    panelOf({ success: true, data: { error: true, post_count: 0, message: 'Pencarian gagal', posts: [] } }),
  ).toEqual({ kind: 'message', message: 'Pencarian gagal', error: true });
});

test('success false, or an answer that is not the expected shape: the server_error message', () => {
  expect(FAILED).toEqual({ kind: 'message', message: DEFAULT_MESSAGES.serverError, error: true });
  for (const answer of [null, 'x', 42, {}, { success: false, data: { message: 'x' } }, { success: true }]) {
    expect(panelOf(answer)).toEqual(FAILED);
  }
});

test('posts without a link are dropped; missing fields are empty strings', () => {
  const view = panelOf({
    success: true,
    data: { post_count: 2, posts: [{ title: 'Tanpa tautan' }, { title: 'Ada', link: '/ada/' }], limit_query: 5 },
  });
  expect(view).toMatchObject({ kind: 'results', slides: [[{ title: 'Ada', link: '/ada/', content: '' }]] });
});
