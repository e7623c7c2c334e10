import { expect, test } from 'vitest';
import { PARALLAX_EXPONENT, PARALLAX_SPEED_FACTOR, STICKY_RESTACK_MS, STICKY_SPACING } from '~/content/motion';
import { deviceOf } from '~/lib/devices';
import { BREAKPOINT_EDGES } from '~/lib/devices.fixtures';
import { isActiveOn, parallaxOffset, particlesOptions, particlesRunOn, stickyFits } from './model';

test('the spec’s numbers (filters-and-widgets.md §9)', () => {
  expect(STICKY_SPACING).toBe(50);
  expect(STICKY_RESTACK_MS).toBe(100);
  expect(PARALLAX_EXPONENT).toBe(0.85);
  expect(PARALLAX_SPEED_FACTOR).toBe(0.01);
});

// site-behaviour.md §9 builder breakpoints: mobile 767, tablet 1024.
test.each([[320, 'mobile'], ...BREAKPOINT_EDGES, [1920, 'desktop']])('a window %d px wide is %s', (width, device) =>
  expect(deviceOf(width)).toBe(device),
);

// spec §5: "A sticky column is active only on the devices listed."
test('an effect is active only on the devices listed', () => {
  expect(isActiveOn(['desktop', 'tablet'], 1280)).toBe(true);
  expect(isActiveOn(['desktop', 'tablet'], 800)).toBe(true);
  expect(isActiveOn(['desktop', 'tablet'], 390)).toBe(false);
  expect(isActiveOn(['mobile'], 390)).toBe(true);
  expect(isActiveOn([], 1280)).toBe(false);
});

test('parallax: speed × 0.01 × distance^0.85, lagging behind the scroll; invert runs ahead', () => {
  // 1000^0.85 = 354.81…; × 50 × 0.01 = 177.4
  expect(parallaxOffset(-1000, 50, false)).toBe(177.4);
  expect(parallaxOffset(1000, 50, false)).toBe(-177.4);
  expect(parallaxOffset(-1000, 50, true)).toBe(-177.4);
  expect(parallaxOffset(-1000, 100, false)).toBe(354.8);
  // 200^0.85 = 90.34…; × 40 × 0.01 = 36.1
  expect(parallaxOffset(-200, 40, false)).toBe(36.1);
  expect(Object.is(parallaxOffset(0, 50, true), 0)).toBe(true);
});

test('the damping grows slower than the distance (exponent below 1)', () => {
  const near = parallaxOffset(-100, 50, false);
  const far = parallaxOffset(-1000, 50, false);
  expect(far / near).toBeLessThan(10);
  expect(far / near).toBeCloseTo(10 ** 0.85, 1);
});

test('a sticky column fits when it, its spacing and the header are no taller than the window', () => {
  expect(stickyFits(500, 800, 72, 50, 50)).toBe(true);
  expect(stickyFits(628, 800, 72, 50, 50)).toBe(true);
  expect(stickyFits(629, 800, 72, 50, 50)).toBe(false);
});

test('particles run on phones only when the section asks', () => {
  expect(particlesRunOn({ onPhones: false }, 1280)).toBe(true);
  expect(particlesRunOn({ onPhones: false }, 800)).toBe(true);
  expect(particlesRunOn({ onPhones: false }, 390)).toBe(false);
  expect(particlesRunOn({ onPhones: true }, 390)).toBe(true);
});

test('the library gets the checked settings, faint, with no pointer interaction and no full-screen canvas', () => {
  const options = particlesOptions({
    count: 40,
    color: '#f2b705',
    speed: 2,
    links: false,
    shape: 'star',
    onPhones: false,
  });
  expect(options.fullScreen).toEqual({ enable: false });
  expect(options.particles.number.value).toBe(40);
  expect(options.particles.color.value).toBe('#f2b705');
  expect(options.particles.shape.type).toBe('star');
  expect(options.particles.move.speed).toBe(2);
  expect(options.particles.links.enable).toBe(false);
  expect(options.particles.opacity.value).toBeLessThanOrEqual(0.5);
  expect(options.interactivity.events.onHover.enable).toBe(false);
  expect(options.interactivity.events.onClick.enable).toBe(false);
});
