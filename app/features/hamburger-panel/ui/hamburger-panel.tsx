import { lazyModule } from '~/lib/lazy-module';
import { EnhancedDetails } from '~/ui/enhanced-details';

const sidePanel = lazyModule(() => import('./hamburger-side-panel'));
const SidePanel = sidePanel.component((m) => m.default);

/**
 * The header's hamburger panel (issue 12) as the server sends it: a `<details>` toggle, replaced by
 * the side panel (hamburger-side-panel.tsx) once its code is here; a tap made before is kept. The
 * panel's content is a template fetched by script (call 16), so without scripts the toggle is hidden
 * (hamburger-panel.css). In every page's entry: kept this small.
 */
export function HamburgerPanel(props: { templateId: number }) {
  return (
    <EnhancedDetails
      className="hamburger-panel"
      summary="Panel informasi"
      enhanced={SidePanel}
      preload={sidePanel.load}
      props={props}
    />
  );
}
