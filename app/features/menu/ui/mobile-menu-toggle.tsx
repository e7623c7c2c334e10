import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isCurrentUrl } from '../model';
import type { MobileMenuProps } from './mobile-menu';

const MobileMenu = lazy(() => import('./mobile-menu'));

/*
 * The header's mobile menu as the server sends it (issue 12): a `<details>` whose summary reveals the
 * whole main menu (CSS) without JavaScript. The enhanced menu's code loads on the first tap, or when
 * the browser is idle on a narrow window, and takes over from the `<details>`, open or not, so a tap
 * made while the script loads is kept. Kept tiny: it is in every page's entry (the JavaScript budget).
 */
export type MobileMenuToggleProps = Omit<MobileMenuProps, 'details' | 'isCurrent'>;

/** See the module's comment: the server's toggle, and the enhanced menu once its code is here. */
export function MobileMenuToggle(props: MobileMenuToggleProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const [wanted, want] = useState(false);
  useEffect(() => {
    const now = () => want(true);
    if (details.current?.open) now();
    // Where idle callbacks are missing (Safari), the code loads on the first tap.
    else if (matchMedia('(max-width:1024px)').matches) window.requestIdleCallback?.(now);
  }, []);
  return (
    <>
      <details className="mobile-menu" ref={details} onToggle={() => want(true)}>
        <summary className="mobile-menu__toggle">{props.settings.toggleText || 'Menu'}</summary>
      </details>
      {wanted ? (
        <Suspense>
          <MobileMenu {...props} details={details} isCurrent={isCurrentUrl} />
        </Suspense>
      ) : null}
    </>
  );
}
