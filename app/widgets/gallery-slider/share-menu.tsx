import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  addToolbarButton,
  createIcon,
  IconButton,
  type PluginProps,
  type Slide,
  useLightboxState,
} from 'yet-another-react-lightbox';
import type {} from 'yet-another-react-lightbox/plugins/share';
import { shareLinks } from '~/widgets/share/model';

/**
 * The lightbox's share button for browsers without a share sheet (spec 000 §9 "Slider defaults":
 * share enabled; "Share networks"). Where `navigator.share` exists the library's own Share plugin
 * opens the system's sheet; elsewhere (desktop Chromium, Firefox) this plugin puts a button in the
 * toolbar that discloses a list of share links, and "Salin tautan", to what the photo's slide says
 * to share (its `share`, the address and title the Share plugin reads too).
 * A disclosure of plain links (not an ARIA menu): each is a link a visitor may open in a new tab;
 * Tab and the arrow keys move along them, Escape closes the list and gives the focus back.
 */
export function ShareMenuPlugin({ augment }: PluginProps) {
  augment(({ toolbar, ...rest }) => ({
    toolbar: addToolbarButton(toolbar, 'share-menu', <ShareMenu />),
    ...rest,
  }));
}

const ShareIcon = createIcon(
  'ShareMenuIcon',
  <path d="M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11A2.99 2.99 0 0 0 21 5a3 3 0 1 0-5.91.7L8.04 9.81A2.99 2.99 0 0 0 3 12a3 3 0 0 0 5.04 2.19l7.12 4.16c-.05.21-.08.43-.08.65A2.92 2.92 0 1 0 18 16.08z" />,
);

type Copied = 'yes' | 'no' | null;

function ShareMenu() {
  const { currentIndex, currentSlide } = useLightboxState();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<Copied>(null);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const manual = useRef<HTMLInputElement>(null);
  const { url, title } = shareOf(currentSlide);

  // Another photo, another address: what was copied no longer is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the photo changes
  useEffect(() => setCopied(null), [currentIndex]);

  // A press outside the list closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  useEffect(() => {
    if (copied === 'no') manual.current?.select();
  }, [copied]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setCopied(null);
    if (refocus) toggle.current?.focus();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure page, a refused permission): the address to copy by hand.
      setCopied('no');
    }
  };

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[data-share-item]') ?? [])];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!open) {
      if (e.key === 'ArrowDown' && e.target === toggle.current) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(true);
        requestAnimationFrame(() => items()[0]?.focus());
      }
      return;
    }
    // While the list is open its keys are its own: the lightbox neither closes nor changes photo.
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) {
      e.preventDefault();
      e.stopPropagation();
      const all = items();
      const at = all.indexOf(document.activeElement as HTMLElement);
      const last = all.length - 1;
      const next =
        e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? last
            : e.key === 'ArrowDown' || e.key === 'ArrowRight'
              ? at < 0 || at === last
                ? 0
                : at + 1
              : at <= 0
                ? last
                : at - 1;
      all[next]?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys of the list's links and button, handled together
    <div
      className="gallery-share"
      ref={root}
      onKeyDown={onKeyDown}
      // The lightbox's gestures (swipe, pull, double tap) stay off the list.
      onPointerDown={(e) => e.stopPropagation()}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null) && e.relatedTarget) close(false);
      }}
    >
      <IconButton
        ref={toggle}
        label="Share"
        icon={ShareIcon}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => (open ? close(false) : setOpen(true))}
      />
      <div className="gallery-share__panel" id={listId} hidden={!open}>
        <ul className="gallery-share__list" aria-label="Bagikan foto">
          {shareLinks(url, title).map((link) => (
            <li key={link.network}>
              <a
                data-share-item=""
                className="gallery-share__item"
                href={link.href}
                {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                onClick={() => close(false)}
              >
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <button data-share-item="" type="button" className="gallery-share__item" onClick={copy}>
              Salin tautan
            </button>
          </li>
        </ul>
        {copied === 'no' ? (
          <label className="gallery-share__manual">
            Salin tautan ini:
            <input ref={manual} type="text" readOnly value={url} />
          </label>
        ) : null}
        {/* There from the list's opening on, so that what it says is announced. */}
        <p className="gallery-share__status" role="status">
          {copied === 'yes' ? 'Tautan disalin' : copied === 'no' ? 'Tautan tidak dapat disalin otomatis' : ''}
        </p>
      </div>
    </div>
  );
}

/** What a slide shares: its `share` address and title, else the page's. */
function shareOf(slide: Slide | undefined): { url: string; title: string } {
  const share = slide?.share;
  const fallback = { url: window.location.href, title: document.title };
  if (typeof share === 'string') return { ...fallback, url: share };
  if (typeof share === 'object') return { url: share.url ?? fallback.url, title: share.title ?? fallback.title };
  return fallback;
}
