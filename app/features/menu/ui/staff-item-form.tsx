import { useEffect, useState } from 'react';
import { Form, Link } from 'react-router';
import {
  CsrfField,
  labelled,
  StaffConfirm,
  StaffHead,
  type StaffOption,
  StaffProblems,
  StaffSelect,
  StaffSubmit,
  StaffSwitch,
  StaffTextArea,
  StaffTextField,
  staffFields,
} from '~/ui/staff';
import {
  ITEM_LIMITS,
  type ItemFormChoices,
  type ItemFormValues,
  LINK_TYPE_LABELS,
  LINK_TYPES,
  type LinkType,
  MENUS_STAFF_PATH,
} from '../staff-model';

export interface ItemFormProps {
  /** null for a new item */
  id: number | null;
  values: ItemFormValues;
  choices: ItemFormChoices;
  /** Messages per field (and `form` for the whole form) after a failed save. */
  errors: Record<string, string>;
}

const LABELS: Record<keyof ItemFormValues, string> = {
  judul: 'Judul',
  jenis: 'Jenis tautan',
  halaman: 'Halaman',
  berita: 'Berita',
  kategori: 'Kategori',
  url: 'Alamat tautan',
  tabBaru: 'Buka di tab baru',
  ikon: 'Ikon',
  lencana: 'Teks lencana',
  keterangan: 'Keterangan',
  mega: 'Templat mega menu',
  induk: 'Letakkan di bawah',
};

/** Stored things as a select's choices. */
const titled = (things: Array<{ id: number; title: string }>): StaffOption[] =>
  things.map((t) => ({ value: t.id, label: t.title }));

/**
 * A menu item's form (issue 14 "Menus"): a plain POST form that works without JavaScript. The link
 * type picks which of page, news post, category or custom URL is used; without JavaScript every one
 * of them shows and the chosen type decides. After an error it shows what was sent, the messages next
 * to their fields, and the focus goes to the list of problems.
 */
export function ItemForm({ id, values, choices, errors }: ItemFormProps) {
  const [kind, setKind] = useState<LinkType>(values.jenis);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { field, href } = staffFields('item-', LABELS, values, errors);
  const back = `${MENUS_STAFF_PATH}${choices.menu.id}/`;
  const title = id === null ? 'Item menu baru' : 'Ubah item menu';
  // Before hydration every target field shows: the server reads the one the link type names.
  const hide = (k: LinkType) => hydrated && kind !== k;
  /** The select of a link type's stored targets, shown while that type is chosen. */
  const target = (
    k: 'halaman' | 'berita' | 'kategori',
    empty: string,
    things: Array<{ id: number; title: string }>,
    hint?: string,
  ) => <StaffSelect {...field(k)} hint={hint} hidden={hide(k)} empty={empty} options={titled(things)} />;
  return (
    <>
      <StaffHead title={title} within={choices.menu.name} back={{ to: back, label: `‹ ${choices.menu.name}` }} />
      <StaffProblems subject="Item" errors={errors} href={href} />
      <Form method="post" className="staff-form">
        <CsrfField />
        <StaffTextField {...field('judul')} required maxLength={ITEM_LIMITS.title} />
        {id === null && (
          <StaffSelect
            {...field('induk')}
            hint="Item baru menjadi item terakhir di tempat itu."
            empty="Tingkat teratas"
            options={choices.parents.map((p) => ({ value: p.id, label: `${'— '.repeat(p.depth - 1)}${p.title}` }))}
          />
        )}
        <StaffSelect
          {...field('jenis')}
          onChange={(e) => setKind(e.currentTarget.value as LinkType)}
          options={labelled(LINK_TYPES, LINK_TYPE_LABELS)}
        />
        {target('halaman', 'Pilih halaman', choices.pages)}
        {target('berita', 'Pilih berita', choices.posts, `${choices.posts.length} berita terbaru yang terbit.`)}
        {target('kategori', 'Pilih kategori', choices.categories)}
        <StaffTextField
          {...field('url')}
          hint="Alamat di situs ini yang diawali garis miring (misalnya /agenda/), atau alamat lengkap yang diawali https://."
          hidden={hide('tautan')}
          maxLength={ITEM_LIMITS.url}
          inputMode="url"
        />
        <StaffSwitch
          id="item-tabBaru"
          name="tabBaru"
          label={LABELS.tabBaru}
          value="ya"
          checked={values.tabBaru === 'ya'}
        />
        <StaffTextField
          {...field('ikon')}
          hint={
            <>
              Boleh kosong. Nama ikon dari set Lucide (lucide.dev/icons), misalnya <code>calendar</code> atau{' '}
              <code>book-open</code>.
            </>
          }
          maxLength={ITEM_LIMITS.icon}
          autoCapitalize="none"
          spellCheck={false}
        />
        <StaffTextField {...field('lencana')} hint="Boleh kosong, misalnya Baru." maxLength={ITEM_LIMITS.badge} />
        <StaffTextArea
          {...field('keterangan')}
          hint="Boleh kosong. Tampil di bawah judul di menu."
          rows={2}
          maxLength={ITEM_LIMITS.description}
        />
        <StaffSelect
          {...field('mega')}
          hint="Di layar lebar, panel templat ini tampil menggantikan submenu item."
          empty="Tanpa templat"
          options={titled(choices.templates)}
        />
        <StaffSubmit label="Simpan item">
          <Link to={back}>Batal</Link>
          {id !== null && <Link to={`${back}${id}/hapus/`}>Hapus item</Link>}
        </StaffSubmit>
      </Form>
    </>
  );
}

/** The step before a deletion: what goes, what happens to its children, and a POST button to confirm. */
export function DeleteItem({
  menu,
  item,
}: {
  menu: { id: number; name: string };
  item: { id: number; title: string; children: string[] };
}) {
  const back = `${MENUS_STAFF_PATH}${menu.id}/`;
  return (
    <>
      <StaffHead title="Hapus item" within={menu.name} heading={`Hapus “${item.title}”?`} />
      <p>{`Item “${item.title}” akan dihapus dari ${menu.name} dan dari situs.`}</p>
      {item.children.length > 0 && (
        <>
          <p>
            {`Submenunya tidak ikut terhapus: ${item.children.length} item di bawahnya naik satu tingkat dan menempati posisinya:`}
          </p>
          <ul>
            {item.children.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </>
      )}
      <StaffConfirm submit="Ya, hapus item" cancel={back} />
    </>
  );
}
