/**
 * The numeric range filter (spec 001 §5): two handles on a slider between min and max, moved in
 * steps, sent as `lo_hi` (original-wire.md §2.3); the full bounds mean no filter.
 */
export interface RangeBounds {
  min: number;
  max: number;
  step: number;
}

/** spec 001 §9: no thousands separator, no decimal separator, 0 decimals. */
export interface NumberFormat {
  prefix?: string;
  suffix?: string;
  thousandsSeparator?: string;
  decimalSeparator?: string;
  decimals?: number;
}

/** Bad settings (reversed bounds, a step of 0) still give a usable slider. */
function normalise(bounds: RangeBounds): RangeBounds {
  const min = Math.min(bounds.min, bounds.max);
  const max = Math.max(bounds.min, bounds.max);
  const step = Number.isFinite(bounds.step) && bounds.step > 0 ? bounds.step : 1;
  return { min, max, step };
}

function decimalsOf(n: number): number {
  const text = String(n);
  const exp = text.match(/e-(\d+)$/);
  if (exp) return Number(exp[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * Clamps hand-typed or dragged handle values (spec 001 §5): both inside min..max, on the step grid
 * counted from min (max itself is always allowed), and at least one step apart. The handle that
 * `moved` gives way to the other one; without it reversed values are swapped first.
 */
export function clampRange(bounds: RangeBounds, lo: number, hi: number, moved?: 'lo' | 'hi'): [number, number] {
  const { min, max, step } = normalise(bounds);
  // Step arithmetic in binary floats drifts (0.1 + 0.2); round back to the grid's own decimals.
  const digits = Math.min(10, Math.max(decimalsOf(step), decimalsOf(min)));
  const tidy = (v: number) => Number(v.toFixed(digits));
  const onGrid = (v: number, round: (q: number) => number) => Math.min(max, tidy(min + round((v - min) / step) * step));
  // The nearest grid point, where max itself counts as one.
  const snap = (v: number) => {
    const g = onGrid(v, Math.round);
    return max - v < Math.abs(v - g) ? max : g;
  };
  const down = (v: number) => onGrid(v, (q) => Math.floor(q + 1e-9));
  const up = (v: number) => (v >= max ? max : onGrid(v, (q) => Math.ceil(q - 1e-9)));
  const inside = (v: number, fallback: number) => (Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback);

  let a = snap(inside(lo, min));
  let b = snap(inside(hi, max));
  if (max - min < step) return [min, max];
  if (moved === undefined && a > b) [a, b] = [b, a];
  if (b - a >= step - 1e-9) return [a, b];

  if (moved === 'lo') {
    // The low handle stops one step below the high one; at the bottom the high one is pushed up.
    a = down(b - step);
    if (a < min) return [min, up(min + step)];
    return [Math.max(min, a), b];
  }
  b = up(a + step);
  if (b > max || b - a < step - 1e-9) return [down(max - step), max];
  return [a, b];
}

/** The wire value of a range: '' when it covers the full bounds (no filter), else `lo_hi`. */
export function rangeValue(bounds: RangeBounds, lo: number, hi: number): string {
  const { min, max } = normalise(bounds);
  const [a, b] = clampRange(bounds, lo, hi);
  return a === min && b === max ? '' : `${a}_${b}`;
}

/** Reads `lo_hi` (reversed or out-of-bounds values are clamped); null for anything else. */
export function parseRangeValue(text: string, bounds: RangeBounds): [number, number] | null {
  const match = text.trim().match(/^(-?\d+(?:\.\d+)?)_(-?\d+(?:\.\d+)?)$/);
  if (!match) return null;
  return clampRange(bounds, Number(match[1]), Number(match[2]));
}

/** Rounds half away from zero in decimal, not in binary (1.005 → 1.01). */
function roundTo(n: number, decimals: number): number {
  const shifted = Number(`${n}e${decimals}`);
  return Number.isFinite(shifted) ? Number(`${Math.round(shifted)}e-${decimals}`) : Number(n.toFixed(decimals));
}

/** A range handle's text: prefix, grouped integer part, decimals, suffix (spec 001 §9 defaults). */
export function formatNumber(n: number, format: NumberFormat = {}): string {
  const { prefix = '', suffix = '', thousandsSeparator = '', decimals = 0 } = format;
  // With decimals to show, some separator is needed: the point when none is set.
  const decimalSeparator = format.decimalSeparator || '.';
  const places = Math.min(10, Math.max(0, Math.trunc(decimals)));
  if (!Number.isFinite(n)) return `${prefix}${n}${suffix}`;
  const fixed = roundTo(Math.abs(n), places).toFixed(places);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator);
  const sign = n < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${prefix}${sign}${grouped}${places > 0 ? decimalSeparator + fraction : ''}${suffix}`;
}
