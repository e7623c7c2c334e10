import { STICKY_REACTIVATE_MS, STICKY_RESTACK_MS } from '~/content/motion';
import { coveredTop } from '~/lib/smooth-scroll';
import { isActiveOn, stickyFits } from './model';

const CLASS_PREFIX = 'motion-sticky-';

/** Calls `task` `delay` ms after the last resize of the window or of `element`; returns what stops it. */
function afterResize(element: HTMLElement, delay: number, task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(task, delay);
  };
  window.addEventListener('resize', later, { passive: true });
  const observer = new ResizeObserver(later);
  observer.observe(element);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', later);
    observer.disconnect();
  };
}

/**
 * The height of the sticky sections that stick on this device, as `--sticky-sections` on the root:
 * sticky columns and the targets of hash links without script (widget-motion.css) keep below them.
 */
function measureSections(): void {
  let height = 0;
  for (const section of document.querySelectorAll<HTMLElement>('section.elementor-sticky')) {
    if (getComputedStyle(section).position === 'sticky') height += section.getBoundingClientRect().height;
  }
  document.documentElement.style.setProperty('--sticky-sections', `${height}px`);
}

/** A sticky section: CSS makes it stick per device; this keeps its height known (spec §9: 300 ms after a resize). */
function enhanceSection(section: HTMLElement): () => void {
  measureSections();
  const stop = afterResize(section, STICKY_REACTIVATE_MS, measureSections);
  return () => {
    stop();
    measureSections();
  };
}

/**
 * A sticky column (spec filters-and-widgets.md §3 "Sticky column"): the stylesheet makes it stick on
 * its devices with its spacing; this only checks that it fits in the window. A column taller than the
 * room would hide its own end until the section's end, so it stays in the flow
 * (`data-sticky-fits="false"`) until the window grows again, checked 100 ms after a resize or a change
 * of its size (spec §9 "Sticky helper restacking delay").
 */
function enhanceColumn(column: HTMLElement): () => void {
  const devices = [...column.classList]
    .filter((c) => c.startsWith(CLASS_PREFIX))
    .map((c) => c.slice(CLASS_PREFIX.length));
  const spacing = (name: string) => Number.parseFloat(column.style.getPropertyValue(name)) || 0;
  const check = () => {
    const fits =
      !isActiveOn(devices, window.innerWidth) ||
      stickyFits(
        column.offsetHeight,
        window.innerHeight,
        coveredTop(),
        spacing('--sticky-top'),
        spacing('--sticky-bottom'),
      );
    if (fits) delete column.dataset.stickyFits;
    else column.dataset.stickyFits = 'false';
  };
  check();
  return afterResize(column, STICKY_RESTACK_MS, check);
}

/** A sticky section or column (content/tree.ts `sticky`, `stickyOn`, `topSpacing`, `bottomSpacing`). */
export function enhance(element: HTMLElement): () => void {
  return element.tagName === 'SECTION' ? enhanceSection(element) : enhanceColumn(element);
}
