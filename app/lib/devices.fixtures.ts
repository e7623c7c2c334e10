import type { Device } from './devices';

/**
 * Window widths on both sides of each breakpoint (site-behaviour.md §9: phones up to 767 px, tablets up to
 * 1024 px) with the device each counts as: the table every setting that names devices is tested against.
 */
export const BREAKPOINT_EDGES: Array<[width: number, device: Device]> = [
  [390, 'mobile'],
  [767, 'mobile'],
  [768, 'tablet'],
  [1024, 'tablet'],
  [1025, 'desktop'],
];
