import { announceContent, postAjax } from '~/lib/wire-client';
import { applyAll, type GroupEnv, mirrorAdditional, restoreAddress } from './group-actions';
import type { GroupStore } from './group-store';

/** spec 001 §9: the filters' scroll to the listing. */
export const SCROLL_MS = 500;

/** The page, as the group's rules (group-actions.ts) use it. */
export const browserEnv: GroupEnv = {
  send: (fields, signal) => postAjax('jet_smart_filters', fields, { signal }),
  address: () => ({ pathname: window.location.pathname, search: window.location.search }),
  pushAddress(url) {
    // One history entry per applied state, in React Router's bookkeeping (idx) but under the same
    // router key: the router restores scroll positions by key, so Back keeps the view where it is
    // instead of jumping to the top of a page it never saw.
    const state = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState({ ...state, idx: (state.idx ?? 0) + 1 }, '', url);
  },
  go(url, newWindow) {
    if (newWindow) window.open(url, '_blank', 'noopener');
    else window.location.assign(url);
  },
  post(url, fields, newWindow) {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = url;
    form.hidden = true;
    if (newWindow) form.target = '_blank';
    for (const [name, value] of fields) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
    form.remove();
  },
  fillFragments(fragments) {
    for (const [selector, html] of Object.entries(fragments)) {
      let targets: NodeListOf<Element>;
      try {
        targets = document.querySelectorAll(selector);
      } catch {
        continue; // not a selector this browser reads
      }
      for (const el of targets) {
        // HTML rendered by our own server from escaped content.
        el.innerHTML = html;
        announceContent(el);
      }
    }
  },
  scrollToListing(listing, topOffset) {
    if (!listing) return;
    const from = window.scrollY;
    const to = Math.max(0, Math.round(listing.getBoundingClientRect().top + from - topOffset));
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      window.scrollTo(0, to);
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / SCROLL_MS);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      window.scrollTo(0, from + (to - from) * eased);
      if (t < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  },
  log(message) {
    console.error(message);
  },
};

/**
 * Starts a group's page bindings once, when its first filter widget mounts: the group form's submit
 * applies the group, and Back/Forward restore its state from the address.
 */
export function bindGroup(store: GroupStore, env: GroupEnv = browserEnv): void {
  if (store.runtime.detach) return;
  store.runtime.submit = () => applyAll(store, env);
  // Back and Forward carry the additional groups along: the address names only this group's state.
  const onPop = () => {
    if (restoreAddress(store, new URL(window.location.href))) mirrorAdditional(store, env);
  };
  window.addEventListener('popstate', onPop);
  store.runtime.detach = () => {
    window.removeEventListener('popstate', onPop);
    store.runtime.submit = null;
    store.runtime.detach = null;
  };
}
