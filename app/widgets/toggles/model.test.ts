import { describe, expect, test } from 'vitest';
import {
  firstTab,
  hashIds,
  itemKeys,
  openLink,
  openToggles,
  readTemplateAnswer,
  sameOriginUrl,
  templateCallUrl,
} from './model';

describe('hashIds: ids of the address hash, separated by &', () => {
  test.each([
    ['#faq-biaya&faq-jalur', ['faq-biaya', 'faq-jalur']],
    ['#profil', ['profil']],
    ['', []],
    ['#', []],
    ['#a&&a&b', ['a', 'b']],
    // Not ids: a query-like hash, digits first, markup.
    ['#jet-engine-action&action=open_popup', ['jet-engine-action']],
    ['#1abc&%3Cimg%3E&ok', ['ok']],
    ['#%E0%A4%A', []],
  ])('%s → %j', (hash, ids) => expect(hashIds(hash)).toEqual(ids));

  test('at most 20 ids are read', () => {
    const hash = `#${Array.from({ length: 30 }, (_, i) => `t${i}`).join('&')}`;
    expect(hashIds(hash)).toHaveLength(20);
  });
});

test('an item without its css id gets one from the element id and its place', () => {
  expect(itemKeys('acc1', [{ cssId: 'faq-biaya' }, {}, { cssId: 'x' }])).toEqual(['faq-biaya', 'acc1-2', 'x']);
});

describe('firstTab', () => {
  const keys = ['profil', 'visi-misi', 'fasilitas'];
  test.each([
    [1, null, 0],
    [2, null, 1],
    [9, null, 2],
    [0, null, 0],
    [1, 'fasilitas', 2],
    [2, 'nothing', 1],
  ])('activeIndex %d, ?tab=%s → %d', (active, asked, index) => expect(firstTab(keys, active, asked)).toBe(index));
});

describe('openToggles', () => {
  test('expanded: the first is open; all_collapsed: none', () => {
    expect(openToggles(3, 'expanded', -1, false)).toEqual([true, false, false]);
    expect(openToggles(3, 'all_collapsed', -1, true)).toEqual([false, false, false]);
  });
  test('the toggle the address asks for opens; in collapsible mode it is the only one', () => {
    expect(openToggles(3, 'expanded', 2, false)).toEqual([true, false, true]);
    expect(openToggles(3, 'expanded', 2, true)).toEqual([false, false, true]);
  });
});

test('the template call is the original client’s: id and dev', () => {
  expect(templateCallUrl(12, false)).toBe('/wp-json/jet-tabs-api/v1/elementor-template?id=12&dev=false');
  expect(openLink('visi-misi')).toBe('?tab=visi-misi#visi-misi');
});

describe('readTemplateAnswer', () => {
  test('reads the triple; PHP’s empty list is an empty map', () => {
    expect(
      readTemplateAnswer({ template_content: '<p>x</p>', template_scripts: [], template_styles: { a: '/a.css' } }),
    ).toEqual({ template_content: '<p>x</p>', template_scripts: {}, template_styles: { a: '/a.css' } });
  });
  test.each([[null], ['<p>'], [{ template_content: 3 }], [{ template_content: '', template_scripts: { a: 1 } }]])(
    'refuses %j',
    (json) => expect(readTemplateAnswer(json)).toBeNull(),
  );
});

test('only the site’s own scripts load', () => {
  const origin = 'https://smp.test';
  expect(sameOriginUrl('/wp-content/x.js', origin)).toBe('https://smp.test/wp-content/x.js');
  expect(sameOriginUrl('https://evil.test/x.js', origin)).toBeNull();
  expect(sameOriginUrl('//evil.test/x.js', origin)).toBeNull();
});
