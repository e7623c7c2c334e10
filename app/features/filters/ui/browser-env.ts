import { smoothScrollTo } from '~/lib/smooth-scroll';
import { announceContent, postAjax } from '~/wire/client';
import { applyAll, type GroupEnv, mirrorAdditional, restoreAddress } from './group-actions';
import type { GroupStore } from './group-store';

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
    if (listing) smoothScrollTo(listing, topOffset);
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
