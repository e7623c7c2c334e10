import { lazyModule } from '~/lib/lazy-module';
import { EnhancedDetails } from '~/ui/enhanced-details';
import type { MobileMenuProps } from './mobile-menu';

const mobileMenu = lazyModule(() => import('./mobile-menu'));
const MobileMenu = mobileMenu.component<MobileMenuProps>((m) => m.default);

/*
 * The header's mobile menu as the server sends it (issue 12): a `<details>` whose summary reveals the
 * whole main menu (CSS) without JavaScript; the enhanced menu (React Aria's dialog and modal: its own
 * chunks) takes over once its code is here (EnhancedDetails: fetched when a finger or the focus reaches
 * the toggle, shown on the first tap or keyboard focus, or as soon as the window becomes narrow). A
 * phone that never opens the menu never downloads it (issue 24).
 */
export type MobileMenuToggleProps = Omit<MobileMenuProps, 'details'>;

/** See the module's comment: the server's toggle, and the enhanced menu once its code is here. */
export function MobileMenuToggle(props: MobileMenuToggleProps) {
  return (
    <EnhancedDetails
      className="mobile-menu"
      summary={props.settings.toggleText || 'Menu'}
      loadWhen="(max-width:1024px)"
      enhanced={MobileMenu}
      preload={mobileMenu.load}
      props={props}
    />
  );
}
