import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
// Keeps react-dom in one chunk with react-dom/client (the entry's): without this edge Rollup splits react-dom
// into a chunk of its own for this lazy module, and every page downloads one more file (the JS budget).
import 'react-dom/client';
import { Link, useLocation } from 'react-router';
import { type DetailsTakeover, takeOver } from '~/ui/enhanced-details';
import type { MenuItemWire, MenuNode } from '../model';
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

/** The main menu's mobile settings (settings.ts, defaults applied and the back text decided by the server). */
export type MobileSettings = MenuSettings['mobile'] & { backText: string };

/** What the header gives the mobile menu. */
export interface MobileMenuProps extends DetailsTakeover {
  /** The items the server rendered; replaced by call 4's answer once it comes. */
  items: MenuNode[];
  menuId: number;
  settings: MobileSettings;
  /** Whether an item's URL is the current address (model.ts's rule, passed in to keep this chunk's imports few). */
  isCurrent: (itemUrl: string, currentPath: string) => boolean;
  /** The live search field shown in the panel (composed by the layout: features do not import each other). */
  search?: ReactNode;
}

const PANEL_ID = 'mobile-menu-panel';
const REST_DEFAULTS = {
  menuItems: '/wp-json/jet-menu-api/v2/get-menu-items',
  templateContent: '/wp-json/jet-menu-api/v2/get-elementor-template-content',
  blocksTemplateContent: '/wp-json/jet-menu-api/v2/get-blocks-template-content',
};

function restUrl(name: keyof typeof REST_DEFAULTS): string {
  const settings = (window as { schoolSettings?: { restUrls?: Partial<typeof REST_DEFAULTS> } }).schoolSettings;
  return settings?.restUrls?.[name] ?? REST_DEFAULTS[name];
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

// Templates are loaded once per page and kept (issue 12: "loaded over call 3 once and kept").
const templates = new Map<string, Promise<string>>();

/** A template's HTML over call 3 (or the blocks route for block-editor templates), once per page. */
function templateHtml(id: number, type: MenuNode['megaContentType'] = 'elementor'): Promise<string> {
  const key = `${type}:${id}`;
  let html = templates.get(key);
  if (!html) {
    const route = type === 'default' ? 'blocksTemplateContent' : 'templateContent';
    html = getJson<{ template_content: string }>(`${restUrl(route)}?id=${id}`).then((b) => b.template_content);
    // A failed load may be tried again on the next opening.
    html.catch(() => templates.delete(key));
    templates.set(key, html);
  }
  return html;
}

/** The site's own sanitized template HTML (call 3), with a status line while it loads. */
function TemplateView({ id, type, className }: { id: number; type?: MenuNode['megaContentType']; className: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    templateHtml(id, type).then(
      (h) => live && setHtml(h),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, type]);
  if (html === null) {
    return (
      <p className={`${className} mobile-menu__status`} role="status">
        {failed ? 'Konten tidak dapat dimuat.' : 'Memuat…'}
      </p>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own template, sanitized by the server's renderer
  return <div className={className} data-template-id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}

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
 * and a slide-out panel (a modal dialog: focus stays inside and returns to the toggle, page scrolling
 * is blocked) with child levels, breadcrumbs, mega templates and the active item. The dropdown and
 * push layouts show the slide-out panel for now.
 */
export default function MobileMenu({ items: serverItems, menuId, settings, isCurrent, details }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [trail, setTrail] = useState<Trail>([]);
  const { items, loaded } = useCurrentItems(serverItems, menuId);
  const templatesReady = usePanelTemplates(settings);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  const close = useCallback(() => {
    setOpen(false);
    // Closing clears the trail (spec §4).
    setTrail([]);
  }, []);

  // Takes over the server's <details>: a tap made while this code loaded opened it, so the menu opens.
  useEffect(
    () =>
      takeOver(details.current, () => {
        // The dialog gives the focus back to what had it when it opened: the toggle, not the hidden summary.
        toggle.current?.focus();
        setOpen(true);
      }),
    [details],
  );

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
    window.addEventListener('resize', close);
    return () => window.removeEventListener('resize', close);
  }, [open, close]);

  // The menu-visible flag on the body while open; slide-out also blocks page scrolling (CSS and the modal).
  useEffect(() => {
    if (!open) return;
    document.body.setAttribute('data-menu-open', settings.menuLayout);
    return () => document.body.removeAttribute('data-menu-open');
  }, [open, settings.menuLayout]);

  const loading = settings.toggleLoader && !(loaded && templatesReady);
  const toggleText = settings.toggleText || 'Menu';

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="mobile-menu__toggle"
        data-toggle-position={settings.togglePosition}
        aria-expanded={open}
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
      <ModalOverlay
        isOpen={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        isDismissable
        // Escape goes back one level before it closes (handled in the panel).
        isKeyboardDismissDisabled
        className="mobile-menu-overlay"
        data-layout={settings.menuLayout}
      >
        <Modal className="mobile-menu-panel" data-position={settings.menuPosition}>
          <Dialog id={PANEL_ID} aria-label={toggleText} className="mobile-menu-dialog">
            <Panel
              items={items}
              trail={trail}
              setTrail={setTrail}
              settings={settings}
              isCurrent={isCurrent}
              pathname={pathname}
              close={close}
            />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

interface PanelProps {
  items: MenuNode[];
  trail: Trail;
  setTrail: (update: (t: Trail) => Trail) => void;
  settings: MobileSettings;
  isCurrent: MobileMenuProps['isCurrent'];
  pathname: string;
  close: () => void;
}

function Panel({ items, trail, setTrail, settings, isCurrent, pathname, close }: PanelProps) {
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

  let level: ReactNode;
  if (current && step?.view === 'template' && current.megaTemplateId !== false) {
    level = (
      <>
        <ItemLink
          item={current}
          current={isCurrent(current.url, pathname)}
          onClick={linkClicked}
          className="mobile-menu__level-title"
        />
        <TemplateView id={current.megaTemplateId} type={current.megaContentType} className="mobile-menu__mega" />
      </>
    );
  } else {
    const list = current ? current.children : items;
    level = (
      <>
        {current ? (
          <ItemLink
            item={current}
            current={isCurrent(current.url, pathname)}
            onClick={linkClicked}
            className="mobile-menu__level-title"
          />
        ) : null}
        <ul className="mobile-menu__list">
          {list.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              settings={settings}
              current={isCurrent(item.url, pathname)}
              onLink={linkClicked}
              onOpen={() => {
                const next = stepOf(item);
                if (next) setTrail((t) => pushStep(t, next));
              }}
            />
          ))}
        </ul>
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
    </div>
  );
}

function ItemRow({
  item,
  settings,
  current,
  onLink,
  onOpen,
}: {
  item: MenuNode;
  settings: MobileSettings;
  current: boolean;
  onLink: (() => void) | undefined;
  onOpen: () => void;
}) {
  const opens = stepOf(item) !== null;
  const content = (
    <>
      {settings.itemIconVisible && item.itemIcon ? (
        <span className={`mobile-menu__icon icon-${item.itemIcon}`} data-icon={item.itemIcon} aria-hidden="true" />
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
  return (
    <li className="mobile-menu__item" data-active={current || undefined}>
      {opens && settings.subTrigger === 'item' ? (
        <button type="button" className="mobile-menu__link" onClick={onOpen} data-opens>
          {content}
          <span className="mobile-menu__arrow" aria-hidden="true" />
        </button>
      ) : (
        <>
          <ItemLink item={item} current={current} onClick={onLink} className="mobile-menu__link">
            {content}
          </ItemLink>
          {opens ? (
            <button type="button" className="mobile-menu__sub" aria-label={`Buka ${item.name}`} onClick={onOpen}>
              <span className="mobile-menu__arrow" aria-hidden="true" />
            </button>
          ) : null}
        </>
      )}
    </li>
  );
}

/** An item's link: the router's for this site's addresses, a plain one elsewhere; the current page marked. */
function ItemLink({
  item,
  current,
  onClick,
  className,
  children,
}: {
  item: MenuNode;
  current: boolean;
  onClick: (() => void) | undefined;
  className: string;
  children?: ReactNode;
}) {
  const props = {
    className,
    title: item.attrTitle ?? undefined,
    rel: item.xfn ?? undefined,
    target: item.target ?? undefined,
    'aria-current': current ? ('page' as const) : undefined,
    onClick,
    children: children ?? item.name,
  };
  return item.url.startsWith('/') && !item.url.startsWith('//') && !item.target ? (
    <Link to={item.url} {...props} />
  ) : (
    <a href={item.url} {...props} />
  );
}
