import { escapeHtml } from '~/lib/html.server';

/**
 * An element's HTML with `hidden="until-found"` when `hidden` (React 19 writes `hidden` as a boolean
 * only): the content stays in the page for search engines and find-in-page, and a link to it shows it
 * (pages/ui/anchor-scroll.ts ends it; browsers end it on their own without script).
 */
export function untilFoundHtml(
  tag: 'section' | 'div',
  attributes: Record<string, string | undefined>,
  innerHtml: string,
  hidden: boolean,
): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<${tag}${attrs}${hidden ? ' hidden="until-found"' : ''}>${innerHtml}</${tag}>`;
}
