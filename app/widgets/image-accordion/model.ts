/**
 * The image accordion's rules (spec §4 "Image accordion"): which item is active by default and how
 * much of the row each item takes.
 */

/** The default active item as shown: `activeItem`, or -1 (none) when it names no item. */
export function defaultActiveItem(activeItem: number, count: number): number {
  return Number.isInteger(activeItem) && activeItem >= 0 && activeItem < count ? activeItem : -1;
}

/**
 * Each item's share of the row, in percent: the active item takes `activeSize`, the others split the
 * rest; with none active (or a single item) all are equal.
 */
export function itemShares(count: number, active: number, activeSize: number): number[] {
  if (count <= 0) return [];
  if (active < 0 || active >= count || count === 1) return Array.from({ length: count }, () => 100 / count);
  const rest = (100 - activeSize) / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === active ? activeSize : rest));
}
