import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { createPortal } from 'react-dom';
// Keeps react-dom in one chunk with react-dom/client (the entry's): without this edge Rollup splits react-dom
// into a chunk of its own for this lazy module, and every page downloads one more file (the JS budget).
import 'react-dom/client';
import { Link, useLocation } from 'react-router';
import type { DetailsTakeover } from '~/ui/enhanced-details';
import { useDetailsDialog } from '~/ui/use-details-dialog';
import { holdsCurrentUrl } from '../current';
import { isCurrentUrl, type MenuItemWire, type MenuNode } from '../model';
import type { MenuSettings } from '../settings';
import {
  breadcrumbs,
  escapeTrail,
  fitTrail,
  popStep,
  pushStep,
  stepOf,
  type Trail,
  trailItem,
  truncateTrail,
} from '../trail';
import { menuNodesFromWire } from '../wire-items';
import { getJson, restUrl, TemplateView, templateHtml } from './template-view';

/** The main menu's mobile settings (settings.ts, defaults applied and the back text decided by the server). */
export type MobileSettings = MenuSettings['mobile'] & { backText: string };

/** What the header gives the mobile menu. */
export interface MobileMenuProps extends DetailsTakeover {
  /** The items the server rendered; replaced by call 4's answer once it comes. */
  items: MenuNode[];
  menuId: number;
  settings: MobileSettings;
  /** The live search field shown in the panel (composed by the layout: features do not import each other). */
  search?: ReactNode;
  /**
   * The header's controls that have no room in a phone's one-row header (the account links, the
   * hamburger panel's button): shown at the end of the panel on a phone (CSS), composed by the layout.
   */
  extras?: ReactNode;
}

const PANEL_ID = 'mobile-menu-panel';

/** The header templates (0 is none) whose loading the loader waits for, as the original does. */
function usePanelTemplates(settings: MobileSettings): boolean {
  const [ready, setReady] = useState(false);
  const { headerTemplate, beforeTemplate, afterTemplate } = settings;
  useEffect(() => {
    const ids = [headerTemplate, beforeTemplate, afterTemplate].filter((id) => id > 0);
    Promise.allSettled(ids.map((id) => templateHtml(id))).then(() => setReady(true));
  }, [headerTemplate, beforeTemplate, afterTemplate]);
  return ready;
}

/** Call 4's current items (a cached page shows the current menu); the server's until they come. */
function useCurrentItems(serverItems: MenuNode[], menuId: number): { items: MenuNode[]; loaded: boolean } {
  const [state, setState] = useState({ items: serverItems, loaded: false });
  useEffect(() => {
    let live = true;
    getJson<{ data: { items: MenuItemWire[] } }>(`${restUrl('menuItems')}?menu_id=${menuId}`)
      .then((b) => live && setState({ items: menuNodesFromWire(b.data.items), loaded: true }))
      // The server's items stay: the menu works without the refresh.
      .catch(() => live && setState((s) => ({ ...s, loaded: true })));
    return () => {
      live = false;
    };
  }, [menuId]);
  return state;
}

/**
 * The enhanced mobile menu (issue 12, spec 000 §4 "Mobile menu"): the toggle button with its loader
 * and a panel with the search field, child levels (or dropdowns under their items), breadcrumbs, mega
 * templates, icons and the active item, in the stored layout: `slide-out` a modal side panel (page
 * scrolling blocked, spec §4), `dropdown` a full-width panel under the header and `push` a side panel
 * that pushes the page aside. The last two leave the page scrollable, as the original does; in all
 * three the keyboard's focus stays in the panel and returns to the toggle on close.
 */
export default function MobileMenu({ items: serverItems, menuId, settings, details, search, extras }: MobileMenuProps) {
  const { open, setOpen, toggle, toggleProps } = useDetailsDialog(details);
  const [trail, setTrail] = useState<Trail>([]);
  const { items, loaded } = useCurrentItems(serverItems, menuId);
  const templatesReady = usePanelTemplates(settings);
  const { pathname } = useLocation();

  const close = useCallback(() => {
    setOpen(false);
    // Closing clears the trail (spec §4).
    setTrail([]);
  }, [setOpen]);

  // The trail keeps only the levels the refreshed items still have.
  useEffect(() => setTrail((t) => fitTrail(items, t)), [items]);

  // Closes after a navigation (closeAfterNavigate) and on resize (spec §4).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (settings.closeAfterNavigate) close();
  }, [pathname, settings.closeAfterNavigate, close]);
  useEffect(() => {
    if (!open) return;
    // A change of width only: on a phone the height alone changes when the address bar hides as the
    // page scrolls (dropdown and push leave it scrollable) or the keyboard opens for the search field.
    const width = window.innerWidth;
    const onResize = () => {
      if (window.innerWidth !== width) close();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open, close]);

  // The menu-visible flag on the body while open, with the panel's side (the push layout moves the page
  // away from it in CSS); slide-out also blocks page scrolling (CSS and the modal).
  useEffect(() => {
    if (!open) return;
    document.body.setAttribute('data-menu-open', settings.menuLayout);
    document.body.setAttribute('data-menu-position', settings.menuPosition);
    return () => {
      document.body.removeAttribute('data-menu-open');
      document.body.removeAttribute('data-menu-position');
    };
  }, [open, settings.menuLayout, settings.menuPosition]);

  const loading = settings.toggleLoader && !(loaded && templatesReady);
  const toggleText = settings.toggleText || 'Menu';
  const dialog = (
    <Dialog id={PANEL_ID} aria-label={toggleText} className="mobile-menu-dialog">
      <Panel
        items={items}
        trail={trail}
        setTrail={setTrail}
        settings={settings}
        pathname={pathname}
        close={close}
        search={search}
        extras={extras}
      />
    </Dialog>
  );

  return (
    <>
      <button
        {...toggleProps}
        className="mobile-menu__toggle"
        data-toggle-position={settings.togglePosition}
        aria-controls={PANEL_ID}
        aria-busy={loading || undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="mobile-menu__bars" aria-hidden="true" />
        {toggleText}
        {loading ? (
          <span
            className="mobile-menu__loader"
            data-testid="mobile-menu-loader"
            aria-hidden="true"
            style={{ color: settings.loaderColor }}
          />
        ) : null}
      </button>
      {settings.menuLayout === 'slide-out' ? (
        <ModalOverlay
          isOpen={open}
          onOpenChange={(next) => (next ? setOpen(true) : close())}
          isDismissable
          // Escape goes back one level before it closes (handled in the panel).
          isKeyboardDismissDisabled
          className="mobile-menu-overlay"
          data-layout={settings.menuLayout}
        >
          <Modal className="mobile-menu-panel" data-layout={settings.menuLayout} data-position={settings.menuPosition}>
            {dialog}
          </Modal>
        </ModalOverlay>
      ) : open ? (
        <InlinePanel layout={settings.menuLayout} position={settings.menuPosition} toggle={toggle} close={close}>
          {dialog}
        </InlinePanel>
      ) : null}
    </>
  );
}

/** Focusable controls, in the order Tab visits them (the panel keeps the keyboard inside). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
/** Overlays of the panel's own controls (a search field's results): a tap there is not a tap outside. */
const OTHER_OVERLAY = '[role="dialog"], [role="listbox"], [data-react-aria-top-layer]';

/**
 * The dropdown and push layouts' panel: not modal, so the page stays scrollable (spec §4 blocks
 * scrolling for slide-out only), yet the keyboard's focus stays in it (Tab wraps), a tap on the page
 * outside it closes it, and on closing the focus returns to the toggle. The dropdown opens under the
 * header it sits in; the push panel is placed on the body, beside the page it pushes.
 */
function InlinePanel({
  layout,
  position,
  toggle,
  close,
  children,
}: {
  layout: 'dropdown' | 'push';
  position: MobileSettings['menuPosition'];
  toggle: RefObject<HTMLButtonElement | null>;
  close: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target;
      if (!(target instanceof Element) || panel.contains(target) || toggle.current?.contains(target)) return;
      if (!target.closest(OTHER_OVERLAY)) close();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented) return;
      const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((c) => c.getClientRects().length > 0);
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      const wrapTo = !panel.contains(active)
        ? first
        : e.shiftKey && (active === first || !controls.includes(active as HTMLElement))
          ? last
          : !e.shiftKey && active === last
            ? first
            : null;
      if (wrapTo) {
        e.preventDefault();
        wrapTo.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      // Back to the toggle, unless the user has moved the focus somewhere else on the page.
      const active = document.activeElement;
      if (!active || active === document.body || panel.contains(active)) toggle.current?.focus();
    };
  }, [toggle, close]);
  const panel = (
    <div ref={ref} className="mobile-menu-panel" data-layout={layout} data-position={position}>
      {children}
    </div>
  );
  return layout === 'push' ? createPortal(panel, document.body) : panel;
}

interface PanelProps {
  items: MenuNode[];
  trail: Trail;
  setTrail: (update: (t: Trail) => Trail) => void;
  settings: MobileSettings;
  pathname: string;
  close: () => void;
  search: ReactNode;
  extras: ReactNode;
}

function Panel({ items, trail, setTrail, settings, pathname, close, search, extras }: PanelProps) {
  const body = useRef<HTMLDivElement>(null);
  const current = trailItem(items, trail);
  const step = trail.at(-1);
  const crumbs = settings.useBreadcrumb
    ? breadcrumbs(trail, settings.toggleText || 'Menu', settings.breadcrumbPath)
    : [];

  // After a level change the focus goes to the new level's first control, never to the page.
  const depth = useRef(trail.length);
  useEffect(() => {
    if (depth.current === trail.length) return;
    depth.current = trail.length;
    body.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [trail.length]);

  // The focus starts inside the dialog, also when the menu took over a <details> opened before the script ran.
  const inner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dialog = inner.current?.closest<HTMLElement>('[role="dialog"]');
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
  }, []);

  // Escape goes back one level, and closes at the top level (spec §4); listened on the document so
  // that it works wherever the focus is while the menu is open.
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      const next = escapeTrail(trail);
      if (next.close) close();
      else setTrail(() => next.trail);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [trail, setTrail, close]);

  const linkClicked = settings.closeAfterNavigate ? close : undefined;
  const openLevel = (item: MenuNode) => {
    const next = stepOf(item);
    if (next) setTrail((t) => pushStep(t, next));
  };
  // What every row of the level gets.
  const row = { settings, pathname, onLink: linkClicked, onOpen: openLevel };

  let level: ReactNode;
  if (current && step?.view === 'template' && current.megaTemplateId !== false) {
    level = (
      <>
        <ItemLink item={current} pathname={pathname} onClick={linkClicked} className="mobile-menu__level-title" />
        <TemplateView id={current.megaTemplateId} type={current.megaContentType} className="mobile-menu__mega" />
      </>
    );
  } else {
    const list = current ? current.children : items;
    level = (
      <>
        {current ? (
          <ItemLink item={current} pathname={pathname} onClick={linkClicked} className="mobile-menu__level-title" />
        ) : null}
        <ItemList items={list} className="mobile-menu__list" {...row} />
      </>
    );
  }

  return (
    <div className="mobile-menu__inner" ref={inner}>
      <div className="mobile-menu__bar">
        {trail.length > 0 ? (
          <button type="button" className="mobile-menu__back" onClick={() => setTrail(popStep)}>
            <span aria-hidden="true">‹</span> {settings.backText}
          </button>
        ) : null}
        <button type="button" className="mobile-menu__close" aria-label="Tutup menu" onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {settings.headerTemplate > 0 ? (
        <TemplateView id={settings.headerTemplate} className="mobile-menu__header" />
      ) : null}
      {/* The same element at every level, so a typed query stays while the levels change. */}
      {search ? <div className="mobile-menu__search">{search}</div> : null}
      {crumbs.length > 0 ? (
        <nav className="mobile-menu__crumbs" aria-label="Jejak menu">
          <ol>
            {crumbs.map((c) => (
              <li key={c.depth}>
                {c.current ? (
                  <span aria-current="location">{c.label}</span>
                ) : (
                  <button type="button" onClick={() => setTrail((t) => truncateTrail(t, c.depth))}>
                    {c.label}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {settings.beforeTemplate > 0 ? (
        <TemplateView id={settings.beforeTemplate} className="mobile-menu__before" />
      ) : null}
      <nav className="mobile-menu__level" aria-label="Menu seluler" key={trail.map((s) => s.id).join('/')} ref={body}>
        {level}
      </nav>
      {settings.afterTemplate > 0 ? <TemplateView id={settings.afterTemplate} className="mobile-menu__after" /> : null}
      {extras ? <div className="mobile-menu__extras">{extras}</div> : null}
    </div>
  );
}

interface ItemRowProps {
  item: MenuNode;
  settings: MobileSettings;
  /** The current address: its item and the item's parents are marked. */
  pathname: string;
  onLink: (() => void) | undefined;
  /** Opens the item's child level or template (the `slide-in` sub layout). */
  onOpen: (item: MenuNode) => void;
}

/** A level's rows (the panel's list, or an item's children shown under it). */
function ItemList({
  items,
  id,
  className,
  ...row
}: Omit<ItemRowProps, 'item'> & { items: MenuNode[]; id?: string; className: string }) {
  return (
    <ul id={id} className={className}>
      {items.map((item) => (
        <ItemRow key={item.id} item={item} {...row} />
      ))}
    </ul>
  );
}

/**
 * One item: a link, a button that opens its level (or, with `subOpenLayout: dropdown`, shows its
 * children or template under it), or both when only the arrow opens (`subTrigger: submarker`).
 */
function ItemRow({ item, ...row }: ItemRowProps) {
  const { settings, pathname, onLink, onOpen } = row;
  const [expanded, setExpanded] = useState(false);
  const subId = useId();
  const step = stepOf(item);
  const inline = step !== null && settings.subOpenLayout === 'dropdown';
  const mark = currentMark(item, pathname);
  const opener = inline
    ? {
        'aria-expanded': expanded,
        'aria-controls': expanded ? subId : undefined,
        onClick: () => setExpanded((e) => !e),
      }
    : { onClick: () => onOpen(item) };
  const content = (
    <>
      {settings.itemIconVisible && item.iconSvg ? (
        <span
          className="mobile-menu__icon"
          aria-hidden="true"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the icon set's own SVG, made by the server (icons.server.ts)
          dangerouslySetInnerHTML={{ __html: item.iconSvg }}
        />
      ) : null}
      <span className="mobile-menu__text">
        <span className="mobile-menu__name">{item.name}</span>
        {settings.itemDescVisible && item.description ? (
          <span className="mobile-menu__desc">{item.description}</span>
        ) : null}
      </span>
      {settings.itemBadgeVisible && item.badgeText ? (
        <span className="mobile-menu__badge">{item.badgeText}</span>
      ) : null}
    </>
  );
  let children: ReactNode = null;
  if (inline && expanded) {
    children =
      item.megaTemplateId !== false ? (
        <div id={subId} className="mobile-menu__children">
          <TemplateView id={item.megaTemplateId} type={item.megaContentType} className="mobile-menu__mega" />
        </div>
      ) : (
        <ItemList items={item.children} id={subId} className="mobile-menu__list mobile-menu__children" {...row} />
      );
  }
  return (
    <li className="mobile-menu__item" data-active={mark.active} data-current-ancestor={mark.ancestor}>
      {step && settings.subTrigger === 'item' ? (
        // The button stands for the item, so it says when the item is the current page.
        <button
          type="button"
          className="mobile-menu__link"
          data-opens
          aria-current={mark.current}
          data-current-ancestor={mark.ancestor}
          {...opener}
        >
          {content}
          <span className="mobile-menu__arrow" aria-hidden="true" />
        </button>
      ) : (
        <>
          <ItemLink item={item} pathname={pathname} onClick={onLink} className="mobile-menu__link">
            {content}
          </ItemLink>
          {step ? (
            <button
              type="button"
              className="mobile-menu__sub"
              aria-label={`${inline ? 'Submenu' : 'Buka'} ${item.name}`}
              {...opener}
            >
              <span className="mobile-menu__arrow" aria-hidden="true" />
            </button>
          ) : null}
        </>
      )}
      {children}
    </li>
  );
}

/**
 * How an item relates to the current page: it is the page (`aria-current`, `data-active`), or one of
 * its children at any depth is (`data-current-ancestor`); both are styled, at every level.
 */
function currentMark(item: MenuNode, pathname: string) {
  const active = isCurrentUrl(item.url, pathname) || undefined;
  return {
    active,
    current: active && ('page' as const),
    ancestor: (!active && holdsCurrentUrl(item.children, pathname)) || undefined,
  };
}

/** An item's link: the router's for this site's addresses, a plain one elsewhere; the current page and its parents marked. */
function ItemLink({
  item,
  pathname,
  onClick,
  className,
  children,
}: {
  item: MenuNode;
  pathname: string;
  onClick: (() => void) | undefined;
  className: string;
  children?: ReactNode;
}) {
  const mark = currentMark(item, pathname);
  const props = {
    className,
    title: item.attrTitle ?? undefined,
    rel: item.xfn ?? undefined,
    target: item.target ?? undefined,
    'aria-current': mark.current,
    'data-current-ancestor': mark.ancestor,
    onClick,
    children: children ?? item.name,
  };
  return item.url.startsWith('/') && !item.url.startsWith('//') && !item.target ? (
    <Link to={item.url} {...props} />
  ) : (
    <a href={item.url} {...props} />
  );
}
