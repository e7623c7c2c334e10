import { useEffect } from 'react';
import { coveredTop, smoothScrollTo } from '~/lib/smooth-scroll';

/** Height hidden under the admin bar and the sticky header at this moment. */
function scrollToElement(target: Element) {
  smoothScrollTo(target, coveredTop());
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
