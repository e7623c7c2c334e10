import {
  countVisit,
  findPopup,
  isExitIntent,
  markSeen,
  type PagePopup,
  type PopupTrigger,
  parseSeen,
  parseVisitCounts,
  scrollFires,
  seenHides,
  timingAllows,
} from '../model';

/**
 * The popups' trigger watcher (spec 000 §4 "Popup display"): counts the visit, checks each popup's
 * timing conditions and arms its trigger; opens popups named by actions (store buttons, in-page
 * action links, the `jet-popup:open` event). No React and no dialog code: that loads when a popup opens.
 *
 * Browser storage: `jet-popup-visits` (page views and sessions, localStorage), `jet-popup-session`
 * (this tab's session, sessionStorage), `jet-popup-seen` (popup id → until when it stays away, in
 * localStorage, or sessionStorage for popups kept away for the session only).
 */

const VISITS_KEY = 'jet-popup-visits';
const SESSION_KEY = 'jet-popup-session';
const SEEN_KEY = 'jet-popup-seen';
/** The in-page action that opens a popup: `#jet-engine-action&action=open_popup&id=<id or slug>`. */
const ACTION_LINK = 'a[href^="#jet-engine-action"]';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    // Storage refused (private mode, blocked cookies): every popup rule then sees a first visit.
    return null;
  }
}

function recordVisit() {
  const local = storage('localStorage');
  const session = storage('sessionStorage');
  const newSession = session?.getItem(SESSION_KEY) === null;
  const counts = countVisit(parseVisitCounts(local?.getItem(VISITS_KEY) ?? null), newSession);
  try {
    local?.setItem(VISITS_KEY, JSON.stringify(counts));
    session?.setItem(SESSION_KEY, '1');
  } catch {
    // A full storage keeps the old counts.
  }
  return counts;
}

function seenStore(popup: PagePopup): Storage | null {
  if (popup.settings.storage === 'never') return null;
  return storage(popup.settings.storage === 'session' ? 'sessionStorage' : 'localStorage');
}

function isSeen(popup: PagePopup): boolean {
  const store = seenStore(popup);
  return !!store && seenHides(parseSeen(store.getItem(SEEN_KEY)), popup.id, Date.now());
}

function rememberSeen(popup: PagePopup): void {
  const store = seenStore(popup);
  const { storage: keep } = popup.settings;
  if (!store || keep === 'never') return;
  const seen = parseSeen(store.getItem(SEEN_KEY));
  // The session store forgets by itself when the browser closes: "until" is far away.
  const next =
    keep === 'session' ? { ...seen, [popup.id]: Number.MAX_SAFE_INTEGER } : markSeen(seen, popup.id, keep, Date.now());
  try {
    store.setItem(SEEN_KEY, JSON.stringify(next));
  } catch {
    // Storage full: the popup may show again, never blocks.
  }
}

/** Arms one trigger; calls `fire` at most once; returns what disarms it. */
function arm(trigger: PopupTrigger, fire: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    stop();
    fire();
  };
  let stop = () => {};
  const on = <K extends keyof DocumentEventMap>(
    type: K,
    fn: (e: DocumentEventMap[K]) => void,
    target: Document | Window = document,
  ) => {
    target.addEventListener(type, fn as EventListener, { passive: true });
    return () => target.removeEventListener(type, fn as EventListener);
  };
  switch (trigger.type) {
    case 'page-load': {
      const t = setTimeout(once, trigger.delay * 1000);
      stop = () => clearTimeout(t);
      break;
    }
    case 'scroll': {
      let prevY = window.scrollY;
      stop = on(
        'scroll',
        () => {
          const y = window.scrollY;
          const scrollable = document.documentElement.scrollHeight - window.innerHeight;
          if (scrollFires(trigger, prevY, y, scrollable)) once();
          prevY = y;
        },
        window,
      );
      break;
    }
    case 'scroll-to': {
      const target = document.querySelector(trigger.selector);
      if (!target) break;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) once();
      });
      observer.observe(target);
      stop = () => observer.disconnect();
      break;
    }
    case 'click': {
      let clicks = 0;
      stop = on('click', () => {
        clicks += 1;
        if (clicks >= trigger.count) once();
      });
      break;
    }
    case 'inactivity': {
      let t = setTimeout(once, trigger.seconds * 1000);
      const reset = () => {
        clearTimeout(t);
        t = setTimeout(once, trigger.seconds * 1000);
      };
      const offs = (['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart'] as const).map((type) =>
        on(type, reset),
      );
      stop = () => {
        clearTimeout(t);
        for (const off of offs) off();
      };
      break;
    }
    case 'exit-intent': {
      stop = on('mouseout', (e) => {
        if (isExitIntent(e.clientY, e.relatedTarget === null)) once();
      });
      break;
    }
    case 'none':
      break;
  }
  return () => {
    done = true;
    stop();
  };
}

/** Starts the popups of this page view; returns what stops every trigger and listener. */
export function watchPopups(popups: PagePopup[]): () => void {
  const counts = recordVisit();
  const facts = {
    counts,
    referrer: document.referrer,
    host: location.hostname,
    width: window.innerWidth,
    userAgent: navigator.userAgent,
    now: new Date(),
  };
  let showing = false;
  const show = async (popup: PagePopup, byAction: boolean) => {
    // One popup at a time; a trigger that fires while one is open waits for no one (it is dropped).
    if (showing) return;
    if (!byAction) {
      if (isSeen(popup)) return;
      rememberSeen(popup);
    }
    showing = true;
    try {
      const { openPopup } = await import('./popup-dialog');
      openPopup(popup, () => {
        showing = false;
      });
    } catch {
      showing = false;
    }
  };

  const stops = popups
    .filter((p) => p.settings.trigger.type !== 'none' && timingAllows(p.settings.timing, facts) && !isSeen(p))
    .map((p) => arm(p.settings.trigger, () => void show(p, false)));

  // A click on a store button already in the store whose settings name a popup (stores/ui/enhance.ts).
  const onStorePopup = (e: Event) => {
    const popup = findPopup(popups, (e as CustomEvent<{ popup?: string }>).detail?.popup);
    if (!popup) return;
    e.preventDefault();
    void show(popup, true);
  };
  // Any code of the page may open a popup of this page by id or slug.
  const onOpen = (e: Event) => {
    const popup = findPopup(popups, (e as CustomEvent<{ popup?: string | number }>).detail?.popup);
    if (popup) void show(popup, true);
  };
  // In-page action links (spec 000 §2): `#jet-engine-action&action=open_popup&id=…` opens that popup.
  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element | null)?.closest?.(ACTION_LINK);
    if (!link) return;
    const params = new URLSearchParams((link.getAttribute('href') ?? '').replace(/^#jet-engine-action&?/, ''));
    if (params.get('action') !== 'open_popup' || (params.get('event') ?? 'click') !== 'click') return;
    const popup = findPopup(popups, params.get('id'));
    if (!popup) return;
    e.preventDefault();
    void show(popup, true);
  };
  document.addEventListener('jet-engine:store-popup', onStorePopup);
  document.addEventListener('jet-popup:open', onOpen);
  document.addEventListener('click', onClick);
  return () => {
    for (const stop of stops) stop();
    document.removeEventListener('jet-engine:store-popup', onStorePopup);
    document.removeEventListener('jet-popup:open', onOpen);
    document.removeEventListener('click', onClick);
  };
}
