import { describe, expect, test } from 'vitest';
import { filterHidden, nextCounts, optionView } from './indexer-rules';

const unchecked = { showCounter: true, checked: false };

describe('optionView', () => {
  test('an option with items shows its counter and stays usable under every rule', () => {
    for (const rule of ['show', 'hide', 'disable'] as const) {
      expect(optionView(5, { ...unchecked, rule })).toEqual({ hidden: false, disabled: false, counter: '(5)' });
    }
  });

  test.each([
    ['show', { hidden: false, disabled: false, counter: '(0)' }],
    ['hide', { hidden: true, disabled: false, counter: '(0)' }],
    ['disable', { hidden: false, disabled: true, counter: '(0)' }],
  ] as const)('count 0 under rule %s', (rule, view) => {
    expect(optionView(0, { ...unchecked, rule })).toEqual(view);
  });

  test('an option missing from indexed counts counts 0', () => {
    expect(optionView(undefined, { ...unchecked, rule: 'hide' })).toEqual({
      hidden: true,
      disabled: false,
      counter: '(0)',
    });
  });

  test('without indexed counts nothing is hidden and no counter shows', () => {
    expect(optionView(undefined, { ...unchecked, rule: 'hide', indexed: false })).toEqual({
      hidden: false,
      disabled: false,
      counter: null,
    });
  });

  test('a checked option is never hidden or disabled, so it can be unchecked', () => {
    expect(optionView(0, { showCounter: true, checked: true, rule: 'hide' })).toEqual({
      hidden: false,
      disabled: false,
      counter: '(0)',
    });
    expect(optionView(0, { showCounter: false, checked: true, rule: 'disable' }).disabled).toBe(false);
  });

  test('the counter shows only when the filter asks for it', () => {
    expect(optionView(3, { showCounter: false, checked: false, rule: 'show' }).counter).toBeNull();
  });
});

describe('filterHidden', () => {
  const hidden = { hidden: true, disabled: false, counter: null };
  const shown = { hidden: false, disabled: true, counter: null };

  test('the filter hides when every option is hidden', () => {
    expect(filterHidden([hidden, hidden])).toBe(true);
    expect(filterHidden([hidden, shown])).toBe(false);
  });

  test('a filter without options is not hidden by the indexer', () => {
    expect(filterHidden([])).toBe(false);
  });
});

describe('nextCounts', () => {
  const shown = { '12': 5, '15': 2 };
  const fresh = { '12': 1 };
  const own = '_tax_query_category';

  test("'default' always takes the fresh counts", () => {
    expect(nextCounts('default', own, own, shown, fresh)).toBe(fresh);
    expect(nextCounts('default', '_tax_query_post_tag', own, shown, fresh)).toBe(fresh);
  });

  test("'never' keeps the counts the page started with", () => {
    expect(nextCounts('never', '_tax_query_post_tag', own, shown, fresh)).toBe(shown);
    expect(nextCounts('never', null, own, shown, fresh)).toBe(shown);
  });

  test("'other_changed' updates only when another filter changed", () => {
    expect(nextCounts('other_changed', '_tax_query_post_tag', own, shown, fresh)).toBe(fresh);
    expect(nextCounts('other_changed', own, own, shown, fresh)).toBe(shown);
    // Remove-all or the apply button: no single filter, so not this one.
    expect(nextCounts('other_changed', null, own, shown, fresh)).toBe(fresh);
  });
});
