import { useEffect, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
// Keeps react-dom in one chunk with react-dom/client (the entry's), as the mobile menu does: without
// this edge Rollup may split react-dom into a chunk of its own for this lazy module (the JS budget).
import 'react-dom/client';
import { type DetailsTakeover, useTakeOver } from '~/ui/enhanced-details';

const PANEL_ID = 'hamburger-panel';
const LABEL = 'Panel informasi';

// The template is fetched once and kept for the page's lifetime (issue 12: "loaded once, cached");
// a failed fetch is forgotten, so the next opening tries again.
const templates = new Map<number, Promise<string>>();

/**
 * The panel's template over call 16, with the query the JetBlocks client sends (original-wire.md §7).
 * A plain fetch, as the mobile menu's: the route is a read that needs no nonce, and wire/client.ts
 * imported here would split into a chunk of its own that every page loads (the JS budget).
 */
function panelTemplate(id: number): Promise<string> {
  let html = templates.get(id);
  if (!html) {
    const dev = (window as { schoolSettings?: { devMode?: boolean } }).schoolSettings?.devMode === true;
    html = fetch(`/wp-json/jet-blocks-api/v1/elementor-template?id=${id}&dev=${dev}&cachedTemplate=true`, {
      headers: { accept: 'application/json' },
    })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`call 16 answered ${res.status}`))))
      .then((body: { template_content?: unknown }) => {
        if (typeof body.template_content !== 'string') throw new Error('call 16: no template_content');
        return body.template_content;
      });
    html.catch(() => templates.delete(id));
    templates.set(id, html);
  }
  return html;
}

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
            <PanelContent id={templateId} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

/** The template's HTML (the site's own, sanitized by the server's renderer), or its loading or failure line. */
function PanelContent({ id }: { id: number }) {
  const [state, setState] = useState<{ html: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    panelTemplate(id).then(
      (html) => live && setState({ html }),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const html = typeof state === 'object' ? state.html : null;
  if (html === null) {
    return (
      <p className="hamburger-side-panel__status" role="status">
        {state === 'failed' ? 'Konten tidak dapat dimuat.' : 'Memuat…'}
      </p>
    );
  }
  return (
    <div
      className="hamburger-side-panel__content"
      data-template-id={id}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own template, sanitized by the server's renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
