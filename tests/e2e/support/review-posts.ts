import type { Guest } from '../pages/reviews';
import type { SiteData } from './site-data';

// What the reviews-*.spec.ts files write with (issue 4 "Tests"). The tests of one worker share its
// database: each test works on its own post (or only adds), and reads what it expects from the live
// database.

export const GUEST: Guest = { name: 'Tamu Uji', mail: 'tamu.uji@example.com' };

/** A suffix that keeps this run's titles apart. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** An extracurricular activity (newest first) and its address. */
export function activity(siteData: SiteData, index: number) {
  const item = siteData.listedItems('ekskul')[index];
  if (!item) throw new Error(`the demo school has no activity number ${index + 1}`);
  return { id: item.id, path: `/ekskul/${item.slug}/` };
}
