import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clampRange, formatNumber, parseRangeValue, type RangeBounds, rangeValue } from './range';

const biaya: RangeBounds = { min: 0, max: 1000, step: 10 };

describe('clampRange', () => {
  test('values inside the bounds and on the grid stay', () => {
    expect(clampRange(biaya, 100, 500)).toEqual([100, 500]);
  });

  test('hand-typed values are clamped to min and max', () => {
    expect(clampRange(biaya, -50, 5000)).toEqual([0, 1000]);
  });

  test('values snap to the step counted from min', () => {
    expect(clampRange({ min: 5, max: 105, step: 10 }, 19, 96)).toEqual([15, 95]);
    expect(clampRange(biaya, 104, 506)).toEqual([100, 510]);
  });

  test('max is always reachable even off the grid', () => {
    expect(clampRange({ min: 0, max: 10, step: 3 }, 0, 10)).toEqual([0, 10]);
    expect(clampRange({ min: 0, max: 10, step: 3 }, 0, 9.8)).toEqual([0, 10]);
  });

  test('the min handle may not pass max handle minus the step', () => {
    expect(clampRange(biaya, 500, 500, 'lo')).toEqual([490, 500]);
    expect(clampRange(biaya, 800, 500, 'lo')).toEqual([490, 500]);
    // At the bottom the max handle gives way instead.
    expect(clampRange(biaya, 0, 0, 'lo')).toEqual([0, 10]);
  });

  test('the max handle may not go below min handle plus the step', () => {
    expect(clampRange(biaya, 500, 500, 'hi')).toEqual([500, 510]);
    expect(clampRange(biaya, 500, 200, 'hi')).toEqual([500, 510]);
    // At the top the min handle gives way instead.
    expect(clampRange(biaya, 1000, 1000, 'hi')).toEqual([990, 1000]);
  });

  test('without a moved handle, reversed values are swapped', () => {
    expect(clampRange(biaya, 700, 200)).toEqual([200, 700]);
    expect(clampRange(biaya, 300, 300)).toEqual([300, 310]);
  });

  test('decimal steps do not drift', () => {
    expect(clampRange({ min: 0, max: 1, step: 0.1 }, 0.3, 0.7)).toEqual([0.3, 0.7]);
    expect(clampRange({ min: 0, max: 1, step: 0.1 }, 0.7, 0.7, 'lo')).toEqual([0.6, 0.7]);
  });

  test('bounds narrower than a step give the whole slider', () => {
    expect(clampRange({ min: 0, max: 5, step: 10 }, 2, 3)).toEqual([0, 5]);
  });

  test('junk numbers fall back to the ends', () => {
    expect(clampRange(biaya, Number.NaN, Number.POSITIVE_INFINITY)).toEqual([0, 1000]);
    expect(clampRange({ min: 100, max: 0, step: 0 }, 20, 30)).toEqual([20, 30]);
  });

  test('results are within the bounds, on the grid and a step apart', () => {
    const bounds = fc
      .record({
        min: fc.integer({ min: -1000, max: 1000 }),
        span: fc.integer({ min: 0, max: 5000 }),
        step: fc.constantFrom(1, 2, 5, 10, 25, 0.5, 0.1, 0.25),
      })
      .map(({ min, span, step }) => ({ min, max: min + span * step * 0.37, step }));
    const value = fc.oneof(fc.double({ min: -1e5, max: 1e5, noNaN: true }), fc.constant(Number.NaN));
    fc.assert(
      fc.property(
        bounds,
        value,
        value,
        fc.constantFrom(undefined, 'lo' as const, 'hi' as const),
        (b, lo, hi, moved) => {
          const [a, z] = clampRange(b, lo, hi, moved);
          expect(a).toBeGreaterThanOrEqual(b.min);
          expect(z).toBeLessThanOrEqual(b.max);
          expect(a).toBeLessThanOrEqual(z);
          if (b.max - b.min >= b.step) expect(z - a).toBeGreaterThanOrEqual(b.step - 1e-9);
          for (const v of [a, z]) {
            const q = (v - b.min) / b.step;
            if (v !== b.max) expect(Math.abs(q - Math.round(q))).toBeLessThan(1e-6);
          }
        },
      ),
    );
  });
});

describe('rangeValue and parseRangeValue', () => {
  test('the full bounds are no filter', () => {
    expect(rangeValue(biaya, 0, 1000)).toBe('');
    expect(rangeValue(biaya, -5, 2000)).toBe('');
  });

  test('anything narrower is lo_hi', () => {
    expect(rangeValue(biaya, 100, 500)).toBe('100_500');
    expect(rangeValue(biaya, 0, 990)).toBe('0_990');
    expect(rangeValue({ min: 0, max: 1, step: 0.1 }, 0.1, 0.3)).toBe('0.1_0.3');
  });

  test('a value reads back as its handles', () => {
    expect(parseRangeValue('100_500', biaya)).toEqual([100, 500]);
    expect(parseRangeValue(' 100_500 ', biaya)).toEqual([100, 500]);
    expect(parseRangeValue('-20_30', { min: -100, max: 100, step: 10 })).toEqual([-20, 30]);
  });

  test('reversed or out-of-bounds values are clamped', () => {
    expect(parseRangeValue('500_100', biaya)).toEqual([100, 500]);
    expect(parseRangeValue('-100_99999', biaya)).toEqual([0, 1000]);
  });

  test.each(['', '100', '100_', '_500', 'a_b', '100-500', '1e3_2e3', '100_500_600'])('junk %j is null', (text) => {
    expect(parseRangeValue(text, biaya)).toBeNull();
  });

  test('rangeValue reads back through parseRangeValue', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (x, y) => {
        const [lo, hi] = clampRange(biaya, x * 10, y * 10);
        const text = rangeValue(biaya, lo, hi);
        expect(text === '' ? [0, 1000] : parseRangeValue(text, biaya)).toEqual([lo, hi]);
      }),
    );
  });
});

describe('formatNumber', () => {
  test('spec defaults: no separators, no decimals', () => {
    expect(formatNumber(1234567)).toBe('1234567');
    expect(formatNumber(1234.6)).toBe('1235');
  });

  test('prefix, suffix and separators', () => {
    const rupiah = { prefix: 'Rp ', thousandsSeparator: '.', decimalSeparator: ',', decimals: 2 };
    expect(formatNumber(1234567.891, rupiah)).toBe('Rp 1.234.567,89');
    expect(formatNumber(50, { suffix: ' siswa' })).toBe('50 siswa');
    expect(formatNumber(999, { thousandsSeparator: ',' })).toBe('999');
    expect(formatNumber(1000, { thousandsSeparator: ',' })).toBe('1,000');
  });

  test('decimals round half away from zero in decimal', () => {
    expect(formatNumber(1.005, { decimals: 2 })).toBe('1.01');
    expect(formatNumber(2.5)).toBe('3');
    expect(formatNumber(-2.5)).toBe('-3');
    expect(formatNumber(0.5, { decimals: 1 })).toBe('0.5');
  });

  test('negative numbers keep the sign outside the grouping; negative zero has none', () => {
    expect(formatNumber(-1234567, { thousandsSeparator: '.' })).toBe('-1.234.567');
    expect(formatNumber(-0.001, { decimals: 2 })).toBe('0.00');
  });
});
