import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField, type StaffControlProps, StaffField } from '~/ui/staff';
import type { FilterType, QueryType } from '../model';
import {
  APPLY_TYPE_LABELS,
  COUNTER_MODE_LABELS,
  FILTER_LIMITS,
  FILTER_TYPE_LABELS,
  FILTERS_STAFF_PATH,
  type FilterFormField,
  type FilterFormValues,
  type FilterUse,
  fieldApplies,
  INDEXER_RULE_LABELS,
  isFilterType,
  isQueryType,
  PERIOD_TYPE_LABELS,
  QUERY_TYPE_LABELS,
  queryTypesOf,
  TYPED_SETTING_FIELDS,
} from '../staff-model';
import { APPLY_TYPES, COUNTER_MODES, FILTER_TYPES, INDEXER_RULES, PERIOD_TYPES, QUERY_TYPES } from '../vocabulary';
import { FilterUses } from './staff-filter-list';

export interface FilterFormProps {
  /** null for a new filter */
  id: number | null;
  values: FilterFormValues;
  /** The stored record's version, sent back to catch a second editor's save ('' for a new filter). */
  version: string;
  /** Names the query may take: the stored taxonomies and meta keys. */
  taxonomies: string[];
  metaKeys: string[];
  /** Pages and templates that show the filter. */
  uses: FilterUse[];
  /** Messages per field (and `form` for the whole form) after a failed save. */
  errors: Record<string, string>;
  /** Set after a save. */
  saved: boolean;
}

const LABELS: Record<FilterFormField, string> = {
  nama: 'Nama filter',
  jenis: 'Jenis filter',
  label: 'Label',
  label_aktif: 'Label di daftar filter aktif',
  jenis_kueri: 'Jenis kueri',
  var_kueri: 'Nama kueri',
  kotak_kustom: 'Meta berisi daftar centang (is_custom_checkbox)',
  penerapan: 'Cara menerapkan',
  sumber: 'Asal opsi',
  induk: 'Istilah induk',
  kunci_meta: 'Kunci meta opsi',
  opsi: 'Daftar opsi',
  indeks: 'Hitung jumlah isi setiap opsi',
  aturan: 'Opsi berjumlah 0',
  mode_hitung: 'Kapan jumlah dihitung ulang',
  tampil_hitungan: 'Tampilkan jumlah di samping opsi',
  placeholder: 'Teks saat kosong',
  operator: 'Beberapa pilihan digabung dengan',
  batas_opsi: 'Tampilkan sekian opsi dulu',
  dropdown: 'Tampilkan opsi dalam daftar lipat',
  tingkat: 'Tingkat pilihan',
  min: 'Nilai terkecil',
  max: 'Nilai terbesar',
  langkah: 'Langkah',
  awalan: 'Awalan',
  akhiran: 'Akhiran',
  pemisah_ribuan: 'Pemisah ribuan',
  pemisah_desimal: 'Pemisah desimal',
  desimal: 'Angka di belakang koma',
  format_tanggal: 'Format tanggal',
  periode: 'Jenis periode',
  min_huruf: 'Huruf minimal',
  urutan: 'Pilihan urutan',
  huruf: 'Huruf',
  pilih_banyak: 'Boleh memilih beberapa huruf',
  bintang: 'Jumlah bintang',
  swatch: 'Opsi tampil sebagai',
};

const fieldId = (name: FilterFormField) => `filter-${name}`;

/**
 * A filter's form (issue 14 "Filters"): a plain POST form that works without JavaScript. Without it
 * every field shows, and the server reads only those of the chosen type; with it the fields of other
 * types and query types are hidden as the type changes. After an error it shows what was sent with
 * the messages next to their fields, and the focus goes to the list of problems.
 */
export function FilterForm({ id, values, version, taxonomies, metaKeys, uses, errors, saved }: FilterFormProps) {
  const [type, setType] = useState<FilterType>(isFilterType(values.jenis) ? values.jenis : 'checkboxes');
  const [queryType, setQueryType] = useState<QueryType>(
    isQueryType(values.jenis_kueri) ? values.jenis_kueri : 'tax_query',
  );
  const [source, setSource] = useState(values.sumber === 'manual' ? 'manual' : 'meta-values');
  const [hydrated, setHydrated] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors);
  useEffect(() => setHydrated(true), []);
  // A new answer with problems (not a re-render while typing) moves the focus to their list.
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  // Before hydration nothing is hidden: without JavaScript every field can be filled in.
  const hide = (field: FilterFormField) => hydrated && !fieldApplies(type, queryType, field);
  const allHidden = (fields: readonly FilterFormField[]) => fields.every(hide);
  const queryTypes = hydrated ? queryTypesOf(type) : QUERY_TYPES;
  const chooseType = (next: FilterType) => {
    setType(next);
    const allowed = queryTypesOf(next);
    if (!allowed.includes(queryType)) setQueryType(allowed[0] as QueryType);
  };

  const field = (
    name: FilterFormField,
    control: (a: StaffControlProps) => ReactNode,
    hint?: ReactNode,
    hidden: boolean = hide(name),
  ) => (
    <StaffField id={fieldId(name)} label={LABELS[name]} hint={hint} error={errors[name]} hidden={hidden}>
      {control}
    </StaffField>
  );
  const text = (name: FilterFormField, hint?: ReactNode, extra: Record<string, unknown> = {}) =>
    field(
      name,
      (a) => <input {...a} name={name} defaultValue={values[name]} maxLength={FILTER_LIMITS.text} {...extra} />,
      hint,
    );
  const lines = (name: FilterFormField, hint: ReactNode, rows = 6, hidden?: boolean) =>
    field(
      name,
      (a) => <textarea {...a} name={name} defaultValue={values[name]} rows={rows} spellCheck={false} />,
      hint,
      hidden,
    );
  const check = (name: FilterFormField) => (
    <div className="admin-field staff-check" hidden={hide(name)}>
      <input id={fieldId(name)} type="checkbox" name={name} value="ya" defaultChecked={values[name] === 'ya'} />
      <label htmlFor={fieldId(name)}>{LABELS[name]}</label>
    </div>
  );
  const choice = (
    name: FilterFormField,
    options: ReadonlyArray<readonly [string, string]>,
    hint?: ReactNode,
    props: Record<string, unknown> = {},
  ) =>
    field(
      name,
      (a) => (
        <select {...a} name={name} defaultValue={values[name]} {...props}>
          {options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ),
      hint,
    );
  const numberField = (name: FilterFormField, hint?: string) =>
    text(name, hint, { inputMode: 'decimal', maxLength: 30 });

  const title = id === null ? 'Filter baru' : 'Ubah filter';
  return (
    <>
      <title>{`${title} · Filter · Ruang Staf`}</title>
      <p>
        <Link to={FILTERS_STAFF_PATH}>‹ Semua filter</Link>
      </p>
      <h1>{title}</h1>
      {saved && (
        <p role="status" className="admin-notice">
          Filter disimpan. Halaman yang memakainya langsung menampilkan perubahan ini, jumlah opsinya ikut dihitung
          ulang.
        </p>
      )}
      {problems.length > 0 && (
        <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
          <p>Filter belum disimpan. Periksa isian berikut:</p>
          <ul>
            {problems.map(([name, message]) => (
              <li key={name}>
                {name in LABELS ? <a href={`#${fieldId(name as FilterFormField)}`}>{message}</a> : message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {id !== null && (
        <div className="admin-field">
          <span className="post-editor__label">Dipakai di</span>
          <FilterUses uses={uses} />
        </div>
      )}
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        <fieldset className="post-editor__box">
          <legend>Filter</legend>
          {text('nama', 'Hanya untuk staf, misalnya “Galeri: kategori kegiatan”.', { required: true })}
          {field('jenis', (a) => (
            <select
              {...a}
              name="jenis"
              value={type}
              onChange={(e) => {
                if (isFilterType(e.currentTarget.value)) chooseType(e.currentTarget.value);
              }}
            >
              {FILTER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FILTER_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          ))}
          {text('label', 'Judul filter yang dilihat pengunjung.', { required: true })}
          {text('label_aktif', 'Boleh kosong: sama dengan label.')}
          {choice(
            'penerapan',
            APPLY_TYPES.map((t) => [t, APPLY_TYPE_LABELS[t]] as const),
            'Dengan tombol Terapkan, filter berlaku saat tombol Terapkan di halaman ditekan.',
          )}
        </fieldset>

        <fieldset className="post-editor__box">
          <legend>Kueri</legend>
          {field(
            'jenis_kueri',
            (a) => (
              <select
                {...a}
                name="jenis_kueri"
                value={queryType}
                onChange={(e) => {
                  if (isQueryType(e.currentTarget.value)) setQueryType(e.currentTarget.value);
                }}
              >
                {queryTypes.map((t) => (
                  <option key={t} value={t}>
                    {QUERY_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            ),
            'Apa yang disaring. Setiap jenis filter hanya memakai jenis kueri tertentu.',
          )}
          {text(
            'var_kueri',
            <>
              Nama taksonomi ({taxonomies.join(', ') || '—'}) atau kunci meta ({metaKeys.join(', ') || '—'}).
            </>,
            {
              list: 'filter-query-names',
              maxLength: FILTER_LIMITS.queryVar,
              autoCapitalize: 'none',
              spellCheck: false,
            },
          )}
          <datalist id="filter-query-names">
            {[...(queryType === 'meta_query' ? metaKeys : taxonomies)].map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          {check('kotak_kustom')}
        </fieldset>

        <fieldset className="post-editor__box" hidden={allHidden(['induk', 'sumber', 'kunci_meta', 'opsi'])}>
          <legend>Opsi</legend>
          {text('induk', 'Taksonomi: boleh kosong untuk semua istilah; isi slug istilah untuk anak-anaknya saja.', {
            maxLength: FILTER_LIMITS.text,
            autoCapitalize: 'none',
          })}
          {field(
            'sumber',
            (a) => (
              <select {...a} name="sumber" value={source} onChange={(e) => setSource(e.currentTarget.value)}>
                <option value="meta-values">Nilai meta yang tersimpan</option>
                <option value="manual">Daftar opsi sendiri</option>
              </select>
            ),
            'Meta: opsi diambil dari nilai yang tersimpan, atau dari daftar yang ditulis di bawah.',
          )}
          {field(
            'kunci_meta',
            (a) => (
              <input
                {...a}
                name="kunci_meta"
                defaultValue={values.kunci_meta}
                maxLength={FILTER_LIMITS.queryVar}
                list="filter-meta-keys"
                autoCapitalize="none"
                spellCheck={false}
              />
            ),
            'Boleh kosong: sama dengan nama kueri.',
            hide('kunci_meta') || (hydrated && source !== 'meta-values'),
          )}
          <datalist id="filter-meta-keys">
            {metaKeys.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          {lines(
            'opsi',
            <>
              Satu opsi per baris: <code>nilai | label</code>, lalu boleh <code>| #rrggbb</code> (warna) dan/atau{' '}
              <code>| nomor gambar</code>.
            </>,
            8,
            hide('opsi') || (hydrated && source !== 'manual'),
          )}
        </fieldset>

        <fieldset className="post-editor__box" hidden={allHidden(['indeks'])}>
          <legend>Jumlah per opsi</legend>
          {check('indeks')}
          {check('tampil_hitungan')}
          {choice(
            'aturan',
            INDEXER_RULES.map((r) => [r, INDEXER_RULE_LABELS[r]] as const),
          )}
          {choice(
            'mode_hitung',
            COUNTER_MODES.map((m) => [m, COUNTER_MODE_LABELS[m]] as const),
          )}
        </fieldset>

        <fieldset className="post-editor__box" hidden={hydrated && allHidden(TYPED_SETTING_FIELDS)}>
          <legend>
            {hydrated ? `Pengaturan ${FILTER_TYPE_LABELS[type].toLowerCase()}` : 'Pengaturan menurut jenis'}
          </legend>
          {!hydrated && (
            <p className="staff-hint">Isi hanya pengaturan jenis filter yang dipilih; yang lain diabaikan.</p>
          )}
          {text('placeholder', 'Daftar pilihan, pencarian, urutan dan tanggal.')}
          {choice(
            'operator',
            [
              ['', 'Bawaan (ATAU)'],
              ['OR', 'ATAU: salah satu'],
              ['AND', 'DAN: semuanya'],
            ],
            'Kotak centang: isi yang ditampilkan punya salah satu atau semua pilihan pengunjung.',
          )}
          {numberField('batas_opsi', 'Kotak centang: 0 atau kosong untuk semua opsi.')}
          {check('dropdown')}
          {lines(
            'tingkat',
            <>
              Pilihan bertingkat, tingkat teratas dulu, satu per baris: <code>label | teks saat kosong</code>.
            </>,
            3,
          )}
          {numberField('min', 'Rentang angka.')}
          {numberField('max', 'Rentang angka.')}
          {numberField('langkah', 'Rentang angka.')}
          {field(
            'awalan',
            (a) => (
              <input {...a} name="awalan" defaultValue={values.awalan} maxLength={20} />
            ),
            'Rentang angka, misalnya “Rp ” (spasi ikut).',
          )}
          {field('akhiran', (a) => (
            <input {...a} name="akhiran" defaultValue={values.akhiran} maxLength={20} />
          ))}
          {field(
            'pemisah_ribuan',
            (a) => (
              <input {...a} name="pemisah_ribuan" defaultValue={values.pemisah_ribuan} maxLength={3} />
            ),
            'Misalnya titik.',
          )}
          {field('pemisah_desimal', (a) => (
            <input {...a} name="pemisah_desimal" defaultValue={values.pemisah_desimal} maxLength={3} />
          ))}
          {numberField('desimal', '0 sampai 6.')}
          {choice(
            'periode',
            [['', 'Pilih jenis periode'], ...PERIOD_TYPES.map((p) => [p, PERIOD_TYPE_LABELS[p]] as const)],
            'Periode tanggal.',
          )}
          {text('format_tanggal', 'Tanggal: huruf format pemilih tanggal, misalnya dd/mm/yy (bawaan mm/dd/yy).', {
            maxLength: 40,
          })}
          {numberField('min_huruf', 'Pencarian: teks yang lebih pendek dianggap kosong.')}
          {lines(
            'urutan',
            <>
              Urutan, satu per baris: <code>label | date, title, meta_value_num atau meta_value | ASC atau DESC</code>,
              lalu <code>| kunci meta</code> untuk urutan menurut meta.
            </>,
            4,
          )}
          {text('huruf', 'Abjad: huruf dipisah spasi, misalnya A B C.', { maxLength: 400 })}
          {check('pilih_banyak')}
          {numberField('bintang', 'Penilaian: 1 sampai 10.')}
          {choice(
            'swatch',
            [
              ['', 'Pilih tampilan'],
              ['color', 'Warna'],
              ['image', 'Gambar'],
            ],
            'Contoh warna atau gambar: setiap opsi menyebut warnanya atau nomor gambarnya.',
          )}
        </fieldset>

        <div className="admin-actions">
          <button type="submit" className="button">
            Simpan filter
          </button>
          {id !== null && <Link to={`${FILTERS_STAFF_PATH}${id}/hapus/`}>Hapus filter</Link>}
        </div>
      </Form>
    </>
  );
}

/** The step before a deletion: what goes, and a POST button to confirm it; refused while pages show the filter. */
export function DeleteFilter({
  id,
  name,
  uses,
  error,
}: {
  id: number;
  name: string;
  uses: FilterUse[];
  error: string | null;
}) {
  return (
    <>
      <title>{`Hapus filter · Filter · Ruang Staf`}</title>
      <h1>Hapus filter?</h1>
      {error && (
        <p role="alert" className="admin-notice admin-notice--error">
          {error}
        </p>
      )}
      {uses.length > 0 ? (
        <>
          <p>
            Filter “{name}” tidak dapat dihapus karena masih dipakai di halaman berikut. Lepaskan filter ini dari
            halaman tersebut lebih dulu (bagian Halaman), lalu coba lagi.
          </p>
          <FilterUses uses={uses} />
          <p>
            <Link to={`${FILTERS_STAFF_PATH}${id}/`}>Kembali ke filter</Link>
          </p>
        </>
      ) : (
        <>
          <p>Filter “{name}” akan dihapus. Tindakan ini tidak dapat dibatalkan.</p>
          <Form method="post" className="admin-actions">
            <CsrfField />
            <button type="submit" className="button">
              Ya, hapus filter
            </button>
            <Link to={`${FILTERS_STAFF_PATH}${id}/`}>Batal</Link>
          </Form>
        </>
      )}
    </>
  );
}
