import { Form } from 'react-router';
import { FILTER_URL_TYPES, RESULTS_POSITIONS, SOCIAL_LABELS, SOCIAL_NETWORKS } from '~/content/options-vocabulary';
import {
  CsrfField,
  labelled,
  StaffFieldError,
  StaffHead,
  StaffImagePicker,
  StaffMessage,
  StaffProblems,
  StaffSelect,
  StaffSubmit,
  StaffSwitch,
  StaffTextArea,
  StaffTextField,
  staffFields,
} from '~/ui/staff';
import {
  FILTER_URL_LABELS,
  RESULTS_POSITION_LABELS,
  RESULTS_WIDTH,
  SEARCH_CATEGORY_FIELD,
  SETTINGS_LIMITS,
  type SettingsFormValues,
  SOCIAL_EXAMPLES,
} from '../staff-model';

/** The school's phone and e-mail: typed as given, never filled in from the staff member's own. */
const CONTACT_FIELDS = [
  { name: 'telepon', hint: 'Misalnya (022) 555-0142. Boleh kosong.', type: 'tel' },
  { name: 'surel', hint: 'Misalnya info@sekolah.sch.id. Boleh kosong.', inputMode: 'email' },
] as const;

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
/** A switch's id, name and state ('1' when on) from the form's values. */
const switchOf = (name: 'cache_halaman' | 'cari_enter', values: SettingsFormValues) => ({
  id: fieldId(name),
  name,
  checked: values[name] === '1',
});

/**
 * The site settings (issue 14 "Site settings"): a plain POST form that works without JavaScript; after
 * an error it shows what was sent with the messages next to their fields, and the focus goes to the
 * list of problems. The page cache is emptied by a form of its own.
 */
export function SettingsScreen({ values, version, media, categories, errors, done }: SettingsScreenProps) {
  const { field, href } = staffFields('pengaturan-', LABELS, values, errors);
  return (
    <section className="staff-settings">
      <StaffHead title="Pengaturan situs" />
      {done === 'saved' && (
        <StaffMessage>
          Pengaturan disimpan dan sudah tampil di situs publik. <a href="/">Lihat beranda</a>
        </StaffMessage>
      )}
      {done === 'purged' && (
        <StaffMessage>
          Cache halaman dikosongkan di semua proses server: setiap halaman dibuat baru saat dibuka berikutnya.
        </StaffMessage>
      )}
      <StaffProblems subject="Pengaturan" errors={errors} href={href} />
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        <fieldset className="post-editor__box">
          <legend>Identitas sekolah</legend>
          <StaffTextField
            {...field('nama')}
            hint="Tampil di kepala dan kaki setiap halaman."
            required
            maxLength={SETTINGS_LIMITS.nama}
          />
          <StaffTextField {...field('slogan')} hint="Boleh kosong." maxLength={SETTINGS_LIMITS.slogan} />
          <StaffTextArea
            {...field('deskripsi')}
            hint="Untuk mesin pencari dan umpan berita. Boleh kosong."
            rows={3}
            maxLength={SETTINGS_LIMITS.deskripsi}
          />
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
          <StaffTextField {...field('alamat')} hint="Satu baris. Boleh kosong." maxLength={SETTINGS_LIMITS.alamat} />
          {CONTACT_FIELDS.map(({ name, ...input }) => (
            <StaffTextField
              key={name}
              {...field(name)}
              {...input}
              autoComplete="off"
              maxLength={SETTINGS_LIMITS[name]}
            />
          ))}
        </fieldset>
        <fieldset className="post-editor__box">
          <legend>Media sosial</legend>
          <p className="staff-hint">Alamat lengkap yang diawali https://. Kosongkan yang tidak dipakai.</p>
          {SOCIAL_NETWORKS.map((network) => (
            <StaffTextField
              key={network}
              {...field(network)}
              hint={`Misalnya ${SOCIAL_EXAMPLES[network]}`}
              inputMode="url"
              autoComplete="off"
              maxLength={SETTINGS_LIMITS.link}
            />
          ))}
        </fieldset>
        <fieldset className="post-editor__box">
          <legend>Tampilan dan kinerja</legend>
          <StaffSelect
            {...field('url_filter')}
            hint="Bentuk alamat halaman yang difilter. Tautan lama dalam bentuk mana pun tetap berfungsi."
            options={labelled(FILTER_URL_TYPES, FILTER_URL_LABELS)}
          />
          <StaffSwitch
            {...switchOf('cache_halaman', values)}
            label="Simpan halaman untuk pengunjung (cache halaman)"
            hint="Halaman publik disajikan jauh lebih cepat. Setiap perubahan oleh staf tetap langsung tampil."
          />
        </fieldset>
        <HeaderSearchFields values={values} categories={categories} errors={errors} />
        <StaffSubmit label="Simpan pengaturan" />
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
  const { field } = staffFields('pengaturan-', LABELS, values, errors);
  const error = (name: string) => <StaffFieldError id={fieldId(name)} error={errors[name]} as="p" />;
  return (
    <fieldset className="post-editor__box">
      <legend>Pencarian di kepala situs</legend>
      <StaffSwitch
        {...switchOf('cari_enter', values)}
        label="Enter tanpa hasil terpilih membuka halaman hasil pencarian"
        hint="Tanpa centang, Enter hanya membuka hasil yang sedang disorot."
      />
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
      <StaffTextField
        {...field('cari_lebar')}
        hint={`Untuk kolom pencarian di layar lebar: ${RESULTS_WIDTH.min} sampai ${RESULTS_WIDTH.max}. Kosongkan agar hasil selebar kolomnya.`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
      />
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
