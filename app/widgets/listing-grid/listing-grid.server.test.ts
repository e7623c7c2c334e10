import { expect, test } from 'vitest';
import { clientGridSettings } from './listing-grid.server';
import { GRID_MAX_PER_PAGE } from './settings';

// Call 7 without a stored grid (page_settings post_id and element_id `false`, original-wire.md §3.1).

test('a grid from the call’s query and widget settings: the whitelisted vars, the grid’s defaults', () => {
  expect(
    clientGridSettings({ post_type: ['galeri'], posts_per_page: '6' }, { posts_num: '6', max_posts_num: '9' }, 10),
  ).toMatchObject({ postType: 'galeri', postsNum: 6, maxPostsNum: 9 });
  const ekskul = clientGridSettings({ post_type: 'ekskul', orderby: 'rand', meta_query: { x: {} } }, undefined, 10);
  expect(ekskul).toMatchObject({ postType: 'ekskul', postsNum: 6, maxPostsNum: 9 });
  // Unknown vars neither narrow nor name a filter group: no query id, no category.
  expect('queryId' in ekskul || 'category' in ekskul).toBe(false);
  expect(clientGridSettings(undefined, undefined, 10)).toMatchObject({ postType: 'galeri', postsNum: 6 });
  // widget_settings[posts_num] is the page size JetEngine pages by; posts_per_page stands in without it.
  expect(clientGridSettings({ posts_per_page: '8' }, {}, 10).postsNum).toBe(8);
  expect(clientGridSettings({ posts_per_page: '8' }, { posts_num: '3' }, 10).postsNum).toBe(3);
});

test('never more per page than the cap or a stored grid’s most; never fewer than one', () => {
  expect(clientGridSettings({}, { posts_num: '100000' }, 10).postsNum).toBe(10);
  expect(clientGridSettings({ posts_per_page: '-1' }, {}, 10).postsNum).toBe(1);
  expect(clientGridSettings({}, { posts_num: '500' }, 1000).postsNum).toBe(GRID_MAX_PER_PAGE);
});

test.each([
  [{ post_type: 'template' }, {}, /query\.post_type/],
  [{ post_type: ['galeri', 'post'] }, {}, /query\.post_type/],
  [{ posts_per_page: 'many' }, {}, /query\.posts_per_page/],
  [{}, { max_posts_num: '-1' }, /widget_settings\.max_posts_num/],
  ['galeri', {}, /query/],
])('%o %o is refused with a 400 naming the var', (query, widget, message) => {
  expect(() => clientGridSettings(query, widget, 10)).toThrow(message);
});
