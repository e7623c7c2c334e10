import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { lruCache } from './cache.server';

// Every view of a page shows the same static parts: recent renders are remembered by the data they
// show, so a view renders only what changed. A copy, never state: any process may drop it.
// Sized for the cards of a few hundred listing pages (a card is a kilobyte or two).
const memo = lruCache<string>({ max: 2000 });

/**
 * `render()` as static HTML, remembered by `data`, which must hold everything the output depends on
 * (the element renders without context beyond what `render` puts around it).
 */
export function staticMarkup(data: unknown, render: () => ReactElement): string {
  const key = JSON.stringify(data);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const html = renderToStaticMarkup(render());
  memo.set(key, html);
  return html;
}
