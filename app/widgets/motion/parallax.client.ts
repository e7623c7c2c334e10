import { MOTION_RESIZE_MS, PARALLAX_SPEED } from '~/content/motion';
import { isActiveOn, parallaxOffset } from './model';

/** The settings the frame wrote (content/tree.ts `parallaxSettings`, already checked by the server). */
function readSettings(element: HTMLElement): { speed: number; invert: boolean; devices: string[] } | null {
  try {
    const s = JSON.parse(element.dataset.effect ?? '') as { speed?: unknown; invert?: unknown; devices?: unknown };
    return {
      speed: typeof s.speed === 'number' ? s.speed : PARALLAX_SPEED.default,
      invert: s.invert === true,
      devices: Array.isArray(s.devices) ? s.devices.map(String) : [],
    };
  } catch {
    return null;
  }
}

/**
 * A column's parallax (spec filters-and-widgets.md §3 "Widget effects", §9 exponent 0.85, speed ×
 * 0.01): its content moves against the scroll by transforms only, one write per animation frame from
 * a passive scroll listener. Still for visitors who ask for reduced motion and on devices not listed.
 */
export function enhance(element: HTMLElement): (() => void) | undefined {
  const settings = readSettings(element);
  const column = element.parentElement;
  if (!settings || !column) return undefined;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  let frame = 0;
  const update = () => {
    frame = 0;
    if (reduced.matches || !isActiveOn(settings.devices, window.innerWidth)) {
      element.style.transform = '';
      delete element.dataset.moving;
      return;
    }
    // The column is measured, not the moved content: the move never feeds back into the distance.
    const box = column.getBoundingClientRect();
    const distance = box.top + box.height / 2 - window.innerHeight / 2;
    element.style.transform = `translate3d(0, ${parallaxOffset(distance, settings.speed, settings.invert)}px, 0)`;
    element.dataset.moving = '';
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(update);
  };
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(schedule, MOTION_RESIZE_MS);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', onResize, { passive: true });
  reduced.addEventListener('change', schedule);
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(resizeTimer);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', onResize);
    reduced.removeEventListener('change', schedule);
  };
}
