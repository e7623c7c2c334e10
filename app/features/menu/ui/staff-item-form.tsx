import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField, type StaffControlProps, StaffField } from '~/ui/staff';
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

type A11y = StaffControlProps;

/** One labelled field of the item form. */
function Field({
  name,
  hint,
  error,
  hidden,
  children,
}: {
  name: keyof ItemFormValues;
  hint?: ReactNode;
  error?: string;
  hidden?: boolean;
  children: (control: A11y) => ReactNode;
}) {
  return (
    <StaffField id={`item-${name}`} label={LABELS[name]} hint={hint} error={error} hidden={hidden}>
      {children}
    </StaffField>
  );
}

/** A select of stored choices, with a first "pick one" option. */
function Choices({
  a11y,
  name,
  value,
  empty,
  options,
}: {
  a11y: A11y;
  name: string;
  value: string;
  empty: string;
  options: Array<{ id: number; title: string }>;
}) {
  return (
    <select {...a11y} name={name} defaultValue={value}>
      <option value="">{empty}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.title}
        </option>
      ))}
    </select>
  );
}

/**
 * A menu item's form (issue 14 "Menus"): a plain POST form that works without JavaScript. The link
 * type picks which of page, news post, category or custom URL is used; without JavaScript every one
 * of them shows and the chosen type decides. After an error it shows what was sent, the messages next
 * to their fields, and the focus goes to the list of problems.
 */
export function ItemForm({ id, values, choices, errors }: ItemFormProps) {
  const [kind, setKind] = useState<LinkType>(values.jenis);
  const [hydrated, setHydrated] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors);
  useEffect(() => setHydrated(true), []);
  // A new answer with problems (not a re-render while typing) moves the focus to their list.
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  const back = `${MENUS_STAFF_PATH}${choices.menu.id}/`;
  const title = id === null ? 'Item menu baru' : 'Ubah item menu';
  // Before hydration every target field shows: the server reads the one the link type names.
  const hide = (k: LinkType) => hydrated && kind !== k;
  return (
    <>
      <title>{`${title} · ${choices.menu.name} · Ruang Staf`}</title>
      <p>
        <Link to={back}>{`‹ ${choices.menu.name}`}</Link>
      </p>
      <h1>{title}</h1>
      {problems.length > 0 && (
        <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
          <p>Item belum disimpan. Periksa isian berikut:</p>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>{field in LABELS ? <a href={`#item-${field}`}>{message}</a> : message}</li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" className="staff-form">
        <CsrfField />
        <Field name="judul" error={errors.judul}>
          {(a) => <input {...a} name="judul" defaultValue={values.judul} required maxLength={ITEM_LIMITS.title} />}
        </Field>
        {id === null && (
          <Field name="induk" hint="Item baru menjadi item terakhir di tempat itu." error={errors.induk}>
            {(a) => (
              <select {...a} name="induk" defaultValue={values.induk}>
                <option value="">Tingkat teratas</option>
                {choices.parents.map((p) => (
                  <option key={p.id} value={p.id}>
                    {`${'— '.repeat(p.depth - 1)}${p.title}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field name="jenis" error={errors.jenis}>
          {(a) => (
            <select
              {...a}
              name="jenis"
              defaultValue={values.jenis}
              onChange={(e) => setKind(e.currentTarget.value as LinkType)}
            >
              {LINK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {LINK_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="halaman" error={errors.halaman} hidden={hide('halaman')}>
          {(a) => (
            <Choices a11y={a} name="halaman" value={values.halaman} empty="Pilih halaman" options={choices.pages} />
          )}
        </Field>
        <Field
          name="berita"
          hint={`${choices.posts.length} berita terbaru yang terbit.`}
          error={errors.berita}
          hidden={hide('berita')}
        >
          {(a) => <Choices a11y={a} name="berita" value={values.berita} empty="Pilih berita" options={choices.posts} />}
        </Field>
        <Field name="kategori" error={errors.kategori} hidden={hide('kategori')}>
          {(a) => (
            <Choices
              a11y={a}
              name="kategori"
              value={values.kategori}
              empty="Pilih kategori"
              options={choices.categories}
            />
          )}
        </Field>
        <Field
          name="url"
          hint="Alamat di situs ini yang diawali garis miring (misalnya /agenda/), atau alamat lengkap yang diawali https://."
          error={errors.url}
          hidden={hide('tautan')}
        >
          {(a) => <input {...a} name="url" defaultValue={values.url} maxLength={ITEM_LIMITS.url} inputMode="url" />}
        </Field>
        <div className="admin-field staff-check">
          <input id="item-tabBaru" type="checkbox" name="tabBaru" value="ya" defaultChecked={values.tabBaru === 'ya'} />
          <label htmlFor="item-tabBaru">{LABELS.tabBaru}</label>
        </div>
        <Field
          name="ikon"
          hint={
            <>
              Boleh kosong. Nama ikon dari set Lucide (lucide.dev/icons), misalnya <code>calendar</code> atau{' '}
              <code>book-open</code>.
            </>
          }
          error={errors.ikon}
        >
          {(a) => (
            <input
              {...a}
              name="ikon"
              defaultValue={values.ikon}
              maxLength={ITEM_LIMITS.icon}
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
        <Field name="lencana" hint="Boleh kosong, misalnya Baru." error={errors.lencana}>
          {(a) => <input {...a} name="lencana" defaultValue={values.lencana} maxLength={ITEM_LIMITS.badge} />}
        </Field>
        <Field name="keterangan" hint="Boleh kosong. Tampil di bawah judul di menu." error={errors.keterangan}>
          {(a) => (
            <textarea
              {...a}
              name="keterangan"
              defaultValue={values.keterangan}
              rows={2}
              maxLength={ITEM_LIMITS.description}
            />
          )}
        </Field>
        <Field
          name="mega"
          hint="Di layar lebar, panel templat ini tampil menggantikan submenu item."
          error={errors.mega}
        >
          {(a) => (
            <Choices a11y={a} name="mega" value={values.mega} empty="Tanpa templat" options={choices.templates} />
          )}
        </Field>
        <div className="admin-actions">
          <button type="submit" className="button">
            Simpan item
          </button>
          <Link to={back}>Batal</Link>
          {id !== null && <Link to={`${back}${id}/hapus/`}>Hapus item</Link>}
        </div>
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
      <title>{`Hapus item · ${menu.name} · Ruang Staf`}</title>
      <h1>{`Hapus “${item.title}”?`}</h1>
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
      <Form method="post" className="admin-actions">
        <CsrfField />
        <button type="submit" className="button">
          Ya, hapus item
        </button>
        <Link to={back}>Batal</Link>
      </Form>
    </>
  );
}
