/**
 * Pure rules the tabs, the accordion and the switcher share (no React, no database: the browser's
 * enhancers and the server's loaders both import this file).
 */

/** What a panel shows (the server's loader decides; the component and the enhancer follow). */
export type PanelContent =
  | { kind: 'html'; html: string }
  /** A template rendered into the page by the server (`html`), or left for the browser to load (`html` null). */
  | { kind: 'template'; templateId: number; html: string | null }
  /** A template that is not (or no longer) published: the panel is empty. */
  | { kind: 'missing' };

/** The event anchor links send to what they point into (pages/ui/anchor-scroll.ts REVEAL_EVENT; widgets sit below pages). */
export const REVEAL_EVENT = 'behaviour:reveal';

/** The query parameter that opens a tab or toggle on the server (the no-script link to a template panel). */
export const OPEN_PARAM = 'tab';

/** The id of an item: its own css id, else one made from the widget's element id and its place (from 1). */
export function itemKeys(elementId: string, items: ReadonlyArray<{ cssId?: string }>): string[] {
  return items.map((item, i) => item.cssId ?? `${elementId}-${i + 1}`);
}

const ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** Hashes longer than this name no ids (a hash is the visitor's to write). */
const MAX_HASH_IDS = 20;

/**
 * The ids an address hash names (spec §2: "toggle ids listed in the address hash, separated by
 * ampersands, are opened"): `#faq-biaya&faq-jalur` → ['faq-biaya', 'faq-jalur']. What is not an id is left out.
 */
export function hashIds(hash: string): string[] {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return [];
  const ids: string[] = [];
  for (const part of raw.split('&').slice(0, MAX_HASH_IDS)) {
    let id = part;
    try {
      id = decodeURIComponent(part);
    } catch {
      continue;
    }
    if (ID.test(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The index (from 0) of the item whose key the visitor asked for, or -1. */
export function indexOfKey(keys: readonly string[], wanted: string | null | undefined): number {
  return wanted ? keys.indexOf(wanted) : -1;
}

/** The tab shown first: the one the address asks for, else `activeIndex` (from 1, the last when past the end). */
export function firstTab(keys: readonly string[], activeIndex: number, requested: string | null | undefined): number {
  const asked = indexOfKey(keys, requested);
  if (asked >= 0) return asked;
  return Math.min(Math.max(activeIndex, 1), keys.length) - 1;
}

/**
 * The toggles open on the server: the one the address asks for, else the first when the default
 * state is `expanded` (site-behaviour.md §9 "Accordion default state: expanded"), else none.
 */
export function openToggles(
  count: number,
  defaultState: 'expanded' | 'all_collapsed',
  requested: number,
  collapsible: boolean,
): boolean[] {
  return Array.from({ length: count }, (_, i) => {
    if (i === requested) return true;
    if (collapsible && requested >= 0) return false;
    return defaultState === 'expanded' && i === 0;
  });
}

/** The link to a panel that needs the server to render it (no script): `?tab=<key>#<key>`. */
export function openLink(key: string): string {
  return `?${OPEN_PARAM}=${encodeURIComponent(key)}#${encodeURIComponent(key)}`;
}

/** The tabs' template call, as the original JetTabs client makes it (original-wire.md §7). */
export function templateCallUrl(id: number, dev: boolean): string {
  return `/wp-json/jet-tabs-api/v1/elementor-template?id=${id}&dev=${dev}`;
}

/** A template call's answer (original-wire.md §5): HTML and handle → URL maps. */
export interface TemplateAnswer {
  template_content: string;
  template_scripts: Record<string, string>;
  template_styles: Record<string, string>;
}

const isUrlMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((u) => typeof u === 'string');

/** The answer read from JSON, or null when it is not one (an empty list stands for an empty map, as PHP writes it). */
export function readTemplateAnswer(json: unknown): TemplateAnswer | null {
  if (typeof json !== 'object' || json === null) return null;
  const a = json as Record<string, unknown>;
  const map = (v: unknown) => (Array.isArray(v) && v.length === 0 ? {} : (v ?? {}));
  const scripts = map(a.template_scripts);
  const styles = map(a.template_styles);
  if (typeof a.template_content !== 'string' || !isUrlMap(scripts) || !isUrlMap(styles)) return null;
  return { template_content: a.template_content, template_scripts: scripts, template_styles: styles };
}

/** Only the site's own scripts and styles are loaded from an answer (a template names files of this site). */
export function sameOriginUrl(url: string, origin: string): string | null {
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? u.href : null;
  } catch {
    return null;
  }
}
