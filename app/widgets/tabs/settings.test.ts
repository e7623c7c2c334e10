import { describe, expect, test } from 'vitest';
import { MAX_SCROLL_OFFSET, WIDGET_SCROLL_MS } from '../toggles/settings';
import { MAX_TABS, NESTED_TABS_FADE_MS, tabsSettings } from './settings';

const item = (over: Record<string, unknown> = {}) => ({ label: 'Profil', html: '<p>Isi</p>', ...over });

describe('tabs settings (spec filters-and-widgets.md §3, site-behaviour.md §9)', () => {
  test('the spec’s numbers', () => {
    expect(NESTED_TABS_FADE_MS).toBe(400);
    expect(WIDGET_SCROLL_MS).toBe(300);
  });

  test('defaults: the first tab, templates in the page, no scrolling', () => {
    expect(tabsSettings.parse({ items: [item()] })).toEqual({
      items: [{ label: 'Profil', html: '<p>Isi</p>' }],
      activeIndex: 1,
      ajaxTemplate: false,
      switchScrolling: false,
      switchScrollingOffset: { size: 0 },
    });
  });

  test('an item is rich text or a template, by slug or id, with an optional css id', () => {
    const parsed = tabsSettings.parse({
      items: [item({ cssId: 'tab-profil', html: undefined, template: 'tab-profil' }), item({ template: 12 })],
    });
    expect(parsed.items.map((i) => i.template)).toEqual(['tab-profil', 12]);
    expect(parsed.items[0]?.html).toBe('');
  });

  test.each([
    ['no items', { items: [] }],
    [`more than ${MAX_TABS} tabs`, { items: Array.from({ length: MAX_TABS + 1 }, () => item()) }],
    ['an empty label', { items: [item({ label: ' ' })] }],
    ['neither text nor template', { items: [item({ html: '' })] }],
    ['a css id that is no id', { items: [item({ cssId: '1 tab' })] }],
    ['a template slug with spaces', { items: [item({ template: 'tab profil' })] }],
    ['template id 0', { items: [item({ template: 0 })] }],
    ['activeIndex 0', { items: [item()], activeIndex: 0 }],
    [`activeIndex ${MAX_TABS + 1}`, { items: [item()], activeIndex: MAX_TABS + 1 }],
    ['activeIndex 1.5', { items: [item()], activeIndex: 1.5 }],
    ['a negative offset', { items: [item()], switchScrollingOffset: { size: -1 } }],
    ['an offset past the bound', { items: [item()], switchScrollingOffset: { size: MAX_SCROLL_OFFSET + 1 } }],
  ])('refuses %s', (_, settings) => expect(tabsSettings.safeParse(settings).success).toBe(false));

  test('bounds are accepted', () => {
    const items = Array.from({ length: MAX_TABS }, (_, i) => item({ cssId: `t${i}` }));
    expect(
      tabsSettings.safeParse({ items, activeIndex: MAX_TABS, switchScrollingOffset: { size: MAX_SCROLL_OFFSET } })
        .success,
    ).toBe(true);
  });
});
