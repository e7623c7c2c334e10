/**
 * The motion settings' numbers (issue 22; spec filters-and-widgets.md §3 "Widget effects", "Sticky
 * column", "Section: particles"; §9): shared by the section and column schemas (tree.ts) and the
 * behaviours' browser code (widgets/motion). No zod here: the browser chunks import this file.
 */

/** spec §9 "Sticky column default spacing": 50 top and bottom. */
export const STICKY_SPACING = 50;
/** The largest spacing the editor takes: more would leave no room for the column on a laptop. */
export const STICKY_SPACING_MAX = 400;
/** spec §9 "Sticky helper restacking delay": a column's fit is checked again 100 ms after a resize. */
export const STICKY_RESTACK_MS = 100;
/** spec site-behaviour.md §9 "Sticky reactivation debounce": a sticky section is measured again 300 ms after a resize. */
export const STICKY_REACTIVATE_MS = 300;

/** spec §9 "Parallax": the distance is raised to 0.85 and the speed setting (percent) multiplied by 0.01. */
export const PARALLAX_EXPONENT = 0.85;
export const PARALLAX_SPEED_FACTOR = 0.01;
/** The speed setting in percent: the page builder's default and bounds. */
export const PARALLAX_SPEED = { default: 50, min: 1, max: 100 } as const;

/** The particle shapes the editor offers (the slim bundle draws each). */
export const PARTICLE_SHAPES = ['circle', 'square', 'triangle', 'star'] as const;
/** A section's particle settings: the safe subset of tsParticles' options the editor offers. */
export const PARTICLES = {
  count: { default: 60, min: 10, max: 150 },
  speed: { default: 1, min: 0.2, max: 5 },
  color: '#ffffff',
} as const;

/** The particle background's settings as the server writes them on the page. */
export interface ParticlesConfig {
  count: number;
  color: string;
  speed: number;
  links: boolean;
  shape: (typeof PARTICLE_SHAPES)[number];
  onPhones: boolean;
}

/** spec site-behaviour.md §9 "Motion effect resize debounce": effects are measured again 200 ms after a resize. */
export const MOTION_RESIZE_MS = 200;
