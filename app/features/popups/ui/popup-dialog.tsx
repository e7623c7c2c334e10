import { useEffect, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { createRoot } from 'react-dom/client';
import popupsCss from '~/styles/popups.css?url';
import type { PagePopup } from '../model';

/**
 * The popup dialog (spec 000 §3 "Popup settings", issue 13), loaded only when a trigger fires or an
 * action opens a popup: a React Aria modal (focus moves in and stays there, Escape and a tap outside
 * close it, focus returns to what opened it) in a root of its own, with the page behind it inert.
 * Its content is the popup's template over call 3, fetched once per page.
 */

const templates = new Map<number, Promise<string>>();

/** The popup's template over call 3 (original-wire.md §7: `id`, `dev`), kept for the page's lifetime. */
function popupTemplate(id: number): Promise<string> {
  let html = templates.get(id);
  if (!html) {
    const dev = (window as { schoolSettings?: { devMode?: boolean } }).schoolSettings?.devMode === true;
    html = fetch(`/wp-json/jet-menu-api/v2/get-elementor-template-content?id=${id}&dev=${dev}`, {
      headers: { accept: 'application/json' },
    })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`call 3 answered ${res.status}`))))
      .then((body: { template_content?: unknown }) => {
        if (typeof body.template_content !== 'string') throw new Error('call 3: no template_content');
        return body.template_content;
      });
    html.catch(() => templates.delete(id));
    templates.set(id, html);
  }
  return html;
}

type Opening = { popup: PagePopup; onClosed: () => void; key: number };
let setOpening: ((o: Opening) => void) | null = null;
let first: Opening | null = null;
let opened = 0;

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
        <Dialog aria-label={settings.label} className="jet-popup__dialog" data-popup-id={id}>
          <ClosedWhenGone onGone={onClosed} />
          <div className="jet-popup__bar">
            {closable ? (
              <button type="button" className="jet-popup__close" aria-label="Tutup" onClick={() => setOpen(false)}>
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
          <PopupContent id={id} />
        </Dialog>
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

/** The template's HTML (the site's own, sanitized by the server's renderer), or its loading or failure line. */
function PopupContent({ id }: { id: number }) {
  const [state, setState] = useState<{ html: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    popupTemplate(id).then(
      (html) => live && setState({ html }),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (typeof state !== 'object') {
    return (
      <p className="jet-popup__status" role="status">
        {state === 'failed' ? 'Konten tidak dapat dimuat.' : 'Memuat…'}
      </p>
    );
  }
  return (
    <div
      className="jet-popup__content"
      data-template-id={id}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own template, sanitized by the server's renderer
      dangerouslySetInnerHTML={{ __html: state.html }}
    />
  );
}
