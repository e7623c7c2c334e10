import {
  type CountdownType,
  digits,
  type ExpireAction,
  endlessEnd,
  evergreenEnd,
  expiredView,
  remainingSentence,
  restarts,
  SECOND_MS,
  splitRemaining,
  UNITS,
  type Unit,
} from './model';

/**
 * The countdown's browser half (countdown.tsx): counts from the real time at once (the page may have
 * been made a minute ago, or for a first visit of an evergreen countdown), ticks each second, keeps a
 * visitor's evergreen end in localStorage, and runs the expiry actions when the time is up: redirect,
 * message, hide, and restart (an evergreen one starts a new interval; an endless one always restarts).
 * The digits turn with a short flip, none under prefers-reduced-motion.
 */
export function enhance(root: HTMLElement): () => void {
  const type = (root.dataset.type ?? 'due_date') as CountdownType;
  const due = root.dataset.due ? Number(root.dataset.due) : null;
  const interval = Number(root.dataset.interval ?? 0);
  const actions = (root.dataset.actions ?? '').split(' ').filter(Boolean) as ExpireAction[];
  const key = root.dataset.key;
  const timer = root.querySelector<HTMLElement>('.countdown__timer');
  const message = root.querySelector<HTMLElement>('[data-countdown-message]');
  const sentence = root.querySelector<HTMLElement>('[data-countdown-sentence]');
  const status = root.querySelector<HTMLElement>('[data-countdown-status]');
  const values = new Map<Unit, HTMLElement>();
  for (const unit of UNITS) {
    const el = root.querySelector<HTMLElement>(`[data-unit="${unit}"] .countdown__value`);
    if (el) values.set(unit, el);
  }
  const shown = {
    days: values.has('days'),
    hours: values.has('hours'),
    minutes: values.has('minutes'),
    seconds: values.has('seconds'),
  };
  const still = matchMedia('(prefers-reduced-motion: reduce)');
  let tick: ReturnType<typeof setTimeout> | undefined;
  /** The countdown has ticked in front of the visitor (its expiry is then announced). */
  let ticked = false;

  const endAt = (now: number): number | null => {
    if (type === 'evergreen') {
      const end = evergreenEnd(readKept(key), now, interval);
      if (end !== null) keep(key, end);
      return end;
    }
    if (due === null) return null;
    return type === 'endless' ? endlessEnd(due, interval, now) : due;
  };

  const show = (remaining: number) => {
    const split = splitRemaining(remaining, shown);
    for (const [unit, el] of values) {
      const text = digits(split[unit] ?? 0);
      if (el.textContent === text) continue;
      el.textContent = text;
      if (!still.matches) {
        // Movement only: a digit half faded would be hard to read (and fail the contrast check).
        el.animate([{ transform: 'translateY(-40%)' }, { transform: 'none' }], {
          duration: 250,
          easing: 'ease-out',
        });
      }
    }
    // To the minute: the text changes at most once a minute, and it is no live region.
    const words = ` ${remainingSentence(remaining)}`;
    if (sentence && sentence.textContent !== words) sentence.textContent = words;
  };

  const expire = () => {
    // Announced only when the time runs out in front of the visitor, not on a page that came expired.
    const watched = ticked;
    root.dataset.state = 'expired';
    const view = expiredView(actions, message !== null);
    if (view.redirect && root.dataset.redirect) {
      const target = new URL(root.dataset.redirect, window.location.href);
      // Never to the page itself: it would load, find the time up and leave again, without end.
      if (target.href.replace(/#.*$/, '') !== window.location.href.replace(/#.*$/, '')) {
        window.location.assign(target.href);
        return;
      }
    }
    if (timer) timer.hidden = view.hideTimer;
    root.hidden = view.hideWidget;
    if (message) message.hidden = !view.showMessage;
    if (status && watched) {
      status.textContent = view.showMessage && message ? (message.textContent ?? '').trim() : 'Waktu habis.';
    }
  };

  let end = endAt(Date.now());
  const run = () => {
    const now = Date.now();
    if (end === null) {
      // An evergreen interval of 0 does not start (spec 000 §5): its zeros stay.
      show(0);
      root.dataset.state = 'idle';
      return;
    }
    let remaining = end - now;
    if (remaining <= 0 && restarts(type, actions, interval)) {
      end = type === 'evergreen' ? now + interval : endlessEnd(due ?? now, interval, now);
      if (type === 'evergreen') keep(key, end);
      remaining = end - now;
    }
    show(remaining);
    if (remaining <= 0) {
      expire();
      return;
    }
    root.dataset.state = 'running';
    ticked = true;
    // The next whole second of the remaining time, so that the digits turn when the second does.
    tick = setTimeout(run, remaining % SECOND_MS || SECOND_MS);
  };
  run();
  return () => clearTimeout(tick);
}

function readKept(key: string | undefined): string | null {
  if (!key) return null;
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage refused (private mode, a policy): each visit is a first one.
    return null;
  }
}

function keep(key: string | undefined, end: number): void {
  if (!key) return;
  try {
    localStorage.setItem(key, String(end));
  } catch {
    // Not kept: the next visit starts anew.
  }
}
