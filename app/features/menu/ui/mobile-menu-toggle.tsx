import { lazy } from 'react';
import { EnhancedDetails } from '~/ui/enhanced-details';
import type { MobileMenuProps } from './mobile-menu';

const MobileMenu = lazy(() => import('./mobile-menu'));

/*
 * The header's mobile menu as the server sends it (issue 12): a `<details>` whose summary reveals the
 * whole main menu (CSS) without JavaScript; the enhanced menu takes over once its code is here
 * (EnhancedDetails: on the first tap, when the browser is idle on a narrow window, or as soon as the
 * window becomes narrow).
 */
export type MobileMenuToggleProps = Omit<MobileMenuProps, 'details'>;

/** See the module's comment: the server's toggle, and the enhanced menu once its code is here. */
export function MobileMenuToggle(props: MobileMenuToggleProps) {
  return (
    <EnhancedDetails
      className="mobile-menu"
      summary={props.settings.toggleText || 'Menu'}
      idleWhen="(max-width:1024px)"
      enhanced={MobileMenu}
      props={props}
    />
  );
}
