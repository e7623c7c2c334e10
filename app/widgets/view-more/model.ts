/**
 * The view-more rules (spec §4 "View-more"): each click reveals the next hidden section, or all of them
 * with showall; the button hides once all are visible. Sections are revealed in order.
 */

/** The sections a click reveals: the first hidden one, or every hidden one with showall. */
export function sectionsToReveal(hidden: readonly boolean[], showall: boolean): number[] {
  const indexes = hidden.flatMap((h, i) => (h ? [i] : []));
  return showall ? indexes : indexes.slice(0, 1);
}

/**
 * The sections to show when a link points into section `index` (a hash link, find in page): that one
 * and the hidden ones before it, so the text still reads in order.
 */
export function sectionsUpTo(hidden: readonly boolean[], index: number): number[] {
  return hidden.flatMap((h, i) => (h && i <= index ? [i] : []));
}

/** Whether the button still has something to reveal. */
export function hasMoreToReveal(hidden: readonly boolean[]): boolean {
  return hidden.some(Boolean);
}
