import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isCurrentUrl, type MenuNode } from '../model';
import type { MenuSettings } from '../settings';
import { MobileMenuToggle, type MobileMenuToggleProps } from './mobile-menu-toggle';

/** What the header gives its main menu. */
export interface MainMenuProps {
  items: MenuNode[];
  /** The desktop menu's settings; none: the defaults. */
  desktop?: MenuSettings['desktop'] | null;
  /** The main menu's id and mobile settings; none: no mobile toggle. */
  mobile?: Omit<MobileMenuToggleProps, 'items'> | null;
  label?: string;
}

/**
 * The header's main menu, server-rendered (issue 2 §7): links with submenus that open on hover and
 * on keyboard focus (CSS :hover / :focus-within), the current page and its parents marked. Below 1025 px the mobile
 * menu's toggle comes first (issue 12); without JavaScript it reveals this list. On a wide window the
 * desktop menu (overflow item, hover intent, mega panels, keyboard; desktop-menu.tsx) takes the nav
 * over once its code is here: it loads when the browser is idle, or on the first pointer or focus in
 * the nav. Kept tiny: this module is in every page's entry (the JavaScript budget).
 */
export function MainMenu(props: MainMenuProps) {
  const { items, mobile, label = 'Menu utama' } = props;
  const { pathname } = useLocation();
  const [desktop, setDesktop] = useState<typeof import('./desktop-menu')>();
  const want = () => matchMedia('(min-width:1025px)').matches && import('./desktop-menu').then(setDesktop);
  // Where idle callbacks are missing (Safari), soon after the page's own work.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => void (window.requestIdleCallback ?? setTimeout)(want), []);
  return (
    <>
      {mobile ? <MobileMenuToggle items={items} {...mobile} /> : null}
      {desktop ? (
        <desktop.default {...props} label={label} />
      ) : (
        <nav className="main-menu" aria-label={label} onPointerEnter={want} onFocus={want}>
          <ul className="main-menu__list">
            {items.map((item) => (
              <MenuEntry key={item.id} item={item} pathname={pathname} />
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

function MenuEntry({ item, pathname }: { item: MenuNode; pathname: string }) {
  const current = isCurrentUrl(item.url, pathname);
  const hasChildren = item.children.length > 0;
  return (
    <li
      className={`menu-item${hasChildren ? ' menu-item-has-children' : ''}${current ? ' current-menu-item' : ''} ${item.classes.join(' ')}`}
    >
      <a href={item.url} aria-current={current ? 'page' : undefined} target={item.target ?? undefined}>
        {item.name}
        {item.badgeText ? <span className="menu-badge">{item.badgeText}</span> : null}
        {hasChildren ? <span className="menu-arrow" aria-hidden="true" /> : null}
      </a>
      {hasChildren ? (
        <ul className="sub-menu">
          {item.children.map((child) => (
            <MenuEntry key={child.id} item={child} pathname={pathname} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A plain list of a menu's links (the `nav-menu` widget, e.g. in the footer). */
export function NavMenu({
  items,
  label,
  layout,
}: {
  items: MenuNode[];
  label?: string;
  layout: 'horizontal' | 'vertical';
}) {
  return (
    <nav className={`nav-menu nav-menu--${layout}`} aria-label={label ?? 'Menu'}>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={item.url}>{item.name}</a>
            {item.children.length > 0 ? (
              <ul>
                {item.children.map((c) => (
                  <li key={c.id}>
                    <a href={c.url}>{c.name}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
