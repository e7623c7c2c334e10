import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Menu item icons (issue 12: "the icons from a maintained icon set, inlined as SVG"): a stored icon
 * name is a Lucide icon (lucide-static, ISC; names and aliases as on lucide.dev/icons), resolved here
 * on the server to its SVG markup, so that the page's HTML and call 4 carry the icon and no icon
 * library travels in the browser's JavaScript.
 */

/** How an icon is named: lowercase words joined by hyphens (also keeps the name a plain file name). */
export const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const ICONS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')),
  'icons',
);

// One entry per known name (at most the set's ~2,200 icons): icons never change while a process runs.
const known = new Map<string, string>();

/** Lucide's markup made ready to inline beside a label: 20 px, hidden from assistive technology. */
function inlineSvg(name: string, file: string): string {
  const markup = file
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .replace(/ (\/?)>/g, '$1>')
    .trim();
  return markup
    .replace(/ class="[^"]*"/, '')
    .replace(/ width="\d+"/, ' width="20"')
    .replace(/ height="\d+"/, ' height="20"')
    .replace(/^<svg/, `<svg class="menu-icon" data-icon="${name}" aria-hidden="true" focusable="false"`);
}

/** The inline SVG of a Lucide icon by name, or null when the set has no icon of that name. */
export function menuIconSvg(name: string): string | null {
  const hit = known.get(name);
  if (hit !== undefined) return hit;
  if (!ICON_NAME.test(name) || name.length > 100) return null;
  let file: string;
  try {
    file = fs.readFileSync(path.join(ICONS_DIR, `${name}.svg`), 'utf8');
  } catch {
    return null;
  }
  const svg = inlineSvg(name, file);
  known.set(name, svg);
  return svg;
}

/** Whether the icon set has an icon of this name (the seed refuses others). */
export function isMenuIcon(name: string): boolean {
  return menuIconSvg(name) !== null;
}
