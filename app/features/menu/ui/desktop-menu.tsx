import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link, useLocation } from 'react-router';
import { listen } from '~/ui/listen';
import { holdsCurrentUrl } from '../current';
import {
  type ClickSource,
  closeFrom,
  DESKTOP_CONSTANTS,
  DESKTOP_DEFAULTS,
  type DesktopSettings,
  fitCount,
  focusStep,
  type HoverIntent,
  hoverIntent,
  keepOpenWithin,
  linkClickOpens,
  megaPlacement,
  type OpenPath,
  type OpenSide,
  openAt,
  openSide,
  toggleAt,
} from '../desktop';
import { isCurrentUrl, type MenuNode } from '../model';
import { TemplateView } from './template-view';

/*
 * The enhanced desktop menu (issue 12 "Desktop (1025 px and wider)", spec 000 §2 and §4 "Desktop
 * menu"). The header's MainMenu loads this chunk when the browser is idle on a wide window, or on
 * the first pointer or focus in the menu, and hands the nav over to it: the same links, plus
 * - the top-level items that do not fit in a trailing '⋯' item, re-measured on resize (ResizeObserver,
 *   10 ms debounce), so the header keeps one row;
 * - submenus that open on hover (hover intent) or on click (`subEvent`), stay open until 500 ms after
 *   the pointer left, close on resize, on a tap outside and on navigation, and flip to the other
 *   side where the window would cut them;
 * - mega panels with the item's template (call 3, loaded when first opened unless `megaAjaxLoad` is
 *   off), as wide as the header's container, the visible items or a chosen element;
 * - the WAI-ARIA disclosure navigation pattern: a link and a toggle button (aria-expanded,
 *   aria-controls) per item with a submenu; Escape closes and gives the focus back to the toggle;
 *   arrow keys, Home and End move through a submenu (and Left/Right along the top level); the focus
 *   leaving an item or the menu closes what it left.
 * Below 1025 px the mobile menu takes over (its toggle reveals this nav only without its own code).
 */

/** What the header's MainMenu gives the desktop menu (its own props). */
export interface DesktopMenuProps {
  items: MenuNode[];
  /** The stored settings; none: the defaults. */
  desktop?: DesktopSettings | null;
  label: string;
}

const WIDE = `(min-width: ${DESKTOP_CONSTANTS.mobileMenuBreakpoint}px)`;
const OVERFLOW_KEY = 'overflow';
const panelId = (key: string) => `main-menu-panel-${key}`;

function subscribeWide(onChange: () => void): () => void {
  const query = matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is wide enough for the desktop menu (below it the mobile menu's toggle shows). */
function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => matchMedia(WIDE).matches);
}

/** The controls a key moves between in a submenu, a mega panel or the top level, as shown now. */
function focusables(container: HTMLElement): HTMLElement[] {
  const selector = container.classList.contains('mega-panel')
    ? 'a[href], button'
    : ':scope > li > a[href], :scope > li > button';
  return [...container.querySelectorAll<HTMLElement>(selector)].filter(
    (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
  );
}

/** The keys of the items around an element, from the top level down. */
function keysAround(element: Element | null, nav: HTMLElement): string[] {
  const keys: string[] = [];
  for (let li = element?.closest<HTMLElement>('li[data-key]'); li && nav.contains(li); ) {
    keys.unshift(li.dataset.key as string);
    li = li.parentElement?.closest<HTMLElement>('li[data-key]');
  }
  return keys;
}

/** The element a mega panel takes its width from (`megaWidthType`); the header's container when none matches. */
function megaTarget(nav: HTMLElement, list: HTMLElement, settings: DesktopSettings): Element {
  const container = nav.closest('.site-header__inner') ?? nav;
  if (settings.megaWidthType === 'items') return list;
  if (settings.megaWidthType === 'selector') {
    try {
      return document.querySelector(settings.megaWidthSelector) ?? container;
    } catch {
      // A selector the browser cannot parse falls back to the container.
      return container;
    }
  }
  return container;
}

/** What the items share: the open path, the placement of open submenus and the event handlers. */
interface MenuContext {
  path: OpenPath;
  settings: DesktopSettings;
  pathname: string;
  sides: Readonly<Record<string, OpenSide>>;
  mega: { key: string; style: CSSProperties } | null;
  toggle(depth: number, key: string): void;
  linkClick(event: MouseEvent, depth: number, key: string, hasSubmenu: boolean): void;
  enter(event: PointerEvent, depth: number, key: string, hasSubmenu: boolean): void;
  leave(event: PointerEvent, depth: number, key: string): void;
}

/** The focused link of the server's nav that this one replaces: the same link gets the focus back. */
function focusedLink(): { href: string | null; text: string | null } | null {
  const active = document.activeElement;
  return active instanceof HTMLAnchorElement && active.closest('.main-menu')
    ? { href: active.getAttribute('href'), text: active.textContent }
    : null;
}

/** See the module's comment. */
export default function DesktopMenu({ items, desktop, label }: DesktopMenuProps) {
  const settings = desktop ?? DESKTOP_DEFAULTS;
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const overflowItem = useRef<HTMLLIElement>(null);
  const [path, setPath] = useState<OpenPath>([]);
  const [shown, setShown] = useState(items.length);
  const [sides, setSides] = useState<Record<string, OpenSide>>({});
  const [mega, setMega] = useState<MenuContext['mega']>(null);
  const wide = useWide();
  // Read while the server's nav is still in the document (this runs before React replaces it).
  const [refocus] = useState(focusedLink);

  // The top-level items' widths, kept while an item sits in the '⋯' item (it is not measurable there).
  const widths = useRef(new Map<string, number>());
  const measure = useCallback(() => {
    const navEl = nav.current;
    const listEl = list.current;
    const more = overflowItem.current;
    if (!navEl || !listEl) return;
    if (!settings.rollUp || !more || !matchMedia(WIDE).matches) {
      setShown(items.length);
      return;
    }
    for (const li of listEl.children) {
      const key = (li as HTMLElement).dataset.key;
      if (key && key !== OVERFLOW_KEY) widths.current.set(key, li.getBoundingClientRect().width);
    }
    const known = items.map((item) => widths.current.get(item.id));
    // An item never measured (new items): all go back in the row once, to be measured.
    if (known.some((w) => w === undefined)) {
      setShown(items.length);
      return;
    }
    setShown(
      fitCount({
        widths: known as number[],
        available: navEl.clientWidth,
        overflowWidth: more.getBoundingClientRect().width,
        gap: Number.parseFloat(getComputedStyle(listEl).columnGap) || 0,
      }),
    );
  }, [items, settings.rollUp]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again once the row shows what the last measure decided
  useLayoutEffect(measure, [measure, shown, wide]);
  useEffect(() => {
    const navEl = nav.current;
    if (!navEl) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, DESKTOP_CONSTANTS.resizeDebounceMs);
    });
    observer.observe(navEl);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [measure]);

  // The link that had the focus in the server's nav has it again.
  useLayoutEffect(() => {
    if (!refocus || !nav.current || nav.current.contains(document.activeElement)) return;
    const links = [...nav.current.querySelectorAll('a')];
    links.find((a) => a.getAttribute('href') === refocus.href && a.textContent === refocus.text)?.focus();
  }, [refocus]);

  // Open submenus flip where the window would cut them; one level per pass, as each level's place
  // depends on its parent's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again when items move in or out of the row
  useLayoutEffect(() => {
    const navEl = nav.current;
    if (!navEl) return;
    const next: Record<string, OpenSide> = {};
    let preferred: OpenSide = 'right';
    path.forEach((key, depth) => {
      const li = navEl.querySelector<HTMLElement>(`li[data-key="${key}"]`);
      const submenu = li?.querySelector<HTMLElement>(':scope > .sub-menu');
      if (!li || !submenu) return;
      const box = li.getBoundingClientRect();
      preferred = openSide({
        itemLeft: box.left,
        itemRight: box.right,
        width: submenu.offsetWidth,
        viewportWidth: document.documentElement.clientWidth,
        nested: depth > 0,
        preferred,
      });
      next[key] = preferred;
    });
    const same = Object.keys(next).length === Object.keys(sides).length && path.every((k) => next[k] === sides[k]);
    if (!same) setSides(next);
  }, [path, shown, sides]);

  // An open mega panel sits under the header, as wide as its target.
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again when items move in or out of the row
  useLayoutEffect(() => {
    const key = path[0];
    const navEl = nav.current;
    const listEl = list.current;
    if (!key || !navEl || !listEl) return;
    const li = navEl.querySelector<HTMLElement>(`li[data-key="${key}"]`);
    if (!li?.querySelector(':scope > .mega-panel')) return;
    const target = megaTarget(navEl, listEl, settings).getBoundingClientRect();
    const header = (navEl.closest('header') ?? navEl).getBoundingClientRect();
    const place = megaPlacement(target, li.getBoundingClientRect(), header.bottom);
    setMega((m) =>
      m && m.key === key && m.style.left === place.left && m.style.top === place.top && m.style.width === place.width
        ? m
        : { key, style: place },
    );
  }, [path, shown, settings]);

  // Hover: intent before opening, a delay after leaving (spec §4 and §9).
  const intent = useRef<{ key: string; tracker: HoverIntent } | null>(null);
  const closeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const lastPointer = useRef<ClickSource>('mouse');
  useEffect(() => {
    const timers = closeTimers.current;
    return () => {
      intent.current?.tracker.leave();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  const closeAll = useCallback(() => setPath((p) => (p.length > 0 ? [] : p)), []);

  // Closes on navigation, on resize and on a tap or click outside (spec §4); Escape closes what the
  // pointer opened wherever the focus is (content shown on hover can be dismissed, WCAG 1.4.13).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the menu
  useEffect(closeAll, [pathname, closeAll]);
  const anyOpen = path.length > 0;
  useEffect(() => {
    if (!anyOpen) return;
    const onPointerDown = (e: Event) => {
      if (!nav.current?.contains(e.target as Node)) closeAll();
    };
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !nav.current?.contains(document.activeElement)) closeAll();
    };
    window.addEventListener('resize', closeAll);
    const unlisten = listen(document, [
      ['pointerdown', onPointerDown],
      ['keydown', onKeyDown],
    ]);
    return () => {
      window.removeEventListener('resize', closeAll);
      unlisten();
    };
  }, [anyOpen, closeAll]);

  const context: MenuContext = {
    path,
    settings,
    pathname,
    sides,
    mega,
    toggle: (depth, key) => setPath((p) => toggleAt(p, depth, key)),
    linkClick(event, depth, key, hasSubmenu) {
      const source = event.detail === 0 ? 'keyboard' : lastPointer.current;
      if (linkClickOpens({ hasSubmenu, open: path[depth] === key, settings, source })) {
        event.preventDefault();
        setPath((p) => openAt(p, depth, key));
      }
    },
    enter(event, depth, key, hasSubmenu) {
      if (event.pointerType !== 'mouse') return;
      clearTimeout(closeTimers.current.get(key));
      if (settings.subEvent !== 'hover') return;
      intent.current?.tracker.leave();
      const tracker = hoverIntent(() =>
        setPath((p) => (!hasSubmenu ? closeFrom(p, depth) : p[depth] === key ? p : openAt(p, depth, key))),
      );
      tracker.enter({ x: event.clientX, y: event.clientY });
      intent.current = { key, tracker };
    },
    leave(event, depth, key) {
      if (event.pointerType !== 'mouse') return;
      if (intent.current?.key === key) {
        intent.current.tracker.leave();
        intent.current = null;
      }
      clearTimeout(closeTimers.current.get(key));
      closeTimers.current.set(
        key,
        setTimeout(
          () => setPath((p) => (p[depth] === key ? closeFrom(p, depth) : p)),
          DESKTOP_CONSTANTS.mouseLeaveDelayMs,
        ),
      );
    },
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const navEl = nav.current;
    const listEl = list.current;
    const target = event.target as HTMLElement;
    if (!navEl || !listEl) return;
    if (event.key === 'Escape') {
      const li = target.closest<HTMLElement>('li[data-open]');
      if (!li || !navEl.contains(li)) return;
      event.preventDefault();
      setPath((p) => closeFrom(p, Number(li.dataset.depth)));
      li.querySelector<HTMLElement>(':scope > .menu-toggle')?.focus();
      return;
    }
    if (event.key === 'ArrowDown' && target.matches('.menu-toggle[aria-expanded="true"]')) {
      const panel = document.getElementById(target.getAttribute('aria-controls') ?? '');
      const first = panel ? focusables(panel)[0] : undefined;
      if (first) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    const container = target.parentElement?.closest<HTMLElement>('.sub-menu, .mega-panel');
    const inPanel = container && navEl.contains(container);
    const controls = focusables(inPanel ? container : listEl);
    const index = controls.indexOf(target);
    if (index < 0) return;
    const next = focusStep(event.key, index, controls.length, inPanel ? 'vertical' : 'horizontal');
    if (next === null) return;
    event.preventDefault();
    controls[next]?.focus();
  };

  // The focus moving to another item closes the items it left; leaving the menu closes them all.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const navEl = nav.current;
    if (navEl) setPath((p) => keepOpenWithin(p, keysAround(event.target, navEl)));
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget;
    if (to instanceof Node && !nav.current?.contains(to)) closeAll();
  };

  const rollUp = settings.rollUp && wide;
  const count = rollUp ? shown : items.length;
  return (
    <nav
      ref={nav}
      className="main-menu"
      aria-label={label}
      data-enhanced=""
      data-sub-event={settings.subEvent}
      data-roll-up={rollUp ? undefined : 'off'}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerDown={(e) => {
        lastPointer.current = e.pointerType as ClickSource;
      }}
      onPointerMove={(e) => intent.current?.tracker.move({ x: e.clientX, y: e.clientY })}
    >
      <ul ref={list} className="main-menu__list">
        {items.slice(0, count).map((item) => (
          <Item key={item.id} item={item} depth={0} menu={context} mega={item.megaTemplateId !== false} />
        ))}
        {rollUp ? <OverflowItem items={items.slice(count)} menu={context} itemRef={overflowItem} /> : null}
      </ul>
    </nav>
  );
}

/** Pointer handlers of an item: hover opens after intent, leaving closes after the delay. */
function hoverProps(menu: MenuContext, depth: number, key: string, hasSubmenu: boolean) {
  return {
    onPointerEnter: (e: PointerEvent) => menu.enter(e, depth, key, hasSubmenu),
    onPointerLeave: (e: PointerEvent) => menu.leave(e, depth, key),
  };
}

/** The toggle button of an item with a submenu or mega panel (WAI-ARIA disclosure). */
function Toggle({
  menu,
  depth,
  itemKey,
  open,
  className = 'menu-toggle',
  label,
  children = <span className="menu-arrow" aria-hidden="true" />,
}: {
  menu: MenuContext;
  depth: number;
  itemKey: string;
  open: boolean;
  className?: string;
  label?: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={panelId(itemKey)}
      aria-label={label}
      onClick={() => menu.toggle(depth, itemKey)}
    >
      {children}
    </button>
  );
}

function Item({ item, depth, menu, mega }: { item: MenuNode; depth: number; menu: MenuContext; mega: boolean }) {
  const key = item.id;
  const open = menu.path[depth] === key;
  const hasSubmenu = mega || item.children.length > 0;
  const current = isCurrentUrl(item.url, menu.pathname);
  // A mega panel's template loads when first opened (`megaAjaxLoad`), then stays.
  const [megaWanted, setMegaWanted] = useState(mega && !menu.settings.megaAjaxLoad);
  if (mega && open && !megaWanted) setMegaWanted(true);
  const classes = [
    'menu-item',
    hasSubmenu ? 'menu-item-has-children' : '',
    mega ? 'menu-item-mega' : '',
    current ? 'current-menu-item' : holdsCurrentUrl(item.children, menu.pathname) ? 'current-menu-ancestor' : '',
    ...item.classes,
  ].filter(Boolean);
  return (
    <li
      className={classes.join(' ')}
      data-key={key}
      data-depth={depth}
      data-open={open || undefined}
      {...hoverProps(menu, depth, key, hasSubmenu)}
    >
      <ItemLink item={item} current={current} onClick={(e) => menu.linkClick(e, depth, key, hasSubmenu)} />
      {hasSubmenu ? (
        <Toggle menu={menu} depth={depth} itemKey={key} open={open} label={`Submenu ${item.name}`} />
      ) : null}
      {mega && item.megaTemplateId !== false ? (
        <div id={panelId(key)} className="mega-panel" style={menu.mega?.key === key ? menu.mega.style : undefined}>
          {megaWanted ? (
            <TemplateView
              id={item.megaTemplateId}
              type={item.megaContentType}
              className="mega-panel__content"
              statusClassName="mega-panel__status"
              fallback={<SubList items={item.children} depth={depth} menu={menu} />}
            />
          ) : null}
        </div>
      ) : hasSubmenu ? (
        <SubList id={panelId(key)} items={item.children} depth={depth} menu={menu} side={menu.sides[key]} />
      ) : null}
    </li>
  );
}

/** An item's submenu: its children, one level down. */
function SubList({
  id,
  items,
  depth,
  menu,
  side,
}: {
  id?: string;
  items: MenuNode[];
  depth: number;
  menu: MenuContext;
  side?: OpenSide;
}) {
  return (
    <ul id={id} className={`sub-menu depth-${depth + 1}`} data-side={side}>
      {items.map((child) => (
        <Item key={child.id} item={child} depth={depth + 1} menu={menu} mega={false} />
      ))}
    </ul>
  );
}

/** The trailing '⋯' item with the top-level items that do not fit; measured (hidden) while it is empty. */
function OverflowItem({
  items,
  menu,
  itemRef,
}: {
  items: MenuNode[];
  menu: MenuContext;
  itemRef: RefObject<HTMLLIElement | null>;
}) {
  const open = menu.path[0] === OVERFLOW_KEY;
  return (
    <li
      ref={itemRef}
      className="menu-item menu-item-has-children menu-overflow"
      data-key={OVERFLOW_KEY}
      data-depth={0}
      data-open={open || undefined}
      data-empty={items.length === 0 || undefined}
      {...hoverProps(menu, 0, OVERFLOW_KEY, true)}
    >
      <Toggle menu={menu} depth={0} itemKey={OVERFLOW_KEY} open={open} className="menu-toggle menu-overflow__toggle">
        <span aria-hidden="true">{DESKTOP_CONSTANTS.overflowLabel}</span>
        <span className="visually-hidden">Menu lainnya</span>
      </Toggle>
      <SubList id={panelId(OVERFLOW_KEY)} items={items} depth={0} menu={menu} side={menu.sides[OVERFLOW_KEY]} />
    </li>
  );
}

/** An item's link: the router's for this site's addresses, a plain one elsewhere; the current page marked. */
function ItemLink({
  item,
  current,
  onClick,
}: {
  item: MenuNode;
  current: boolean;
  onClick: (event: MouseEvent) => void;
}) {
  const props = {
    title: item.attrTitle ?? undefined,
    rel: item.xfn ?? undefined,
    target: item.target ?? undefined,
    'aria-current': current ? ('page' as const) : undefined,
    onClick,
    children: (
      <>
        {item.name}
        {item.badgeText ? <span className="menu-badge">{item.badgeText}</span> : null}
      </>
    ),
  };
  return item.url.startsWith('/') && !item.url.startsWith('//') && !item.target ? (
    <Link to={item.url} {...props} />
  ) : (
    <a href={item.url} {...props} />
  );
}
