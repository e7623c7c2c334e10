/**
 * Where a popup is placed (issue 13). Apart from model.ts because the layout's always-loaded Popups
 * component needs this one rule to pick the popups of the page it is on after a client-side
 * navigation; importing model.ts there would pull every rule into the layout's chunk.
 */

/** Whether a page's path is one a popup is placed on: `*` everywhere, `/` the front page, else exact paths. */
export function placedOn(pages: readonly string[], path: string): boolean {
  const p = path.endsWith('/') ? path : `${path}/`;
  return pages.some((page) => page === '*' || page === p);
}
