import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField } from '~/ui/staff';
import {
  MENU_MAX_DEPTH,
  MENUS_STAFF_PATH,
  MOVE_LABELS,
  MOVES,
  type StaffMenu,
  type StaffMenuSummary,
  type StaffTreeItem,
} from '../staff-model';

/** The menus' list (/admin/menu/): each menu by its place in the layout, opening its item tree. */
export function MenuList({ menus }: { menus: StaffMenuSummary[] }) {
  return (
    <>
      <title>Menu · Ruang Staf</title>
      <h1>Menu situs</h1>
      <p>Pilih menu untuk menambah, menyusun, mengubah, atau menghapus itemnya. Perubahan langsung tampil di situs.</p>
      {menus.length === 0 ? (
        <p>Belum ada menu.</p>
      ) : (
        <ul className="staff-menus">
          {menus.map((m) => (
            <li key={m.id}>
              <Link to={`${MENUS_STAFF_PATH}${m.id}/`} className="staff-menus__name">
                {m.name}
              </Link>
              <span className="staff-hint">{`${m.location} · ${m.items} item`}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What the last change did, shown above the tree. */
export interface TreeNotice {
  ok: boolean;
  message: string;
  /** The item the change was about: its row gets the focus. */
  itemId?: number;
}

export interface MenuTreeProps {
  menu: StaffMenu;
  notice: TreeNotice | null;
}

const rowId = (id: number) => `menu-item-${id}`;

/**
 * One menu's items as a nested list (issue 14 "Menus"). Each row shows the item's title and target
 * and its buttons: Naik, Turun, Masukkan, Keluarkan (one plain POST form per row, each button named
 * after its item), and links to change or delete it. After a change the focus goes back to the row of
 * the item concerned, or to the message when there is none.
 */
export function MenuTree({ menu, notice }: MenuTreeProps) {
  const here = `${MENUS_STAFF_PATH}${menu.id}/`;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!notice) return;
    const row = notice.itemId === undefined ? null : document.getElementById(rowId(notice.itemId));
    (row ?? noticeRef.current)?.focus();
  }, [notice]);
  return (
    <>
      <title>{`${menu.name} · Menu · Ruang Staf`}</title>
      <p>
        <Link to={MENUS_STAFF_PATH}>‹ Semua menu</Link>
      </p>
      <h1>{menu.name}</h1>
      <p className="staff-hint">{`${menu.location}. Menu paling dalam ${MENU_MAX_DEPTH} tingkat.`}</p>
      {notice && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role={notice.ok ? 'status' : 'alert'}
          className={notice.ok ? 'admin-notice' : 'admin-notice admin-notice--error'}
        >
          {notice.message}
        </p>
      )}
      <p className="admin-actions">
        <Link to={`${here}baru/`} className="button">
          Tambah item
        </Link>{' '}
        <Link to={`${here}pengaturan/`} className="button button--secondary">
          Pengaturan menu
        </Link>
      </p>
      {menu.items.length === 0 ? (
        <p>Menu ini belum punya item.</p>
      ) : (
        <Items items={menu.items} here={here} label={`Item ${menu.name}`} />
      )}
    </>
  );
}

function Items({ items, here, label }: { items: StaffTreeItem[]; here: string; label: string }) {
  return (
    <ol className="staff-menu-tree" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <div id={rowId(item.id)} tabIndex={-1} className="staff-menu-tree__row">
            <div className="staff-menu-tree__text">
              <strong>{item.title}</strong>
              {item.badge && <span className="staff-menu-tree__badge">{item.badge}</span>}
              <span className="staff-hint">
                {`${item.target} · `}
                <span className="staff-menu-tree__url">{item.url}</span>
                {item.newTab ? ' · tab baru' : ''}
                {item.icon ? ` · ikon ${item.icon}` : ''}
                {item.hasMega ? ' · templat mega' : ''}
              </span>
            </div>
            <Form method="post" action={here} className="staff-menu-tree__actions">
              <CsrfField />
              <input type="hidden" name="item" value={item.id} />
              {MOVES.map((move) => (
                <button
                  key={move}
                  type="submit"
                  name="gerak"
                  value={move}
                  disabled={!item.moves[move]}
                  className="button button--secondary staff-menu-tree__button"
                  aria-label={`${MOVE_LABELS[move]}: ${item.title}`}
                >
                  {MOVE_LABELS[move]}
                </button>
              ))}
              <Link
                to={`${here}${item.id}/`}
                className="button button--secondary staff-menu-tree__button"
                aria-label={`Ubah: ${item.title}`}
              >
                Ubah
              </Link>
              <Link
                to={`${here}${item.id}/hapus/`}
                className="button button--secondary staff-menu-tree__button"
                aria-label={`Hapus: ${item.title}`}
              >
                Hapus
              </Link>
            </Form>
          </div>
          {item.children.length > 0 && <Items items={item.children} here={here} label={`Subitem ${item.title}`} />}
        </li>
      ))}
    </ol>
  );
}
