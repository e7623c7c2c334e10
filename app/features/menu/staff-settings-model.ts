import { siteHref } from '~/lib/site-href';
/**
 * The menu settings screen (issue 21, /admin/menu/{id}/pengaturan/): the fields staff set of a menu's
 * own settings (settings.ts: the desktop menu's hover or click and mega panels, the mobile menu's
 * layout, toggle and levels), their words and their choices. Pure and free of zod, so the screen's
 * bundle stays small; the server checks the posted values with the stored settings' own schema.
 */

/** The settings screen of a menu. */
export const menuSettingsPath = (menuId: number) =>
  siteHref('/admin/menu/:menuId/pengaturan', { menuId: String(menuId) });

/** A setting as the form shows it: a choice, a switch, a line of text, a colour or a template. */
export type SettingField = {
  /** The setting's key in its group (`desktop` or `mobile`) of settings.ts. */
  key: string;
  label: string;
  hint?: string;
  /** Shown when the schema refuses the value. */
  problem: string;
} & (
  | { kind: 'choice'; choices: ReadonlyArray<readonly [value: string, label: string]> }
  | { kind: 'switch' }
  | { kind: 'text'; max: number; placeholder?: string }
  | { kind: 'colour' }
  | { kind: 'template' }
);

export type SettingGroup = 'desktop' | 'mobile';

const pick = 'Pilih salah satu pilihan yang ada.';
const TRIGGERS = [
  ['item', 'Seluruh item'],
  ['submarker', 'Hanya tanda panahnya'],
] as const;

/**
 * The desktop menu's fields (1025 px and wider). `breakpoint` is left out: below 1025 px the mobile menu
 * takes over whatever it says (README), and a stored one is kept.
 */
export const DESKTOP_FIELDS: readonly SettingField[] = [
  {
    key: 'subEvent',
    label: 'Submenu terbuka saat',
    kind: 'choice',
    choices: [
      ['hover', 'Penunjuk di atas item (hover)'],
      ['click', 'Item diklik'],
    ],
    problem: pick,
  },
  {
    key: 'subTrigger',
    label: 'Yang membuka submenu',
    hint: 'Dengan “Hanya tanda panahnya”, klik pada judul item langsung membuka tautannya.',
    kind: 'choice',
    choices: TRIGGERS,
    problem: pick,
  },
  {
    key: 'rollUp',
    label: 'Item yang tidak muat masuk ke “⋯”',
    hint: 'Tanpa centang, menu yang panjang turun ke baris berikutnya.',
    kind: 'switch',
    problem: pick,
  },
  {
    key: 'megaWidthType',
    label: 'Lebar panel mega',
    kind: 'choice',
    choices: [
      ['container', 'Selebar wadah menu'],
      ['items', 'Selebar deretan item'],
      ['selector', 'Selebar elemen pilihan (pemilih CSS di bawah)'],
    ],
    problem: pick,
  },
  {
    key: 'megaWidthSelector',
    label: 'Pemilih CSS elemen lebar mega',
    hint: 'Hanya untuk “Selebar elemen pilihan”, misalnya .site-header__inner.',
    kind: 'text',
    max: 200,
    problem: 'Isi pemilih CSS (tanpa <, >, {, } atau ;) bila lebar panel mega mengikuti elemen pilihan.',
  },
  {
    key: 'megaAjaxLoad',
    label: 'Isi panel mega dimuat saat pertama dibuka',
    hint: 'Halaman lebih ringan; tanpa centang isi panel ikut dimuat bersama menu.',
    kind: 'switch',
    problem: pick,
  },
];

/** The mobile menu's fields (below 1025 px). */
export const MOBILE_FIELDS: readonly SettingField[] = [
  {
    key: 'menuLayout',
    label: 'Tata letak menu ponsel',
    kind: 'choice',
    choices: [
      ['slide-out', 'Panel geser di atas halaman'],
      ['dropdown', 'Panel turun di bawah kepala situs'],
      ['push', 'Panel samping yang menggeser halaman'],
    ],
    problem: pick,
  },
  {
    key: 'menuPosition',
    label: 'Panel datang dari',
    kind: 'choice',
    choices: [
      ['right', 'Kanan'],
      ['left', 'Kiri'],
    ],
    problem: pick,
  },
  {
    key: 'togglePosition',
    label: 'Letak tombol menu',
    kind: 'choice',
    choices: [
      ['default', 'Di kepala situs'],
      ['fixed-left', 'Tetap di kiri layar'],
      ['fixed-right', 'Tetap di kanan layar'],
    ],
    problem: pick,
  },
  {
    key: 'toggleText',
    label: 'Teks di samping ikon tombol',
    hint: 'Boleh kosong.',
    kind: 'text',
    max: 40,
    problem: 'Teks tombol paling panjang 40 karakter.',
  },
  { key: 'toggleLoader', label: 'Tombol menampilkan tanda memuat', kind: 'switch', problem: pick },
  {
    key: 'loaderColor',
    label: 'Warna tanda memuat',
    hint: 'Kode warna #rgb atau #rrggbb, misalnya #3a3a3a.',
    kind: 'colour',
    problem: 'Tulis warna sebagai #rgb atau #rrggbb, misalnya #3a3a3a.',
  },
  {
    key: 'subTrigger',
    label: 'Yang membuka tingkat berikutnya',
    kind: 'choice',
    choices: TRIGGERS,
    problem: pick,
  },
  {
    key: 'subOpenLayout',
    label: 'Tingkat berikutnya tampil sebagai',
    kind: 'choice',
    choices: [
      ['slide-in', 'Panel yang bergeser masuk'],
      ['dropdown', 'Daftar terbuka di bawah itemnya'],
    ],
    problem: pick,
  },
  { key: 'itemIconVisible', label: 'Tampilkan ikon item', kind: 'switch', problem: pick },
  { key: 'itemBadgeVisible', label: 'Tampilkan lencana item', kind: 'switch', problem: pick },
  { key: 'itemDescVisible', label: 'Tampilkan keterangan item', kind: 'switch', problem: pick },
  { key: 'useBreadcrumb', label: 'Tampilkan jejak tingkat (breadcrumb)', kind: 'switch', problem: pick },
  {
    key: 'breadcrumbPath',
    label: 'Jejak tingkat',
    kind: 'choice',
    choices: [
      ['full', 'Lengkap'],
      ['minimal', 'Hanya tingkat sebelumnya'],
    ],
    problem: pick,
  },
  {
    key: 'backText',
    label: 'Teks tombol kembali',
    hint: 'Kosongkan untuk “Kembali”.',
    kind: 'text',
    max: 40,
    problem: 'Teks tombol kembali paling panjang 40 karakter.',
  },
  { key: 'closeAfterNavigate', label: 'Tutup menu setelah pindah halaman', kind: 'switch', problem: pick },
  {
    key: 'headerTemplate',
    label: 'Templat di kepala panel',
    kind: 'template',
    problem: 'Pilih salah satu templat yang ada.',
  },
  {
    key: 'beforeTemplate',
    label: 'Templat sebelum item',
    kind: 'template',
    problem: 'Pilih salah satu templat yang ada.',
  },
  {
    key: 'afterTemplate',
    label: 'Templat sesudah item',
    kind: 'template',
    problem: 'Pilih salah satu templat yang ada.',
  },
];

export const SETTING_FIELDS: Record<SettingGroup, readonly SettingField[]> = {
  desktop: DESKTOP_FIELDS,
  mobile: MOBILE_FIELDS,
};

/** A setting's form field name: `desktop-subEvent`, `mobile-menuLayout`. */
export const settingFieldName = (group: SettingGroup, key: string) => `${group}-${key}`;

/** The form's values, by field name, as text: a switch is '1' when on, a template its id ('0': none). */
export type MenuSettingsValues = Record<string, string>;

/** Stored settings (both groups, every key with its value) as the form shows them. */
export function menuSettingsValues(settings: Record<SettingGroup, Record<string, unknown>>): MenuSettingsValues {
  const values: MenuSettingsValues = {};
  for (const group of ['desktop', 'mobile'] as const) {
    for (const field of SETTING_FIELDS[group]) {
      const value = settings[group][field.key];
      values[settingFieldName(group, field.key)] =
        field.kind === 'switch' ? (value === true ? '1' : '') : value === undefined ? '' : String(value);
    }
  }
  return values;
}

/** The posted fields as the form shows them back after an error (nothing typed is lost). */
export function typedMenuSettings(fields: Record<string, string>): MenuSettingsValues {
  const values: MenuSettingsValues = {};
  for (const group of ['desktop', 'mobile'] as const) {
    for (const field of SETTING_FIELDS[group]) {
      const name = settingFieldName(group, field.key);
      values[name] = field.kind === 'switch' ? (fields[name] ? '1' : '') : (fields[name] ?? '').slice(0, 300);
    }
  }
  return values;
}

/** What the settings screen shows of a menu. */
export interface MenuSettingsScreenData {
  menu: { id: number; name: string; location: string };
  values: MenuSettingsValues;
  /** The stored settings' version (a digest of them), sent back to catch another save in between. */
  version: string;
  templates: Array<{ id: number; title: string }>;
}
