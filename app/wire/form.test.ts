import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FormError, parseBracketForm, toBracketPairs } from './form';

describe('parseBracketForm', () => {
  test('nested objects, lists and lists of objects', () => {
    const parsed = parseBracketForm([
      ['action', 'jet_smart_filters'],
      ['query[_tax_query_category][]', '12'],
      ['query[_tax_query_category][]', '15'],
      ['defaults[tax_query][0][taxonomy]', 'category'],
      ['defaults[tax_query][0][terms][]', '3'],
      ['props[page]', '2'],
    ]);
    expect(parsed).toEqual({
      action: 'jet_smart_filters',
      query: { _tax_query_category: ['12', '15'] },
      defaults: { tax_query: [{ taxonomy: 'category', terms: ['3'] }] },
      props: { page: '2' },
    });
  });
  test('prototype keys are dropped', () => {
    const parsed = parseBracketForm([
      ['__proto__[polluted]', 'yes'],
      ['a[constructor][prototype]', 'x'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed).toEqual({});
  });
  test('limits', () => {
    expect(() => parseBracketForm([['a[b][c][d][e][f][g][h][i]', '1']])).toThrow(FormError);
    expect(() => parseBracketForm([['a]b', '1']])).toThrow(FormError);
    expect(() => parseBracketForm(Array.from({ length: 2001 }, (_, i) => [`k${i}`, 'v'] as [string, string]))).toThrow(
      FormError,
    );
  });
  test('a later scalar over an object and an object over a scalar never throw', () => {
    expect(
      parseBracketForm([
        ['a[b]', '1'],
        ['a', '2'],
      ]),
    ).toEqual({ a: '2' });
    expect(
      parseBracketForm([
        ['a', '2'],
        ['a[b]', '1'],
      ]),
    ).toEqual({ a: { b: '1' } });
  });
  test('round trip of nested values', () => {
    const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
    const leaf = fc.string({ maxLength: 10 });
    const value = fc.dictionary(
      key,
      fc.oneof(
        leaf,
        fc.array(leaf, { minLength: 1, maxLength: 4 }),
        fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 }),
      ),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(parseBracketForm(toBracketPairs(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });
});
