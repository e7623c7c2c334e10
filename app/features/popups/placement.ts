/**
 * Where a popup is placed (issue 13, issue 21). Apart from model.ts because the layout's always-loaded
 * Popups component needs this one rule to pick the popups of the page it is on after a client-side
 * navigation; importing model.ts there would pull every rule into the layout's chunk.
 */

/** Where a popup may open (its stored settings): `pages` it is placed on, minus the pages `notOn`. */
export interface Placement {
  pages: readonly string[];
  notOn?: readonly string[];
}

/**
 * Pages no popup ever opens on, whatever its settings say (issue 21): the account pages, whose forms
 * a popup would cover, the newsletter's pages that mail links open, and the staff area.
 */
export const NO_POPUP_PAGES = [
  '/masuk/',
  '/keluar/',
  '/daftar/',
  '/lupa-kata-sandi/',
  '/atur-ulang-kata-sandi/',
  '/terima-undangan/',
  '/berlangganan/*',
  '/admin/*',
] as const;

/** Whether a path is one a placement entry names: `*` every page, `/x/*` that page and those under it, else the exact path. */
function names(entry: string, path: string): boolean {
  if (entry === '*') return true;
  if (entry.endsWith('/*')) return path.startsWith(entry.slice(0, -1));
  return entry === path;
}

/** Whether a popup placed so opens on a page's path (`/profil` reads as `/profil/`). */
export function placedOn(placement: Placement, path: string): boolean {
  const p = path.endsWith('/') ? path : `${path}/`;
  const excluded = [...NO_POPUP_PAGES, ...(placement.notOn ?? [])];
  return placement.pages.some((entry) => names(entry, p)) && !excluded.some((entry) => names(entry, p));
}
