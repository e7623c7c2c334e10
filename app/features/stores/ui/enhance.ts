import { AJAX_URL, getRestNonce } from '~/wire/client';
import {
  addToList,
  clickIntent,
  frontStoreKey,
  fullMessage,
  isFrontStore,
  parseStoredIds,
  removeFromList,
  STORES,
  type StoreButtonArgs,
  storeActionName,
  storeBySlug,
} from '../model';

/**
 * The store buttons' browser half (spec 000 §4 "Store button", §8): a lazy chunk loaded by the count
 * badge widget, never by the site's always-loaded code. It takes over the buttons' plain forms by one
 * listener on the document, so buttons in content loaded later (load more, filters) work too.
 *
 * Hooks for other features (documented in the report of issue 13):
 * - `jet-engine:store-popup` (cancelable, bubbles from the button; detail `{popup, store, post_id}`):
 *   a click on a button already in the store whose settings name a popup. A popups feature opens the
 *   popup and calls `preventDefault()`; unhandled, the button follows its added link or removes.
 * - `jet-engine:store-sync` (bubbles from the element whose id is the button's `synch_id`): that listing
 *   should refresh (the saved pages revalidate their data on it).
 * - `jet-engine-data-stores-on-add` / `jet-engine-data-stores-on-remove` on the document (detail: the
 *   button's arguments), as the original fires them.
 */

/** slug → ids, for the stores whose state is known. */
const state = new Map<string, number[]>();
let ready: Promise<void> | undefined;

/** Starts the store code once per page load; resolves when the visitor's state is shown. */
export function startStores(): Promise<void> {
  if (ready) return ready.then(() => render(document));
  noticeBox();
  document.addEventListener('submit', onSubmit);
  new MutationObserver((records) => {
    if (records.some((r) => [...r.addedNodes].some((n) => n instanceof Element))) queueRender();
  }).observe(document.body, { childList: true, subtree: true });
  ready = loadState().then(() => render(document));
  return ready;
}

let queued = false;
function queueRender() {
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    render(document);
  });
}

async function loadState(): Promise<void> {
  for (const s of STORES) if (isFrontStore(s)) state.set(s.slug, readFront(s.slug));
  try {
    const res = await fetch(`${AJAX_URL}?action=jet_engine_store_state`, {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    const body = (await res.json()) as { success?: boolean; data?: { stores?: Record<string, number[]> } };
    for (const [slug, ids] of Object.entries(body.data?.stores ?? {})) if (Array.isArray(ids)) state.set(slug, ids);
  } catch {
    // Offline or a server error: the server stores' buttons keep their initial state (and still work).
  }
}

function readFront(slug: string): number[] {
  try {
    return parseStoredIds(localStorage.getItem(frontStoreKey(slug)));
  } catch {
    return [];
  }
}

function writeFront(slug: string, ids: number[]): void {
  localStorage.setItem(frontStoreKey(slug), ids.join(','));
}

function argsOf(button: HTMLElement): StoreButtonArgs | null {
  try {
    return JSON.parse(button.dataset.args ?? '') as StoreButtonArgs;
  } catch {
    return null;
  }
}

/** Shows every button and badge under `root` in the state known for its store. */
function render(root: ParentNode) {
  for (const button of root.querySelectorAll<HTMLElement>('[data-store-form] [data-store][data-post]')) {
    const ids = state.get(button.dataset.store ?? '');
    if (ids) showButton(button, ids.includes(Number(button.dataset.post)));
  }
  for (const [slug, ids] of state) setCount(slug, ids.length);
}

function setCount(slug: string, count: number) {
  for (const badge of document.querySelectorAll<HTMLElement>(`.jet-engine-data-store-count[data-store="${slug}"]`)) {
    const text = String(count);
    if (badge.textContent !== text) badge.textContent = text;
  }
}

/** Spec 000 §4: the initial or the added state (label, icon, the form's operation; hidden for `hide`). */
function showButton(button: HTMLElement, inStore: boolean) {
  const args = argsOf(button);
  if (!args) return;
  const form = button.closest('form');
  const removeOnly = button.dataset.op === 'remove';
  button.dataset.inStore = String(inStore);
  button.classList.toggle('in-store', inStore);
  const [icon, addedIcon] = (button.dataset.icons ?? '|').split('|');
  const iconEl = button.querySelector('.jet-data-store-link__icon');
  const labelEl = button.querySelector('.jet-data-store-link__label');
  if (iconEl) iconEl.textContent = inStore ? (addedIcon ?? '') : (icon ?? '');
  const label = inStore ? args.added_label : args.label;
  if (labelEl) labelEl.textContent = label;
  button.setAttribute('aria-label', `${label}: ${button.dataset.title ?? ''}`);
  const op = form?.querySelector<HTMLInputElement>('input[name="op"]');
  if (op) op.value = inStore ? 'remove' : 'add';
  if (form) form.hidden = (args.action_after_added === 'hide' && inStore) || (removeOnly && !inStore);
}

async function onSubmit(event: SubmitEvent) {
  const form =
    event.target instanceof HTMLFormElement && event.target.matches('[data-store-form]') ? event.target : null;
  const button = form?.querySelector<HTMLElement>('[data-store][data-post]');
  const args = button ? argsOf(button) : null;
  if (!form || !button || !args) return;
  event.preventDefault();
  if (button.classList.contains('jet-store-processing')) return;
  const store = storeBySlug(args.store.slug);
  // An unknown store (or type) does nothing (spec 000 §5).
  if (!store || store.type !== args.store.type) return;
  const postId = Number(args.post_id);
  const inStore = button.dataset.inStore === 'true';
  let intent = clickIntent(args, inStore);
  if (intent === 'popup') {
    const detail = { popup: args.popup, store: store.slug, post_id: postId };
    const unhandled = button.dispatchEvent(
      new CustomEvent('jet-engine:store-popup', { bubbles: true, cancelable: true, detail }),
    );
    if (!unhandled) return;
    intent = args.added_url ? 'follow' : 'remove';
  }
  if (intent === 'follow') {
    if (args.target === '_blank') window.open(args.added_url, '_blank', 'noopener');
    else window.location.assign(args.added_url);
    return;
  }
  const op = intent === 'add' ? 'add' : 'remove';
  const count = isFrontStore(store)
    ? changeFront(store.slug, store.size, postId, op)
    : await changeServer(button, op, store.slug, postId);
  if (count === null) return;
  afterChange(button, args, op);
}

/** A local-storage store: the original's rules (a full store refuses, nothing changes). */
function changeFront(slug: string, size: number, postId: number, op: 'add' | 'remove'): number | null {
  const ids = readFront(slug);
  let next: number[];
  if (op === 'add') {
    const result = addToList(ids, postId, size);
    if (!result.ok) {
      notify(fullMessage(storeBySlug(slug) ?? { name: slug, size }), true);
      return null;
    }
    next = result.ids;
  } else {
    next = removeFromList(ids, postId);
  }
  try {
    writeFront(slug, next);
  } catch {
    notify('Peramban ini tidak dapat menyimpan data.', true);
    return null;
  }
  update(slug, next);
  return next.length;
}

interface StoreAnswer {
  success?: boolean;
  data?: {
    count?: number;
    fragments?: Record<string, unknown> | unknown[];
    message?: string;
    notice?: string;
    code?: string;
  };
}

/** Calls 5 and 6 with the REST nonce (refreshed and retried once when the server says it is stale). */
async function callStore(op: 'add' | 'remove', slug: string, postId: number, fresh = false): Promise<Response> {
  const body = new URLSearchParams({ action: storeActionName(op, slug), store: slug, post_id: String(postId) });
  const res = await fetch(AJAX_URL, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { 'x-wp-nonce': await getRestNonce(fresh) },
  });
  if (res.status !== 403 || fresh) return res;
  const error = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return error?.code === 'rest_cookie_invalid_nonce' ? callStore(op, slug, postId, true) : res;
}

/** A server store: dimmed while the call runs (opacity 0.3), restored after it whatever happens (spec 000 §8). */
async function changeServer(
  button: HTMLElement,
  op: 'add' | 'remove',
  slug: string,
  postId: number,
): Promise<number | null> {
  button.style.opacity = '0.3';
  button.classList.add('jet-store-processing');
  button.setAttribute('aria-busy', 'true');
  document.dispatchEvent(
    new CustomEvent(op === 'add' ? 'jet-engine-on-add-to-store' : 'jet-engine-on-remove-from-store', {
      detail: { slug, postId },
    }),
  );
  try {
    const res = await callStore(op, slug, postId);
    const answer = (await res.json().catch(() => null)) as StoreAnswer | null;
    if (!answer?.success) {
      notify(
        answer?.data?.notice ?? answer?.data?.message ?? `Gagal menyimpan (${res.status} ${res.statusText}).`,
        true,
      );
      if (answer?.data?.code === 'store_full') update(slug, state.get(slug) ?? []);
      return null;
    }
    const ids = state.get(slug) ?? [];
    update(slug, op === 'add' ? addToList(ids, postId, 0).ids : removeFromList(ids, postId), answer.data?.count);
    const fragments = answer.data?.fragments;
    if (fragments && !Array.isArray(fragments)) {
      for (const [selector, value] of Object.entries(fragments)) {
        for (const el of document.querySelectorAll(selector)) el.textContent = String(value);
      }
    }
    return answer.data?.count ?? 0;
  } catch (error) {
    notify(`Gagal menyimpan: ${error instanceof Error ? error.message : String(error)}`, true);
    return null;
  } finally {
    button.style.opacity = '';
    button.classList.remove('jet-store-processing');
    button.removeAttribute('aria-busy');
  }
}

/** Records a store's new ids and shows them on every button and badge of the page. */
function update(slug: string, ids: number[], count = ids.length) {
  state.set(slug, ids);
  render(document);
  setCount(slug, count);
}

function afterChange(button: HTMLElement, args: StoreButtonArgs, op: 'add' | 'remove') {
  const name = storeBySlug(args.store.slug)?.name ?? args.store.slug;
  notify(op === 'add' ? `Ditambahkan ke ${name}.` : `Dihapus dari ${name}.`, false);
  document.dispatchEvent(
    new CustomEvent(op === 'add' ? 'jet-engine-data-stores-on-add' : 'jet-engine-data-stores-on-remove', {
      detail: args,
    }),
  );
  if (op === 'remove' && args.remove_from_listing) {
    const item = button.closest<HTMLElement>('[data-store-item], .jet-listing-grid__item');
    if (item) {
      // Hidden, not removed: the listing may be React's; its focus goes to the listing.
      const list = item.parentElement?.closest<HTMLElement>('[data-store-list]') ?? null;
      item.hidden = true;
      list?.focus();
    }
  }
  if (args.synch_id)
    document.getElementById(args.synch_id)?.dispatchEvent(new CustomEvent('jet-engine:store-sync', { bubbles: true }));
}

/** One message area for the page: status for news, alert for errors (spec 000 §8 shows them in an alert box). */
function notify(message: string, error: boolean) {
  const box = noticeBox();
  box.setAttribute('role', error ? 'alert' : 'status');
  box.dataset.kind = error ? 'error' : 'info';
  box.textContent = message;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    box.textContent = '';
  }, NOTICE_MS);
}

/** The message area, made empty when the code starts: a live region must exist before it speaks. */
function noticeBox(): HTMLElement {
  let box = document.getElementById('store-notice');
  if (!box) {
    box = document.createElement('div');
    box.id = 'store-notice';
    box.className = 'store-notice';
    box.setAttribute('role', 'status');
    document.body.append(box);
  }
  return box;
}

/** How long a notice stays (long enough to read twice; errors also went to screen readers at once). */
const NOTICE_MS = 10_000;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
