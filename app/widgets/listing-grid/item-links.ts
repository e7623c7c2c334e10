import { ACTION_MARKER, itemClickTarget, parseActionUrl, type UrlAction } from './model';

/**
 * Links inside listings (spec 000 §2, §5), bound once on a listing's root so that pages appended
 * later work too: clickable items (`[data-url]`, `data-target="_blank"` for a new tab), delete links
 * that ask first (`.jet-engine-delete-post`, `data-delete-message`), and in-page action links
 * (`#jet-engine-action&action=…&event=click|hover`) that run a registered handler.
 */

export type UrlActionHandler = (settings: Record<string, string>, link: Element) => void;

const handlers = new Map<string, UrlActionHandler>();

/** Registers the handler of an in-page action (JetEngine's `customUrlActions.addAction`). */
export function registerUrlAction(name: string, handler: UrlActionHandler): () => void {
  handlers.set(name, handler);
  return () => {
    if (handlers.get(name) === handler) handlers.delete(name);
  };
}

/** Runs an action link's handler; without an action or a handler nothing happens (spec 000 §5). */
export function runUrlAction(action: UrlAction | null, link: Element): boolean {
  const handler = action ? handlers.get(action.action) : undefined;
  if (!action || !handler) return false;
  handler(action.settings, link);
  return true;
}

/** The hover action waits this long, so that a pointer passing over does not run it. */
const HOVER_DELAY_MS = 200;

const CONTROLS = 'a, button, input, select, textarea, label, summary, [role="button"]';

export function bindItemLinks(root: HTMLElement, win: Window = window): () => void {
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;

  const onClick = (e: MouseEvent) => {
    const target = e.target as Element | null;
    if (!target?.closest) return;
    const del = target.closest<HTMLAnchorElement>('a.jet-engine-delete-post');
    if (del && root.contains(del)) {
      e.preventDefault();
      const message = del.dataset.deleteMessage || 'Hapus item ini?';
      if (win.confirm(message)) win.location.assign(del.href);
      return;
    }
    const link = target.closest(`a[href^="${ACTION_MARKER}"]`);
    if (link && root.contains(link)) {
      // An action link is never followed as an address; a click runs it unless it runs on hover.
      e.preventDefault();
      const action = parseActionUrl(link.getAttribute('href'));
      if (action?.event === 'click') runUrlAction(action, link);
      return;
    }
    const item = target.closest<HTMLElement>('[data-url]');
    if (!item || !root.contains(item)) return;
    const url = item.dataset.url ?? null;
    if (url?.startsWith(ACTION_MARKER)) {
      runUrlAction(parseActionUrl(url), item);
      return;
    }
    const onControl = !!target.closest(CONTROLS) && item.contains(target.closest(CONTROLS));
    const modified = e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey;
    const to = itemClickTarget(url, { onControl, modified });
    if (!to) return;
    e.preventDefault();
    if (item.dataset.target === '_blank') win.open(to, '_blank', 'noopener');
    else win.location.assign(to);
  };

  const onOver = (e: MouseEvent) => {
    const target = e.target as Element | null;
    const el = target?.closest?.(`a[href^="${ACTION_MARKER}"], [data-url^="${ACTION_MARKER}"]`);
    if (!el || !root.contains(el) || el.contains(e.relatedTarget as Node | null)) return;
    const action = parseActionUrl(el.getAttribute('href') ?? el.getAttribute('data-url'));
    if (action?.event !== 'hover') return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => runUrlAction(action, el), HOVER_DELAY_MS);
  };
  const onOut = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest?.(`[href^="${ACTION_MARKER}"], [data-url^="${ACTION_MARKER}"]`);
    if (el && !el.contains(e.relatedTarget as Node | null)) clearTimeout(hoverTimer);
  };

  root.addEventListener('click', onClick);
  root.addEventListener('mouseover', onOver);
  root.addEventListener('mouseout', onOut);
  // Says the links are live (a click before then follows the plain link).
  root.setAttribute('data-item-links', '');
  return () => {
    root.removeAttribute('data-item-links');
    clearTimeout(hoverTimer);
    root.removeEventListener('click', onClick);
    root.removeEventListener('mouseover', onOver);
    root.removeEventListener('mouseout', onOut);
  };
}
