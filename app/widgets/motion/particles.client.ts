import type { ParticlesConfig } from '~/content/motion';
import { MOBILE_MAX } from '~/lib/devices';
import { particlesOptions, particlesRunOn } from './model';

/** What runs the drawing: tsParticles' container, ended with `destroy`. */
interface Running {
  destroy(): void;
}

/** tsParticles with the slim bundle's shapes and links: fetched once, the first time a background starts. */
let engine: Promise<typeof import('@tsparticles/engine').tsParticles> | undefined;
function particlesEngine() {
  engine ??= Promise.all([import('@tsparticles/engine'), import('@tsparticles/slim')]).then(
    async ([{ tsParticles }, { loadSlim }]) => {
      await loadSlim(tsParticles);
      return tsParticles;
    },
  );
  return engine;
}

/** Runs `task` once the browser is idle after the page's first paint (a timer where there is no idle callback). */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * A section's particle background (spec filters-and-widgets.md §3 "Section: particles"): drawn by
 * tsParticles behind the content, whose library is fetched only when it will draw, after the first
 * paint, never for visitors who ask for reduced motion, and on phones only when the section says so.
 * A change of either (a rotated tablet, the system's setting) starts or stops it.
 */
export function enhance(element: HTMLElement): (() => void) | undefined {
  let config: ParticlesConfig;
  try {
    config = JSON.parse(element.dataset.effect ?? '') as ParticlesConfig;
  } catch {
    return undefined;
  }
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  const phone = window.matchMedia(`(max-width: ${MOBILE_MAX}px)`);
  const wanted = () => !reduced.matches && particlesRunOn(config, window.innerWidth);
  let running: Running | undefined;
  let starting = false;
  let ended = false;

  const stop = () => {
    running?.destroy();
    running = undefined;
    element.replaceChildren();
    delete element.dataset.running;
  };
  const start = async () => {
    if (running || starting) return;
    starting = true;
    try {
      const tsParticles = await particlesEngine();
      if (ended || !wanted()) return;
      running = await tsParticles.load({ element, options: particlesOptions(config) });
      element.dataset.running = '';
    } catch (error) {
      // A failed chunk or a canvas the browser refuses: the section stays as the server sent it.
      console.error(error);
    } finally {
      starting = false;
    }
    // The setting may have changed while the library loaded (its change event can come later).
    if (ended) stop();
    else if (!wanted()) still();
  };
  // `data-still`: decided not to draw here (a phone, reduced motion), as tests and styles may read.
  const still = () => {
    stop();
    element.dataset.still = '';
  };
  const sync = () => {
    if (wanted()) {
      delete element.dataset.still;
      void start();
    } else still();
  };
  const cancelIdle = whenIdle(sync);
  reduced.addEventListener('change', sync);
  phone.addEventListener('change', sync);
  return () => {
    ended = true;
    cancelIdle();
    reduced.removeEventListener('change', sync);
    phone.removeEventListener('change', sync);
    stop();
  };
}
