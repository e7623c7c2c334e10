/**
 * Motion effects of sections and columns (issue 22; spec filters-and-widgets.md §3, §5, §9): the pure
 * rules the behaviours' browser code runs (the numbers are in content/motion.ts, beside the schemas).
 */

import { PARALLAX_EXPONENT, PARALLAX_SPEED_FACTOR, type ParticlesConfig } from '~/content/motion';
import { deviceOf } from '~/lib/devices';

/** spec §5: an effect is active only on the devices listed. */
export function isActiveOn(devices: readonly string[], width: number): boolean {
  return devices.includes(deviceOf(width));
}

/**
 * How far (px, down is positive) a parallax element is moved when its middle is `distance` px below
 * the middle of the window (negative: above it). The element lags behind the scroll, so it seems
 * further away; `invert` makes it run ahead. The distance is damped by the spec's exponent, so the
 * move stays modest far from the middle (spec §9: exponent 0.85, speed × 0.01).
 */
export function parallaxOffset(distance: number, speedPercent: number, invert: boolean): number {
  // Above the middle (scrolled up past it) the element is pushed down, below it up: it lags.
  const moved = -Math.sign(distance) * Math.abs(distance) ** PARALLAX_EXPONENT * speedPercent * PARALLAX_SPEED_FACTOR;
  const offset = invert ? -moved : moved;
  // -0 and 0 are the same place; a transform written from -0 reads "-0px".
  return offset === 0 ? 0 : Math.round(offset * 10) / 10;
}

/**
 * Whether a sticky column fits in the window with its spacing: a taller one would hide its own end
 * until the section's end (its links out of reach), so it stays in the flow instead.
 */
export function stickyFits(height: number, viewHeight: number, covered: number, top: number, bottom: number): boolean {
  return height + top + bottom + covered <= viewHeight;
}

/**
 * Frames a second of the particle background: a slow drift looks the same at 30 as at 60 (the movement
 * is scaled by time) for half the CPU and battery.
 */
export const PARTICLES_FPS = 30;

/** The particles are decoration: drawn faint, so the section's text keeps its contrast over them. */
export const PARTICLE_OPACITY = 0.5;
export const LINK_OPACITY = 0.3;

/** spec §5 / issue 22: particles run on the devices the setting allows (phones only when asked). */
export function particlesRunOn(config: Pick<ParticlesConfig, 'onPhones'>, width: number): boolean {
  return config.onPhones || deviceOf(width) !== 'mobile';
}

/**
 * tsParticles' options for a section's background: the validated settings and nothing else (no
 * interaction with the pointer, no full-screen canvas, paused when out of view or the tab is hidden).
 */
export function particlesOptions(config: ParticlesConfig) {
  return {
    fullScreen: { enable: false },
    detectRetina: true,
    fpsLimit: PARTICLES_FPS,
    pauseOnBlur: true,
    pauseOnOutsideViewport: true,
    background: { color: { value: 'transparent' } },
    particles: {
      number: { value: config.count },
      color: { value: config.color },
      shape: { type: config.shape },
      opacity: { value: PARTICLE_OPACITY },
      size: { value: { min: 1, max: 3 } },
      links: { enable: config.links, color: config.color, distance: 140, opacity: LINK_OPACITY, width: 1 },
      move: { enable: true, speed: config.speed, direction: 'none' as const, outModes: { default: 'out' as const } },
    },
    interactivity: { events: { onHover: { enable: false }, onClick: { enable: false } } },
  };
}
