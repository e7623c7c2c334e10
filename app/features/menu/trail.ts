import type { MenuNode } from './model';

/**
 * The mobile menu's level trail (spec 000 §4 "Mobile menu"): the top level is the empty trail; opening
 * an item with children (or a mega template) pushes a step, back pops one, a breadcrumb truncates the
 * trail to its depth, Escape pops or closes, and closing clears it. Pure, so the rules are unit-tested.
 */
export interface TrailStep {
  /** The item's id (`item-N`). */
  id: string;
  name: string;
  /** A child level of items, or the item's mega template. */
  view: 'items' | 'template';
}

export type Trail = readonly TrailStep[];

/** The step an item opens, or null when it only navigates. A mega template wins over children (spec §4). */
export function stepOf(item: MenuNode): TrailStep | null {
  if (item.megaTemplateId !== false) return { id: item.id, name: item.name, view: 'template' };
  if (item.children.length > 0) return { id: item.id, name: item.name, view: 'items' };
  return null;
}

/** Opens a child level (or a template view) below the current one. */
export function pushStep(trail: Trail, step: TrailStep): Trail {
  return [...trail, step];
}

/** The back button: one level up (the top level stays the top level). */
export function popStep(trail: Trail): Trail {
  return trail.slice(0, -1);
}

/** A breadcrumb click: keeps the first `depth` steps (0 is the top level). */
export function truncateTrail(trail: Trail, depth: number): Trail {
  return trail.slice(0, Math.max(0, Math.min(Math.trunc(depth), trail.length)));
}

/** Escape: closes the menu at the top level, otherwise goes back one level. */
export function escapeTrail(trail: Trail): { close: true } | { close: false; trail: Trail } {
  return trail.length === 0 ? { close: true } : { close: false, trail: popStep(trail) };
}

/** One breadcrumb: its label and the depth a click truncates the trail to. */
export interface Crumb {
  label: string;
  depth: number;
  current: boolean;
}

/**
 * The breadcrumbs of a trail: the top level (`rootLabel`) then each step; `minimal` shows only the
 * parent level and the current one. None at the top level.
 */
export function breadcrumbs(trail: Trail, rootLabel: string, path: 'full' | 'minimal'): Crumb[] {
  if (trail.length === 0) return [];
  const all: Crumb[] = [
    { label: rootLabel, depth: 0, current: false },
    ...trail.map((s, i) => ({ label: s.name, depth: i + 1, current: i === trail.length - 1 })),
  ];
  return path === 'minimal' ? all.slice(-2) : all;
}

/** The item a trail ends at, or null at the top level or when the items changed under the trail. */
export function trailItem(items: readonly MenuNode[], trail: Trail): MenuNode | null {
  let level = items;
  let found: MenuNode | null = null;
  for (const step of trail) {
    found = level.find((i) => i.id === step.id) ?? null;
    if (!found) return null;
    level = found.children;
  }
  return found;
}

/**
 * The trail that still fits `items` (call 4 may answer a changed menu while a level is open): the
 * longest prefix whose items all exist, with their current names.
 */
export function fitTrail(items: readonly MenuNode[], trail: Trail): Trail {
  const kept: TrailStep[] = [];
  let level = items;
  for (const step of trail) {
    const item = level.find((i) => i.id === step.id);
    const next = item ? stepOf(item) : null;
    if (!item || !next || next.view !== step.view) break;
    kept.push(next);
    level = item.children;
  }
  return kept;
}
