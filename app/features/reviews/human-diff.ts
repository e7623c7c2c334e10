// The words come from the platform (Intl, Indonesian); the wire's unit steps are ours.
const words = new Intl.RelativeTimeFormat('id', { numeric: 'always' });

const STEPS: Array<[limit: number, size: number, unit: Intl.RelativeTimeFormatUnit]> = [
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [7 * 86_400, 86_400, 'day'],
  [30 * 86_400, 7 * 86_400, 'week'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'year'],
];

/** "3 hari yang lalu": how long ago an ISO time was, in Indonesian (the wire's `date.human_diff`). */
export function humanDiff(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return 'baru saja';
  const [, size, unit] = STEPS.find(([limit]) => seconds < limit) as (typeof STEPS)[number];
  return words.format(-Math.floor(seconds / size), unit);
}
