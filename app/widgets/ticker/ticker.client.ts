import type { EmblaCarouselType } from 'embla-carousel';
import { emblaDuration } from '../listing-grid/model';
import { TYPING_STEP_MS, typingSteps } from './model';

/**
 * The ticker's browser half (ticker.tsx), with Embla's core for the slides: each title is typed out a
 * character every 40 ms (spec 001 §9), stays `data-autoplay` ms, then the next slides in. The pointer
 * over the ticker, the focus in it, or its pause button stop it, the current title shown whole; under
 * prefers-reduced-motion nothing types or moves by itself (the buttons still change the title, without
 * sliding). Screen readers read each link's whole title, never the typing: the typed text is
 * aria-hidden beside the title in a visually hidden span.
 *
 * Embla (its own chunk) loads when the first slide change is due, or when a finger, the pointer or the
 * focus reaches the ticker (issue 24): typing the first title needs none of it, and a phone's first
 * view shows only that.
 */
export function enhance(root: HTMLElement): () => void {
  const viewport = root.querySelector<HTMLElement>('.ticker__viewport');
  const slides = [...root.querySelectorAll<HTMLElement>('.ticker__slide')];
  if (!viewport || slides.length === 0) return () => {};
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const typing = root.dataset.typing !== undefined && !still;
  const hold = root.dataset.autoplay && !still ? Number(root.dataset.autoplay) : null;
  const pauseButton = root.querySelector<HTMLButtonElement>('[data-ticker-pause]');
  if (pauseButton) pauseButton.hidden = !typing && hold === null;

  const titles = slides.map((slide) => splitTitle(slide));
  // Where the visitor had scrolled the server's strip before the script came: the ticker starts there.
  const startAt = Math.min(
    viewport.offsetWidth ? Math.round(viewport.scrollLeft / viewport.offsetWidth) : 0,
    slides.length - 1,
  );
  viewport.scrollLeft = 0;
  let embla: EmblaCarouselType | null = null;
  let sliding: Promise<EmblaCarouselType | null> | undefined;
  let ended = false;
  /** Embla over the slides, made once (none for a single title). */
  const slider = (): Promise<EmblaCarouselType | null> => {
    if (slides.length < 2) return Promise.resolve(null);
    sliding ??= import('embla-carousel').then(
      ({ default: EmblaCarousel }) => {
        if (ended) return null;
        embla = EmblaCarousel(viewport, {
          loop: true,
          align: 'start',
          container: '.ticker__slides',
          duration: emblaDuration(Number(root.dataset.speed ?? 500)),
          startIndex: startAt,
        });
        embla.on('select', onSelect);
        return embla;
      },
      () => {
        // Offline: the first title stays; the next change tries again.
        sliding = undefined;
        return null;
      },
    );
    return sliding;
  };
  const prepare = () => void slider();

  let userPaused = false;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const paused = () => userPaused || hovered || focused;
  const current = () => embla?.selectedScrollSnap() ?? startAt;

  const showWhole = (i: number) => {
    const t = titles[i];
    if (!t) return;
    t.typed.textContent = t.title;
    delete slides[i]?.dataset.typing;
  };

  const scheduleNext = () => {
    clearTimeout(timer);
    if (hold === null || slides.length < 2 || paused()) return;
    timer = setTimeout(() => void slider().then((e) => e?.scrollNext()), hold);
  };

  /** Types the title of slide `i` (or shows it whole), then schedules the next slide. */
  const play = (i: number) => {
    clearTimeout(timer);
    const t = titles[i];
    const slide = slides[i];
    if (!t || !slide) return;
    if (!typing || paused()) {
      showWhole(i);
      scheduleNext();
      return;
    }
    const steps = typingSteps(t.title);
    let k = 0;
    t.typed.textContent = '';
    slide.dataset.typing = '';
    const step = () => {
      t.typed.textContent = steps[k] ?? t.title;
      k++;
      if (k < steps.length) timer = setTimeout(step, TYPING_STEP_MS);
      else {
        delete slide.dataset.typing;
        scheduleNext();
      }
    };
    timer = setTimeout(step, TYPING_STEP_MS);
  };

  // Slides out of view leave the tab order and the reading order (the carousel pattern's hidden slides).
  const syncInView = () => {
    const selected = current();
    slides.forEach((slide, i) => {
      slide.inert = i !== selected;
    });
  };

  const onSelect = () => {
    syncInView();
    slides.forEach((_, i) => {
      if (i !== current()) showWhole(i);
    });
    play(current());
  };

  const pauseChanged = () => {
    if (paused()) {
      root.dataset.paused = '';
      clearTimeout(timer);
      showWhole(current());
    } else {
      delete root.dataset.paused;
      scheduleNext();
    }
  };

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest('button');
    if (!button || !root.contains(button)) return;
    if (button.hasAttribute('data-ticker-pause')) {
      userPaused = !userPaused;
      button.textContent = userPaused ? 'Putar' : 'Jeda';
      pauseChanged();
    } else if (button.hasAttribute('data-ticker-prev')) void slider().then((e) => e?.scrollPrev(still));
    else if (button.hasAttribute('data-ticker-next')) void slider().then((e) => e?.scrollNext(still));
  };
  const onEnter = () => {
    hovered = true;
    pauseChanged();
  };
  const onLeave = () => {
    hovered = false;
    pauseChanged();
  };
  const onFocusIn = () => {
    focused = true;
    pauseChanged();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    pauseChanged();
  };

  root.addEventListener('click', onClick);
  root.addEventListener('mouseenter', onEnter);
  root.addEventListener('mouseleave', onLeave);
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  // A swipe or a button is likely next: Embla comes ahead of it.
  root.addEventListener('pointerdown', prepare);
  root.addEventListener('focusin', prepare);
  // The focus may be in the ticker already (a link tabbed to before the code came).
  focused = root.contains(document.activeElement);
  hovered = root.matches(':hover');
  syncInView();
  if (paused()) pauseChanged();
  play(current());

  return () => {
    clearTimeout(timer);
    root.removeEventListener('click', onClick);
    root.removeEventListener('mouseenter', onEnter);
    root.removeEventListener('mouseleave', onLeave);
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
    root.removeEventListener('pointerdown', prepare);
    root.removeEventListener('focusin', prepare);
    ended = true;
    embla?.destroy();
  };
}

/** Splits a slide's title into the typed text (aria-hidden) and the whole title for screen readers. */
function splitTitle(slide: HTMLElement): { title: string; typed: HTMLElement } {
  const text = slide.querySelector<HTMLElement>('.ticker__text') ?? slide;
  const title = (text.textContent ?? '').trim();
  const typed = document.createElement('span');
  typed.className = 'ticker__typed';
  typed.setAttribute('aria-hidden', 'true');
  typed.textContent = title;
  const whole = document.createElement('span');
  whole.className = 'visually-hidden';
  whole.textContent = title;
  text.replaceChildren(typed, whole);
  return { title, typed };
}
