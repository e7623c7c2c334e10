import { useEffect, useRef, useState } from 'react';
import { Modal, ModalOverlay } from 'react-aria-components';
import { createRoot } from 'react-dom/client';
import popupsCss from '~/styles/popups.css?url';
import { TemplateDialog } from '~/ui/template-dialog';
import { devMode } from '~/ui/template-html';
import type { PagePopup } from '../model';

/**
 * The popup dialog (spec 000 §3 "Popup settings", issue 13), loaded only when a trigger fires or an
 * action opens a popup: a React Aria modal (focus moves in and stays there, Escape and a tap outside
 * close it, focus returns to what opened it) in a root of its own, with the page behind it inert.
 * Its content is the popup's template over call 3, fetched once per page.
 */

/** The popup's template over call 3 (original-wire.md §7: `id`, `dev`). */
const popupTemplateUrl = (id: number) =>
  `/wp-json/jet-menu-api/v2/get-elementor-template-content?id=${id}&dev=${devMode()}`;

type Opening = { popup: PagePopup; onClosed: () => void; key: number };
let setOpening: ((o: Opening) => void) | null = null;
let first: Opening | null = null;
let opened = 0;
/** Closes the popup open now (with its exit animation). */
let closeOpen: (() => void) | null = null;

/** Opens a popup; `onClosed` runs once it has closed. */
export function openPopup(popup: PagePopup, onClosed: () => void): void {
  const o = { popup, onClosed, key: ++opened };
  if (setOpening) {
    setOpening(o);
    return;
  }
  first = o;
  const host = document.createElement('div');
  host.className = 'jet-popup-host';
  document.body.append(host);
  createRoot(host).render(<PopupHost />);
}

/** Closes the popup open now, if any: its page has been left by a client-side navigation. */
export function closePopup(): void {
  closeOpen?.();
}

function PopupHost() {
  const [opening, set] = useState<Opening | null>(first);
  useEffect(() => {
    setOpening = set;
    return () => {
      setOpening = null;
    };
  }, []);
  return (
    <>
      <link rel="stylesheet" href={popupsCss} precedence="default" />
      {opening ? <Popup key={opening.key} popup={opening.popup} onClosed={opening.onClosed} /> : null}
    </>
  );
}

function Popup({ popup, onClosed }: { popup: PagePopup; onClosed: () => void }) {
  const { id, settings } = popup;
  const [open, setOpen] = useState(true);
  const [closable, setClosable] = useState(settings.closeButtonDelay === 0);
  const overlay = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    closeOpen = () => setOpen(false);
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    if (settings.closeButtonDelay > 0)
      timers.push(setTimeout(() => setClosable(true), settings.closeButtonDelay * 1000));
    if (settings.closeAutomatically > 0)
      timers.push(setTimeout(() => setOpen(false), settings.closeAutomatically * 1000));
    // The page behind is inert while the popup is open: no focus, no clicks, no screen reader.
    // The overlay is portalled to the body: every other child of the body goes inert.
    const mine = overlay.current;
    const made = [...document.body.children].filter((el) => !(mine && el.contains(mine)) && !el.hasAttribute('inert'));
    for (const el of made) el.setAttribute('inert', '');
    return () => {
      closeOpen = null;
      for (const t of timers) clearTimeout(t);
      for (const el of made) el.removeAttribute('inert');
    };
  }, [open, settings.closeButtonDelay, settings.closeAutomatically]);

  return (
    <ModalOverlay
      ref={overlay}
      isOpen={open}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
      }}
      isDismissable
      className={`jet-popup-overlay jet-popup-overlay--in-${settings.entranceAnimation} jet-popup-overlay--out-${settings.exitAnimation}`}
    >
      <Modal
        className={`jet-popup jet-popup--in-${settings.entranceAnimation} jet-popup--out-${settings.exitAnimation}`}
      >
        <TemplateDialog
          block="jet-popup"
          aria-label={settings.label}
          data-popup-id={id}
          closeLabel={closable ? 'Tutup' : null}
          onClose={() => setOpen(false)}
          templateUrl={popupTemplateUrl(id)}
          templateId={id}
        >
          <ClosedWhenGone onGone={onClosed} />
        </TemplateDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Tells the watcher once the dialog has left the page (after its exit animation). */
function ClosedWhenGone({ onGone }: { onGone: () => void }) {
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => () => gone.current(), []);
  return null;
}
