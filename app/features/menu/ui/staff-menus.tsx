import { Link } from 'react-router';
import { StaffAddLink, StaffHead, StaffNotice, StaffTreeButton, StaffTreeLink, StaffTreeRow } from '~/ui/staff';
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
      <StaffHead title="Menu" heading="Menu situs" />
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
  return (
    <>
      <StaffHead title={menu.name} within="Menu" back={{ to: MENUS_STAFF_PATH, label: '‹ Semua menu' }} />
      <p className="staff-hint">{`${menu.location}. Menu paling dalam ${MENU_MAX_DEPTH} tingkat.`}</p>
      <StaffNotice notice={notice} focusId={notice?.itemId === undefined ? undefined : rowId(notice.itemId)} />
      <StaffAddLink to={`${here}baru/`} label="Tambah item">
        {' '}
        <Link to={`${here}pengaturan/`} className="button button--secondary">
          Pengaturan menu
        </Link>
      </StaffAddLink>
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
          <StaffTreeRow
            id={rowId(item.id)}
            text={
              <>
                <strong>{item.title}</strong>
                {item.badge && <span className="staff-menu-tree__badge">{item.badge}</span>}
                <span className="staff-hint">
                  {`${item.target} · `}
                  <span className="staff-menu-tree__url">{item.url}</span>
                  {item.newTab ? ' · tab baru' : ''}
                  {item.icon ? ` · ikon ${item.icon}` : ''}
                  {item.hasMega ? ' · templat mega' : ''}
                </span>
              </>
            }
            action={here}
            actions={
              <>
                <input type="hidden" name="item" value={item.id} />
                {MOVES.map((move) => (
                  <StaffTreeButton
                    key={move}
                    name="gerak"
                    value={move}
                    disabled={!item.moves[move]}
                    label={MOVE_LABELS[move]}
                    of={item.title}
                  />
                ))}
                <StaffTreeLink to={`${here}${item.id}/`} label="Ubah" of={item.title} />
                <StaffTreeLink to={`${here}${item.id}/hapus/`} label="Hapus" of={item.title} />
              </>
            }
          />
          {item.children.length > 0 && <Items items={item.children} here={here} label={`Subitem ${item.title}`} />}
        </li>
      ))}
    </ol>
  );
}
