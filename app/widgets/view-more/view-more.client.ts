import { hasMoreToReveal, sectionsToReveal, sectionsUpTo } from './model';
import { VIEW_MORE_EFFECT_MS } from './settings';

/** The effects' first frames (spec §3 "View-more" effect; move-up by default). */
const EFFECT_FROM: Record<string, Keyframe> = {
  'move-up': { opacity: 0, transform: 'translateY(40px)' },
  'move-down': { opacity: 0, transform: 'translateY(-40px)' },
  fade: { opacity: 0 },
  'zoom-in': { opacity: 0, transform: 'scale(0.9)' },
  'zoom-out': { opacity: 0, transform: 'scale(1.1)' },
};

/**
 * View-more's behaviour (spec §4): the button reveals the next hidden section (or all with showall) with
 * the widget's effect, and hides once all are visible. A section revealed another way (a hash link into
 * it, find in page) is noticed, and the ones before it are shown with it.
 */
export function enhance(root: HTMLElement): () => void {
  const sections = [...root.querySelectorAll<HTMLElement>('.view-more__section')];
  const button = root.querySelector<HTMLAnchorElement>('.view-more__button');
  const showall = root.hasAttribute('data-showall');
  const from = EFFECT_FROM[root.dataset.effect ?? ''];
  const hiddenNow = () => sections.map((s) => s.hasAttribute('hidden'));

  const reveal = (indexes: number[], animate: boolean) => {
    const still = !animate || !from || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    for (const i of indexes) {
      const section = sections[i];
      if (!section) continue;
      section.removeAttribute('hidden');
      if (!still)
        section.animate([from, { opacity: 1, transform: 'none' }], {
          duration: VIEW_MORE_EFFECT_MS,
          easing: 'ease-out',
        });
    }
    if (!button || hasMoreToReveal(hiddenNow())) return;
    // The button goes; a keyboard user's focus moves to what it revealed rather than to the page's start.
    const hadFocus = document.activeElement === button;
    button.hidden = true;
    const first = sections[indexes[0] ?? -1];
    if (hadFocus && first) {
      first.tabIndex = -1;
      first.focus();
    }
  };

  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    reveal(sectionsToReveal(hiddenNow(), showall), true);
  };
  // The link acts as a button: Space presses it too.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === ' ') {
      e.preventDefault();
      button?.click();
    }
  };
  const observer = new MutationObserver((records) => {
    const shown = records
      .map((r) => sections.indexOf(r.target as HTMLElement))
      .filter((i) => i >= 0 && !sections[i]?.hasAttribute('hidden'));
    if (shown.length > 0) reveal(sectionsUpTo(hiddenNow(), Math.max(...shown)), false);
  });

  if (button) {
    button.setAttribute('role', 'button');
    button.setAttribute('aria-controls', sections.map((s) => s.id).join(' '));
    button.addEventListener('click', onClick);
    button.addEventListener('keydown', onKeyDown);
  }
  // Opened without script (the link's `:target`) or by a link into a section: start as it was left.
  const hash = decodeURIComponent(window.location.hash.slice(1));
  if (hash && hash === root.id) reveal(sectionsToReveal(hiddenNow(), true), false);
  else {
    const target = sections.findIndex((s) => s.id === hash || (hash && s.querySelector(`[id="${CSS.escape(hash)}"]`)));
    if (target >= 0) reveal(sectionsUpTo(hiddenNow(), target), false);
  }
  for (const section of sections) observer.observe(section, { attributes: true, attributeFilter: ['hidden'] });
  return () => {
    observer.disconnect();
    button?.removeEventListener('click', onClick);
    button?.removeEventListener('keydown', onKeyDown);
  };
}
