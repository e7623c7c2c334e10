import { listen } from '~/ui/listen';
import {
  countVisit,
  findPopup,
  isExitIntent,
  isTypingField,
  markSeen,
  type PagePopup,
  type PopupTrigger,
  parseSeen,
  parseVisitCounts,
  placedOn,
  popupActionOf,
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
/** In-page action links (`#jet-engine-action&action=open_popup&id=<id or slug>[&event=hover]`). */
const ACTION_LINK = 'a[href^="#jet-engine-action"]';
/** Hovering an action link opens its popup after this long, so that a pointer passing over does not. */
const HOVER_DELAY_MS = 200;

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
      // Fires once any part of the element is in the viewport (already there as the page opens: at once).
      const seen = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) once();
      });
      const find = () => document.querySelector(trigger.selector);
      const target = find();
      // The element may come later (a listing's next page, a template loaded over the wire): wait for it.
      const later = target
        ? null
        : new MutationObserver(() => {
            const found = find();
            if (!found) return;
            later?.disconnect();
            seen.observe(found);
          });
      if (target) seen.observe(target);
      else later?.observe(document.body, { childList: true, subtree: true });
      stop = () => {
        later?.disconnect();
        seen.disconnect();
      };
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

/**
 * Starts the popups placed on this page view (`path`) among the viewer's; `shownBefore` is the
 * address of the page this tab showed before it, if any. Returns what stops every trigger and
 * listener and closes a popup of this view still open (the visitor has left the page).
 */
export function watchPopups(viewers: PagePopup[], path: string, shownBefore = ''): () => void {
  const popups = viewers.filter((p) => placedOn(p, path));
  // A page with none placed counts no view (views are counted on the pages that carry a popup).
  if (popups.length === 0) return () => {};
  const counts = recordVisit();
  // After a client-side navigation the page left is the referrer, as after a full page load. (The same
  // address again is the same view started anew: React's development double run, a form posted.)
  const referrer = shownBefore && shownBefore !== location.href ? shownBefore : document.referrer;
  const facts = {
    counts,
    referrer,
    host: location.hostname,
    width: window.innerWidth,
    userAgent: navigator.userAgent,
    now: new Date(),
  };
  let showing = false;
  let dialog: typeof import('./popup-dialog') | undefined;
  // A form the visitor is filling in (issue 21): a popup opening by itself would take the focus and
  // the words typed next. Once they have typed in a field of this page, or while one has the focus,
  // a trigger opens nothing on this page view; it is not remembered as seen, so a later view shows it.
  let typed = false;
  const onInput = (e: Event) => {
    if (isTypingField(e.target as HTMLInputElement | null)) typed = true;
  };
  const filling = () => typed || isTypingField(document.activeElement as HTMLInputElement | null);
  const show = async (popup: PagePopup, byAction: boolean) => {
    // One popup at a time; a trigger that fires while one is open waits for no one (it is dropped).
    if (showing) return;
    if (!byAction) {
      if (isSeen(popup) || filling()) return;
      rememberSeen(popup);
    }
    showing = true;
    try {
      dialog = await import('./popup-dialog');
      dialog.openPopup(popup, () => {
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
  // In-page action links (spec 000 §2, §5): a click (Enter, a tap) opens the popup they name; hovering
  // one whose address says `event=hover` opens it too. Delegated on the document: links in content
  // loaded later work, those inside listings too (their own handler runs no popup action).
  const actionOf = (target: EventTarget | null) => {
    const link = (target as Element | null)?.closest?.(ACTION_LINK);
    const action = link ? popupActionOf(link.getAttribute('href')) : null;
    const popup = action ? findPopup(popups, action.popup) : undefined;
    return link && action && popup ? { link, popup, hover: action.hover } : null;
  };
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;
  // The link whose hover or click opened the last popup: once that popup has closed with the pointer
  // still on the link, the browser says the pointer came over the link again (from the overlay that has
  // gone, or from its host), and that opens nothing. The link opens by hover again once the pointer,
  // with no popup open, has been over something else.
  let spent: Element | null = null;
  const onClick = (e: MouseEvent) => {
    const found = actionOf(e.target);
    if (!found) return;
    e.preventDefault();
    clearTimeout(hoverTimer);
    // A click leaves the pointer on the link: once the popup closes, that must not count as a hover.
    if (found.link.matches(':hover')) spent = found.link;
    void show(found.popup, true);
  };
  const onOver = (e: PointerEvent) => {
    if (spent && !showing && !spent.contains(e.target as Node | null)) spent = null;
    const found = e.pointerType === 'mouse' ? actionOf(e.target) : null;
    if (!found?.hover || found.link.contains(e.relatedTarget as Node | null) || found.link === spent) return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => {
      spent = found.link;
      void show(found.popup, true);
    }, HOVER_DELAY_MS);
  };
  const onOut = (e: PointerEvent) => {
    const link = (e.target as Element | null)?.closest?.(ACTION_LINK);
    if (link && !link.contains(e.relatedTarget as Node | null)) clearTimeout(hoverTimer);
  };
  // Screen readers announce that these links open a dialog.
  const marked = [...document.querySelectorAll(ACTION_LINK)].filter(
    (link) => actionOf(link) && !link.hasAttribute('aria-haspopup'),
  );
  for (const link of marked) link.setAttribute('aria-haspopup', 'dialog');

  const unlisten = listen(document, [
    ['input', onInput, true],
    ['jet-engine:store-popup', onStorePopup],
    ['jet-popup:open', onOpen],
    ['click', onClick],
    ['pointerover', onOver],
    ['pointerout', onOut],
  ]);
  return () => {
    for (const stop of stops) stop();
    clearTimeout(hoverTimer);
    for (const link of marked) link.removeAttribute('aria-haspopup');
    unlisten();
    if (showing) dialog?.closePopup();
  };
}
