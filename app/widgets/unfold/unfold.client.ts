import { deviceOf } from '~/lib/devices';
import { coveredTop, smoothScrollTo } from '~/lib/smooth-scroll';
import { needsTrigger } from './model';

/** The settings the server writes in `data-unfold` (unfold.tsx). */
interface UnfoldOptions {
  unfoldDuration: number;
  unfoldEasing: string;
  foldDuration: number;
  foldEasing: string;
  autoHide: boolean;
  autoHideTime: number;
  hideOutsideClick: boolean;
  foldScrolling: boolean;
  unfoldText: string;
  foldText: string;
}

/**
 * Unfold's behaviour (spec §4, §5): folded ⇄ unfolded. The button shows only when the text is taller
 * than the device's mask plus 20 pixels; unfolding and folding animate the height with the widget's
 * durations and easings (at once under reduced motion); auto-hide folds again after autoHideTime
 * seconds, an outside click folds when enabled, and fold scrolling brings the widget back into view.
 */
export function enhance(root: HTMLElement): () => void {
  const options = JSON.parse(root.dataset.unfold ?? '{}') as UnfoldOptions;
  const mask = root.querySelector<HTMLElement>('.unfold__mask');
  const content = root.querySelector<HTMLElement>('.unfold__content');
  const button = root.querySelector<HTMLAnchorElement>('.unfold__button');
  if (!mask || !content || !button) return () => {};
  let autoFold: ReturnType<typeof setTimeout> | undefined;
  let ending: (() => void) | undefined;

  const maskHeight = () =>
    Number.parseFloat(getComputedStyle(root).getPropertyValue(`--unfold-mask-${deviceOf(window.innerWidth)}`)) || 0;
  const still = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  /** Animates the mask's height from `from` to `to` pixels, then leaves it to the CSS. */
  const animate = (from: number, to: number, duration: number, easing: string) => {
    ending?.();
    if (still() || duration === 0 || from === to) {
      mask.style.removeProperty('height');
      return;
    }
    mask.style.height = `${from}px`;
    mask.getBoundingClientRect();
    mask.style.transition = `height ${duration}ms ${easing}`;
    mask.style.height = `${to}px`;
    const end = () => {
      clearTimeout(timer);
      mask.removeEventListener('transitionend', end);
      mask.style.removeProperty('transition');
      mask.style.removeProperty('height');
      ending = undefined;
    };
    // transitionend may never come (a hidden tab); the timer ends it anyway.
    const timer = setTimeout(end, duration + 50);
    mask.addEventListener('transitionend', end);
    ending = end;
  };

  const setState = (state: 'folded' | 'unfolded' | 'fits') => {
    root.dataset.state = state;
    button.hidden = state === 'fits';
    button.setAttribute('aria-expanded', String(state === 'unfolded'));
    button.textContent = state === 'unfolded' ? options.foldText : options.unfoldText;
  };

  const unfold = () => {
    clearTimeout(autoFold);
    const from = mask.getBoundingClientRect().height;
    setState('unfolded');
    animate(from, content.scrollHeight, options.unfoldDuration, options.unfoldEasing);
    if (options.autoHide) autoFold = setTimeout(fold, options.autoHideTime * 1000);
  };
  const fold = () => {
    clearTimeout(autoFold);
    if (root.dataset.state !== 'unfolded') return;
    const from = mask.getBoundingClientRect().height;
    setState('folded');
    animate(from, maskHeight(), options.foldDuration, options.foldEasing);
    if (options.foldScrolling && root.getBoundingClientRect().top < coveredTop()) smoothScrollTo(root, coveredTop());
  };

  /** The button only when the text is taller than the mask + 20 (spec §5); measured again on resize. */
  const measure = () => {
    if (root.dataset.state === 'unfolded') return;
    setState(needsTrigger(content.scrollHeight, maskHeight()) ? 'folded' : 'fits');
  };

  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    if (root.dataset.state === 'unfolded') fold();
    else unfold();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === ' ') {
      e.preventDefault();
      button.click();
    }
  };
  // Tabbing into a link under the mask unfolds the text, so the focus is never on something hidden.
  const onFocusIn = (e: FocusEvent) => {
    if (root.dataset.state === 'folded' && content.contains(e.target as Node)) unfold();
  };
  const onOutsideClick = (e: MouseEvent) => {
    if (options.hideOutsideClick && !root.contains(e.target as Node)) fold();
  };
  const resizes = new ResizeObserver(measure);

  button.setAttribute('role', 'button');
  button.addEventListener('click', onClick);
  button.addEventListener('keydown', onKeyDown);
  root.addEventListener('focusin', onFocusIn);
  document.addEventListener('click', onOutsideClick);
  resizes.observe(root);
  resizes.observe(content);
  // Unfolded without script (the link's `:target`): start unfolded.
  if (window.location.hash === `#${root.id}`) setState('unfolded');
  else measure();
  return () => {
    clearTimeout(autoFold);
    ending?.();
    resizes.disconnect();
    button.removeEventListener('click', onClick);
    button.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('click', onOutsideClick);
  };
}
