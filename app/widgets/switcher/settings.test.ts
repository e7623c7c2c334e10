import { describe, expect, test } from 'vitest';
import { MAX_SWITCHER_LABEL, SWITCHER_MS, switcherSettings } from './settings';

const side = (label: string, over: Record<string, unknown> = {}) => ({ label, html: `<p>${label}</p>`, ...over });
const valid = { title: 'Jalur pendaftaran', disable: side('Jalur reguler'), enable: side('Jalur prestasi') };

describe('switcher settings (spec filters-and-widgets.md §4, §9)', () => {
  test('the spec’s numbers: 500 ms', () => expect(SWITCHER_MS).toBe(500));

  test('defaults: the first (disable) panel is shown first', () => {
    expect(switcherSettings.parse(valid)).toEqual({ ...valid, initialState: 'disable' });
  });

  test.each([
    ['no title', { ...valid, title: '' }],
    ['a side without its label', { ...valid, enable: side('') }],
    ['a label past the bound', { ...valid, disable: side('x'.repeat(MAX_SWITCHER_LABEL + 1)) }],
    ['a side without content', { ...valid, enable: { label: 'Jalur prestasi' } }],
    ['an unknown initial state', { ...valid, initialState: 'on' }],
    ['a missing side', { title: 'x', disable: side('a') }],
  ])('refuses %s', (_, settings) => expect(switcherSettings.safeParse(settings).success).toBe(false));

  test('a side may be a template', () => {
    expect(
      switcherSettings.safeParse({ ...valid, enable: { label: 'Prestasi', template: 'tab-profil' } }).success,
    ).toBe(true);
  });
});
