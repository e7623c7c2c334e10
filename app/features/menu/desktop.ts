/*
 * The desktop menu's pure rules (issue 12 "Desktop (1025 px and wider)", spec 000 §2 and §4 "Desktop
 * menu"): how many top-level items fit, which side a submenu opens to, hover intent, what a click on
 * an item's link does, and the keyboard's focus steps. Only the lazy desktop menu imports this module:
 * it stays out of every page's entry (the JavaScript budget).
 */

/** The desktop menu's settings as the browser reads them (settings.ts's `desktop`, defaults applied). */
export interface DesktopSettings {
  subEvent: 'hover' | 'click';
  subTrigger: 'item' | 'submarker';
  rollUp: boolean;
  megaWidthType: 'container' | 'items' | 'selector';
  megaWidthSelector: string;
  megaAjaxLoad: boolean;
  breakpoint: number;
}

/*
 * Copies of settings.ts's defaults and of model.ts's MENU_CONSTANTS that the desktop menu uses, kept
 * equal to them by desktop.test.ts. Copies, because importing MENU_CONSTANTS here would put that
 * object into the 'site' chunk that every page loads (model.ts is in it; vite.config.ts), and
 * settings.ts brings zod.
 */

/** The settings' defaults: a menu stored without desktop settings. */
export const DESKTOP_DEFAULTS: DesktopSettings = {
  subEvent: 'hover',
  subTrigger: 'item',
  rollUp: true,
  megaWidthType: 'container',
  megaWidthSelector: '',
  megaAjaxLoad: true,
  breakpoint: 768,
};

/** The desktop menu's constants (spec 000 §9, issue 12): MENU_CONSTANTS's values. */
export const DESKTOP_CONSTANTS = {
  mouseLeaveDelayMs: 500,
  resizeDebounceMs: 10,
  hoverIntent: { intervalMs: 100, sensitivity: 6 },
  /** The desktop menu runs from this width up (MENU_CONSTANTS.mobileMenuBreakpoint). */
  mobileMenuBreakpoint: 1025,
  overflowLabel: '⋯',
} as const;

// Sub-pixel widths add up: a row that is off by less than half a pixel still fits.
const EPSILON = 0.5;

/**
 * How many top-level items stay in the row (the rest move into the trailing '⋯' item): all of them
 * when they fit in `available`, otherwise as many as fit beside the overflow item (at least none).
 * `widths` are the items' widths in order, `gap` the row's gap between items.
 */
export function fitCount({
  widths,
  available,
  overflowWidth,
  gap,
}: {
  widths: readonly number[];
  available: number;
  overflowWidth: number;
  gap: number;
}): number {
  const row = (count: number) => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += (widths[i] ?? 0) + (i > 0 ? gap : 0);
    return sum;
  };
  if (row(widths.length) <= available + EPSILON) return widths.length;
  for (let count = widths.length - 1; count > 0; count--) {
    if (row(count) + gap + overflowWidth <= available + EPSILON) return count;
  }
  return 0;
}

/** The side a submenu extends to from its item. */
export type OpenSide = 'left' | 'right';

/**
 * Where a submenu opens (spec §2: submenus flip to the opposite side when they would overflow the
 * window). A top-level dropdown starts at its item's left edge and extends right; flipped, it ends at
 * the item's right edge. A nested submenu opens beside its item, on the `preferred` side (its parent
 * submenu's side, right at first); flipped, on the other side. When neither side fits, the side that
 * hides less of it.
 */
export function openSide({
  itemLeft,
  itemRight,
  width,
  viewportWidth,
  nested,
  preferred = 'right',
}: {
  itemLeft: number;
  itemRight: number;
  width: number;
  viewportWidth: number;
  nested: boolean;
  preferred?: OpenSide;
}): OpenSide {
  const rightEnd = (nested ? itemRight : itemLeft) + width;
  const leftStart = (nested ? itemLeft : itemRight) - width;
  const hiddenRight = Math.max(0, rightEnd - viewportWidth);
  const hiddenLeft = Math.max(0, -leftStart);
  const [first, second] = preferred === 'right' ? (['right', 'left'] as const) : (['left', 'right'] as const);
  const hidden = (side: OpenSide) => (side === 'right' ? hiddenRight : hiddenLeft);
  if (hidden(first) <= EPSILON) return first;
  if (hidden(second) <= EPSILON) return second;
  return hidden(second) < hidden(first) ? second : first;
}

/** A pointer position in pixels. */
export interface Point {
  x: number;
  y: number;
}

/** Hover intent's test (spec §9: sensitivity 6): the pointer moved less than `sensitivity` px in one interval. */
export function hasSlowedDown(previous: Point, current: Point, sensitivity: number): boolean {
  return Math.hypot(current.x - previous.x, current.y - previous.y) < sensitivity;
}

/** What tracks the pointer over one item until it slows down. */
export interface HoverIntent {
  /** The pointer entered the item at this point. */
  enter(at: Point): void;
  /** The pointer moved to this point. */
  move(to: Point): void;
  /** The pointer left: nothing opens. */
  leave(): void;
}

/**
 * Hover intent as the original's (spec §9: interval 100 ms, sensitivity 6): after the pointer enters,
 * its position is compared every interval with the one before; `onIntent` runs once it moved less
 * than `sensitivity` px in one interval. Passing over an item quickly does not open it.
 */
export function hoverIntent(
  onIntent: () => void,
  { intervalMs, sensitivity }: { intervalMs: number; sensitivity: number } = DESKTOP_CONSTANTS.hoverIntent,
): HoverIntent {
  let previous: Point = { x: 0, y: 0 };
  let current: Point = previous;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (hasSlowedDown(previous, current, sensitivity)) {
      timer = undefined;
      onIntent();
    } else {
      previous = current;
      timer = setTimeout(check, intervalMs);
    }
  };
  return {
    enter(at) {
      clearTimeout(timer);
      previous = at;
      current = at;
      timer = setTimeout(check, intervalMs);
    },
    move(to) {
      current = to;
    },
    leave() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** How a click reached an item's link. */
export type ClickSource = 'mouse' | 'touch' | 'pen' | 'keyboard';

/**
 * Whether a click on an item's link opens its submenu instead of following the link (spec §4: an
 * item without a submenu, or one already open, navigates). With `subEvent` click a pointer's first
 * click opens; on hover menus a touch's first tap opens (touch has no hover). `subTrigger` submarker
 * leaves the opening to the arrow. A keyboard's Enter always follows the link: the arrow's button
 * opens (WAI-ARIA disclosure navigation).
 */
export function linkClickOpens({
  hasSubmenu,
  open,
  settings,
  source,
}: {
  hasSubmenu: boolean;
  open: boolean;
  settings: Pick<DesktopSettings, 'subEvent' | 'subTrigger'>;
  source: ClickSource;
}): boolean {
  if (!hasSubmenu || open || settings.subTrigger === 'submarker' || source === 'keyboard') return false;
  return settings.subEvent === 'click' || source !== 'mouse';
}

/** The open items: one key per depth, from the top level down (an item's submenu shows its children). */
export type OpenPath = readonly string[];

/** The path with `key` open at `depth` (its ancestors stay open, its siblings and their children close). */
export function openAt(path: OpenPath, depth: number, key: string): OpenPath {
  return [...path.slice(0, depth), key];
}

/** The path with everything from `depth` down closed. */
export function closeFrom(path: OpenPath, depth: number): OpenPath {
  return path.length > depth ? path.slice(0, depth) : path;
}

/** The path with `key` at `depth` toggled. */
export function toggleAt(path: OpenPath, depth: number, key: string): OpenPath {
  return path[depth] === key ? closeFrom(path, depth) : openAt(path, depth, key);
}

/**
 * The open items that still hold the focus (or the pointer) when it moves to the item chain `within`
 * (the keys of the items around it, from the top level down): the rest close.
 */
export function keepOpenWithin(path: OpenPath, within: readonly string[]): OpenPath {
  let depth = 0;
  while (depth < path.length && path[depth] === within[depth]) depth++;
  return closeFrom(path, depth);
}

/**
 * Where a key moves the focus in a list of `count` controls, from `index` (WAI-ARIA disclosure
 * navigation): the next or previous one (not wrapping), the first or the last; null for other keys.
 * `axis` says which arrows move: Up/Down inside a submenu, Left/Right along the top level.
 */
export function focusStep(key: string, index: number, count: number, axis: 'vertical' | 'horizontal'): number | null {
  if (count === 0) return null;
  const [back, forward] = axis === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  if (key === forward) return Math.min(count - 1, index + 1);
  if (key === back) return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A box in viewport pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A mega panel's place, relative to its item's box (the item is the panel's containing block): under
 * the header, aligned to and as wide as the element its width follows (`megaWidthType`).
 */
export function megaPlacement(
  target: Box,
  item: Box,
  headerBottom: number,
): { left: number; top: number; width: number } {
  return { left: target.left - item.left, top: headerBottom - item.top, width: target.width };
}
