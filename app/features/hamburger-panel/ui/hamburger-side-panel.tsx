import { useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
// Keeps react-dom in one chunk with react-dom/client (the entry's), as the mobile menu does: without
// this edge Rollup may split react-dom into a chunk of its own for this lazy module (the JS budget).
import 'react-dom/client';
import { type DetailsTakeover, useTakeOver } from '~/ui/enhanced-details';
import { devMode, TemplateHtml } from '~/ui/template-html';

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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // Takes over the server's <details>: a tap made while this code loaded opened it, so the panel opens.
  useTakeOver(details, button, setOpen);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="hamburger-panel__toggle"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen((o) => !o)}
      >
        {LABEL}
      </button>
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="hamburger-panel-overlay">
        <Modal className="hamburger-side-panel">
          <Dialog id={PANEL_ID} aria-label={LABEL} className="hamburger-side-panel__dialog">
            <div className="hamburger-side-panel__bar">
              <button
                type="button"
                className="hamburger-side-panel__close"
                aria-label="Tutup panel"
                onClick={() => setOpen(false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <TemplateHtml
              url={panelTemplateUrl(templateId)}
              id={templateId}
              className="hamburger-side-panel__content"
              statusClassName="hamburger-side-panel__status"
            />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
