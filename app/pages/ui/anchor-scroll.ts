import { useEffect } from 'react';
import { coveredTop, smoothScrollTo } from '~/lib/smooth-scroll';

/** Height hidden under the admin bar and the sticky header at this moment. */
function scrollToElement(target: Element) {
  smoothScrollTo(target, coveredTop());
}

/** The event a page widget hears when a hash link points into it (issue 22: a tab, a toggle). */
export const REVEAL_EVENT = 'behaviour:reveal';

/**
 * Shows a link's target that a widget hides: the widgets around it hear REVEAL_EVENT (a tab selects
 * its panel, a toggle opens), and what the browser would do on its own is done (the page's hash links
 * are scrolled by script, not by the browser): closed `<details>` open, `hidden="until-found"` ends.
 */
function reveal(target: Element) {
  target.dispatchEvent(new CustomEvent(REVEAL_EVENT, { bubbles: true }));
  for (let el: Element | null = target; el; el = el.parentElement) {
    if (el instanceof HTMLDetailsElement && !el.open) el.open = true;
    if (el.getAttribute('hidden') === 'until-found') el.removeAttribute('hidden');
  }
}

/**
 * spec 000 §2: same-page hash links scroll smoothly over 500 ms, offset by the admin bar and any
 * sticky section; `?theme_template_id=` scrolls to that template's element. Delegated on the
 * document, so content loaded later needs nothing.
 */
export function useAnchorScroll() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]') as HTMLAnchorElement | null;
      if (!link || link.origin !== window.location.origin || link.pathname !== window.location.pathname) return;
      const id = decodeURIComponent(link.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      event.preventDefault();
      window.history.pushState(window.history.state, '', link.hash);
      reveal(target);
      scrollToElement(target);
      // Move keyboard focus along with the view.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick);
    const templateId = new URLSearchParams(window.location.search).get('theme_template_id');
    if (templateId && /^\d+$/.test(templateId)) {
      const el = document.querySelector(`[data-elementor-id="${templateId}"]`);
      if (el) scrollToElement(el);
    }
    return () => document.removeEventListener('click', onClick);
  }, []);
}
