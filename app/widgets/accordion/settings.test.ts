import { describe, expect, test } from 'vitest';
import { MAX_SCROLL_OFFSET } from '../toggles/settings';
import { ACCORDION_MS, accordionSettings, MAX_TOGGLES } from './settings';

const item = (over: Record<string, unknown> = {}) => ({ title: 'Berapa biayanya?', html: '<p>Gratis.</p>', ...over });

describe('accordion settings (spec filters-and-widgets.md §3, §9; site-behaviour.md §9)', () => {
  test('the spec’s numbers: 300 ms', () => expect(ACCORDION_MS).toBe(300));

  test('defaults: independent toggles, the first expanded, templates in the page, no scrolling', () => {
    expect(accordionSettings.parse({ items: [item()] })).toEqual({
      items: [{ title: 'Berapa biayanya?', html: '<p>Gratis.</p>' }],
      collapsible: false,
      defaultState: 'expanded',
      ajaxTemplate: false,
      switchScrolling: false,
      switchScrollingOffset: { size: 0 },
    });
  });

  test.each([
    ['no items', { items: [] }],
    [`more than ${MAX_TOGGLES} toggles`, { items: Array.from({ length: MAX_TOGGLES + 1 }, () => item()) }],
    ['an empty title', { items: [item({ title: '' })] }],
    ['neither text nor template', { items: [item({ html: '   ' })] }],
    ['an unknown default state', { items: [item()], defaultState: 'open' }],
    ['collapsible as text', { items: [item()], collapsible: 'yes' }],
    ['an offset past the bound', { items: [item()], switchScrollingOffset: { size: MAX_SCROLL_OFFSET + 1 } }],
  ])('refuses %s', (_, settings) => expect(accordionSettings.safeParse(settings).success).toBe(false));

  test('bounds are accepted', () => {
    const items = Array.from({ length: MAX_TOGGLES }, () => item());
    expect(accordionSettings.safeParse({ items, defaultState: 'all_collapsed', collapsible: true }).success).toBe(true);
  });
});
