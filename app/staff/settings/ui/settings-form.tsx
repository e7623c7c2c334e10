import { type ReactNode, useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { FILTER_URL_TYPES, RESULTS_POSITIONS, SOCIAL_LABELS, SOCIAL_NETWORKS } from '~/content/options-vocabulary';
import { CsrfField, type StaffControlProps, StaffField, StaffImagePicker } from '~/ui/staff';
import {
  FILTER_URL_LABELS,
  RESULTS_POSITION_LABELS,
  RESULTS_WIDTH,
  SEARCH_CATEGORY_FIELD,
  SETTINGS_LIMITS,
  type SettingsFormValues,
  SOCIAL_EXAMPLES,
} from '../staff-model';

export interface SettingsScreenProps {
  values: SettingsFormValues;
  /** The stored settings' version, sent back to catch a second administrator's save. */
  version: string;
  /** The media library's newest images, for the logo. */
  media: Array<{ id: number; alt: string; thumb: string }>;
  /** The news categories the header search may keep to. */
  categories: Array<{ id: number; name: string }>;
  /** Messages per field (and `form` for the whole form) after a failed save. */
  errors: Record<string, string>;
  /** What the last post did: saved the settings, or emptied the page cache. */
  done: 'saved' | 'purged' | null;
}

const LABELS: Record<string, string> = {
  nama: 'Nama sekolah',
  slogan: 'Slogan',
  deskripsi: 'Deskripsi singkat',
  alamat: 'Alamat',
  telepon: 'Telepon',
  surel: 'Surel (e-mail)',
  logo: 'Logo',
  url_filter: 'Gaya alamat filter',
  cache_halaman: 'Cache halaman',
  cari_enter: 'Enter membuka halaman hasil',
  cari_kategori: 'Kategori yang dicari',
  cari_lebar: 'Lebar hasil (piksel)',
  cari_posisi: 'Posisi hasil',
  ...SOCIAL_LABELS,
};

/** The id of a field's control, the target of the problem list's links. */
const fieldId = (name: string) => `pengaturan-${name}`;

function Field({
  name,
  hint,
  error,
  children,
}: {
  name: string;
  hint?: ReactNode;
  error?: string;
  children: (control: StaffControlProps) => ReactNode;
}) {
  return (
    <StaffField id={fieldId(name)} label={LABELS[name]} hint={hint} error={error}>
      {children}
    </StaffField>
  );
}

/**
 * The site settings (issue 14 "Site settings"): a plain POST form that works without JavaScript; after
 * an error it shows what was sent with the messages next to their fields, and the focus goes to the
 * list of problems. The page cache is emptied by a form of its own.
 */
export function SettingsScreen({ values, version, media, categories, errors, done }: SettingsScreenProps) {
  const summary = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors);
  // A new answer with problems (not a re-render while typing) moves the focus to their list.
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  return (
    <section className="staff-settings">
      <title>Pengaturan situs · Ruang Staf</title>
      <h1>Pengaturan situs</h1>
      {done === 'saved' && (
        <p role="status" className="admin-notice">
          Pengaturan disimpan dan sudah tampil di situs publik. <a href="/">Lihat beranda</a>
        </p>
      )}
      {done === 'purged' && (
        <p role="status" className="admin-notice">
          Cache halaman dikosongkan di semua proses server: setiap halaman dibuat baru saat dibuka berikutnya.
        </p>
      )}
      {problems.length > 0 && (
        <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
          <p>Pengaturan belum disimpan. Periksa isian berikut:</p>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>{field in LABELS ? <a href={`#${fieldId(field)}`}>{message}</a> : message}</li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        <fieldset className="post-editor__box">
          <legend>Identitas sekolah</legend>
          <Field name="nama" hint="Tampil di kepala dan kaki setiap halaman." error={errors.nama}>
            {(a) => <input {...a} name="nama" defaultValue={values.nama} required maxLength={SETTINGS_LIMITS.nama} />}
          </Field>
          <Field name="slogan" hint="Boleh kosong." error={errors.slogan}>
            {(a) => <input {...a} name="slogan" defaultValue={values.slogan} maxLength={SETTINGS_LIMITS.slogan} />}
          </Field>
          <Field name="deskripsi" hint="Untuk mesin pencari dan umpan berita. Boleh kosong." error={errors.deskripsi}>
            {(a) => (
              <textarea
                {...a}
                name="deskripsi"
                defaultValue={values.deskripsi}
                rows={3}
                maxLength={SETTINGS_LIMITS.deskripsi}
              />
            )}
          </Field>
        </fieldset>
        <StaffImagePicker
          id={fieldId('logo')}
          name="logo"
          legend="Logo"
          hint="Tampil di kaki setiap halaman. Pilih salah satu gambar dari pustaka media situs."
          none="Tanpa logo"
          choices={media.map((m) => ({ value: String(m.id), label: m.alt, thumb: m.thumb }))}
          value={values.logo}
          error={errors.logo}
        />
        <fieldset className="post-editor__box">
          <legend>Kontak</legend>
          <Field name="alamat" hint="Satu baris. Boleh kosong." error={errors.alamat}>
            {(a) => <input {...a} name="alamat" defaultValue={values.alamat} maxLength={SETTINGS_LIMITS.alamat} />}
          </Field>
          <Field name="telepon" hint="Misalnya (022) 555-0142. Boleh kosong." error={errors.telepon}>
            {(a) => (
              <input
                {...a}
                name="telepon"
                type="tel"
                autoComplete="off"
                defaultValue={values.telepon}
                maxLength={SETTINGS_LIMITS.telepon}
              />
            )}
          </Field>
          <Field name="surel" hint="Misalnya info@sekolah.sch.id. Boleh kosong." error={errors.surel}>
            {(a) => (
              <input
                {...a}
                name="surel"
                inputMode="email"
                autoComplete="off"
                defaultValue={values.surel}
                maxLength={SETTINGS_LIMITS.surel}
              />
            )}
          </Field>
        </fieldset>
        <fieldset className="post-editor__box">
          <legend>Media sosial</legend>
          <p className="staff-hint">Alamat lengkap yang diawali https://. Kosongkan yang tidak dipakai.</p>
          {SOCIAL_NETWORKS.map((network) => (
            <Field key={network} name={network} hint={`Misalnya ${SOCIAL_EXAMPLES[network]}`} error={errors[network]}>
              {(a) => (
                <input
                  {...a}
                  name={network}
                  inputMode="url"
                  autoComplete="off"
                  defaultValue={values[network]}
                  maxLength={SETTINGS_LIMITS.link}
                />
              )}
            </Field>
          ))}
        </fieldset>
        <fieldset className="post-editor__box">
          <legend>Tampilan dan kinerja</legend>
          <Field
            name="url_filter"
            hint="Bentuk alamat halaman yang difilter. Tautan lama dalam bentuk mana pun tetap berfungsi."
            error={errors.url_filter}
          >
            {(a) => (
              <select {...a} name="url_filter" defaultValue={values.url_filter}>
                {FILTER_URL_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {FILTER_URL_LABELS[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="admin-field staff-check">
            <input
              id={fieldId('cache_halaman')}
              type="checkbox"
              name="cache_halaman"
              value="1"
              defaultChecked={values.cache_halaman === '1'}
              aria-describedby={`${fieldId('cache_halaman')}-hint`}
            />
            <label htmlFor={fieldId('cache_halaman')}>Simpan halaman untuk pengunjung (cache halaman)</label>
          </div>
          <p id={`${fieldId('cache_halaman')}-hint`} className="staff-hint">
            Halaman publik disajikan jauh lebih cepat. Setiap perubahan oleh staf tetap langsung tampil.
          </p>
        </fieldset>
        <HeaderSearchFields values={values} categories={categories} errors={errors} />
        <div className="admin-actions">
          <button type="submit" className="button">
            Simpan pengaturan
          </button>
        </div>
      </Form>
      <h2>Kosongkan cache halaman</h2>
      <p>
        Jika sebuah halaman publik tampak belum berubah, kosongkan cache-nya: semua proses server membuat setiap halaman
        baru saat dibuka berikutnya.
      </p>
      <Form method="post" className="admin-actions">
        <CsrfField />
        <input type="hidden" name="tindakan" value="kosongkan-cache" />
        <button type="submit" className="button">
          Kosongkan cache sekarang
        </button>
      </Form>
    </section>
  );
}

/**
 * The header search's settings (site option `header_search`): Enter without a chosen result, the news
 * categories it keeps to (none ticked: everything), and where the wide header field's results float.
 */
function HeaderSearchFields({
  values,
  categories,
  errors,
}: Pick<SettingsScreenProps, 'values' | 'categories' | 'errors'>) {
  const ticked = new Set(values.cari_kategori);
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="admin-field__error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <fieldset className="post-editor__box">
      <legend>Pencarian di kepala situs</legend>
      <div className="admin-field staff-check">
        <input
          id={fieldId('cari_enter')}
          type="checkbox"
          name="cari_enter"
          value="1"
          defaultChecked={values.cari_enter === '1'}
          aria-describedby={`${fieldId('cari_enter')}-hint`}
        />
        <label htmlFor={fieldId('cari_enter')}>Enter tanpa hasil terpilih membuka halaman hasil pencarian</label>
      </div>
      <p id={`${fieldId('cari_enter')}-hint`} className="staff-hint">
        Tanpa centang, Enter hanya membuka hasil yang sedang disorot.
      </p>
      <fieldset
        id={fieldId('cari_kategori')}
        className="post-editor__box"
        aria-describedby={
          errors.cari_kategori ? `${fieldId('cari_kategori')}-error` : `${fieldId('cari_kategori')}-hint`
        }
      >
        <legend>{LABELS.cari_kategori}</legend>
        <p id={`${fieldId('cari_kategori')}-hint`} className="staff-hint">
          Pencarian hanya menampilkan berita dari kategori yang dicentang. Tanpa centang: semua isi situs.
        </p>
        {categories.map((c) => (
          <div key={c.id} className="staff-check">
            <input
              id={`${fieldId('cari_kategori')}-${c.id}`}
              type="checkbox"
              name={`${SEARCH_CATEGORY_FIELD}${c.id}`}
              value="1"
              defaultChecked={ticked.has(String(c.id))}
            />
            <label htmlFor={`${fieldId('cari_kategori')}-${c.id}`}>{c.name}</label>
          </div>
        ))}
        {error('cari_kategori')}
      </fieldset>
      <Field
        name="cari_lebar"
        hint={`Untuk kolom pencarian di layar lebar: ${RESULTS_WIDTH.min} sampai ${RESULTS_WIDTH.max}. Kosongkan agar hasil selebar kolomnya.`}
        error={errors.cari_lebar}
      >
        {(a) => (
          <input
            {...a}
            name="cari_lebar"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.cari_lebar}
            maxLength={5}
          />
        )}
      </Field>
      <fieldset
        id={fieldId('cari_posisi')}
        className="post-editor__box"
        aria-describedby={errors.cari_posisi ? `${fieldId('cari_posisi')}-error` : undefined}
      >
        <legend>{LABELS.cari_posisi}</legend>
        {RESULTS_POSITIONS.map((position) => (
          <div key={position} className="staff-check">
            <input
              id={`${fieldId('cari_posisi')}-${position}`}
              type="radio"
              name="cari_posisi"
              value={position}
              defaultChecked={values.cari_posisi === position}
            />
            <label htmlFor={`${fieldId('cari_posisi')}-${position}`}>{RESULTS_POSITION_LABELS[position]}</label>
          </div>
        ))}
        {error('cari_posisi')}
      </fieldset>
    </fieldset>
  );
}
