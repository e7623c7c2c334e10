import { Modal, ModalOverlay } from 'react-aria-components';
// Keeps react-dom in one chunk with react-dom/client (the entry's), as the mobile menu does: without
// this edge Rollup may split react-dom into a chunk of its own for this lazy module (the JS budget).
import 'react-dom/client';
import type { DetailsTakeover } from '~/ui/enhanced-details';
import { TemplateDialog } from '~/ui/template-dialog';
import { devMode } from '~/ui/template-html';
import { useDetailsDialog } from '~/ui/use-details-dialog';

const PANEL_ID = 'hamburger-panel';
const LABEL = 'Panel informasi';

/** The panel's template over call 16, with the query the JetBlocks client sends (original-wire.md §7). */
const panelTemplateUrl = (id: number) =>
  `/wp-json/jet-blocks-api/v1/elementor-template?id=${id}&dev=${devMode()}&cachedTemplate=true`;

/**
 * The enhanced hamburger panel (issue 12, spec 000 §4 "Hamburger panel toggles open-state"): a button
 * whose aria-expanded shows the open state, and a modal side panel from the right (Escape, the close
 * button and a tap outside close it; the focus moves in and returns to the button; the page does not
 * scroll behind it) that shows the stored template. The saved-items panel will live here.
 */
export default function HamburgerSidePanel({ templateId, details }: { templateId: number } & DetailsTakeover) {
  const { open, setOpen, toggleProps } = useDetailsDialog(details);

  return (
    <>
      <button
        {...toggleProps}
        className="hamburger-panel__toggle"
        aria-controls={PANEL_ID}
        onClick={() => setOpen((o) => !o)}
      >
        {LABEL}
      </button>
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="hamburger-panel-overlay">
        <Modal className="hamburger-side-panel">
          <TemplateDialog
            block="hamburger-side-panel"
            id={PANEL_ID}
            aria-label={LABEL}
            closeLabel="Tutup panel"
            onClose={() => setOpen(false)}
            templateUrl={panelTemplateUrl(templateId)}
            templateId={templateId}
          />
        </Modal>
      </ModalOverlay>
    </>
  );
}
