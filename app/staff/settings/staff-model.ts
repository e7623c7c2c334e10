import type { SiteOptions } from '~/content/options';
import {
  type FILTER_URL_TYPES,
  type RESULTS_POSITIONS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '~/content/options-vocabulary';
import { siteHref } from '~/lib/site-href';

/**
 * The site settings screen (issue 14 "Site settings", administrators only): its address, its fields
 * and their limits. Pure and free of zod, so the screen's bundle stays small; the server checks the
 * same limits with the schema in staff-form.ts.
 */

export const SETTINGS_PATH = siteHref('/admin/pengaturan');

/** The form's fields as the browser posts them (names in Bahasa Indonesia, like the other staff forms). */
export interface SettingsFormValues {
  nama: string;
  slogan: string;
  deskripsi: string;
  alamat: string;
  telepon: string;
  surel: string;
  /** a media id, or '' for no logo */
  logo: string;
  facebook: string;
  instagram: string;
  youtube: string;
  tiktok: string;
  x: string;
  whatsapp: string;
  url_filter: string;
  /** '1' when the page cache is on (a checkbox: absent when off) */
  cache_halaman: string;
  /** The header search (site option `header_search`): '1' when Enter with no result chosen opens `/?s=` */
  cari_enter: string;
  /** the news categories the header search looks in (ids; none: everything), posted as `cari_kategori-<id>` */
  cari_kategori: string[];
  /** the results' width in px, '' for the field's own width */
  cari_lebar: string;
  /** where the results float under the field: left, center or right */
  cari_posisi: string;
}

/** The header search's category checkboxes: `cari_kategori-<id>` (a form keeps one value per name). */
export const SEARCH_CATEGORY_FIELD = 'cari_kategori-';

/** The ids of the ticked `cari_kategori-<id>` boxes, as posted (checked by the server's schema). */
export function searchCategoryIds(fields: Record<string, string>): string[] {
  return Object.keys(fields)
    .filter((k) => k.startsWith(SEARCH_CATEGORY_FIELD) && fields[k] !== '')
    .map((k) => k.slice(SEARCH_CATEGORY_FIELD.length));
}

/** The results' width the header field may take (content/options.ts `headerSearchSettings`). */
export const RESULTS_WIDTH = { min: 200, max: 1200 } as const;

export const RESULTS_POSITION_LABELS: Record<(typeof RESULTS_POSITIONS)[number], string> = {
  left: 'Rata kiri kolom pencarian',
  center: 'Di tengah kolom pencarian',
  right: 'Rata kanan kolom pencarian',
};

export const SETTINGS_LIMITS = {
  nama: 100,
  slogan: 200,
  deskripsi: 500,
  alamat: 300,
  telepon: 30,
  surel: 254,
  link: 300,
} as const;

export const SOCIAL_EXAMPLES: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/namasekolah',
  instagram: 'https://www.instagram.com/namasekolah',
  youtube: 'https://www.youtube.com/@namasekolah',
  tiktok: 'https://www.tiktok.com/@namasekolah',
  x: 'https://x.com/namasekolah',
  whatsapp: 'https://wa.me/6281234567890',
};

export const FILTER_URL_LABELS: Record<(typeof FILTER_URL_TYPES)[number], string> = {
  plain: 'Parameter biasa (…/berita/?jsf=…)',
  permalink: 'Segmen alamat (…/berita/jsf/…/)',
};

/** The stored options as the form shows them. */
export function settingsValues(
  options: Pick<SiteOptions, 'site' | 'logo' | 'filtersUrlType' | 'pageCache' | 'headerSearch'>,
) {
  const { site, headerSearch } = options;
  const values: SettingsFormValues = {
    nama: site.title,
    slogan: site.tagline,
    deskripsi: site.description,
    alamat: site.address,
    telepon: site.phone,
    surel: site.email,
    logo: options.logo === null ? '' : String(options.logo),
    facebook: '',
    instagram: '',
    youtube: '',
    tiktok: '',
    x: '',
    whatsapp: '',
    url_filter: options.filtersUrlType,
    cache_halaman: options.pageCache ? '1' : '',
    cari_enter: headerSearch.submitOnEnter ? '1' : '',
    cari_kategori: headerSearch.categories.map(String),
    cari_lebar: headerSearch.resultsWidth === null ? '' : String(headerSearch.resultsWidth),
    cari_posisi: headerSearch.resultsPosition,
  };
  for (const network of SOCIAL_NETWORKS) values[network] = site.social[network] ?? '';
  return values;
}

/** The posted fields as the form shows them back after an error (nothing typed is lost). */
export function typedSettings(fields: Record<string, string>): SettingsFormValues {
  const pick = (k: keyof SettingsFormValues) => (fields[k] ?? '').slice(0, 2_000);
  return {
    nama: pick('nama'),
    slogan: pick('slogan'),
    deskripsi: pick('deskripsi'),
    alamat: pick('alamat'),
    telepon: pick('telepon'),
    surel: pick('surel'),
    logo: pick('logo'),
    facebook: pick('facebook'),
    instagram: pick('instagram'),
    youtube: pick('youtube'),
    tiktok: pick('tiktok'),
    x: pick('x'),
    whatsapp: pick('whatsapp'),
    url_filter: pick('url_filter'),
    cache_halaman: fields.cache_halaman ? '1' : '',
    cari_enter: fields.cari_enter ? '1' : '',
    cari_kategori: searchCategoryIds(fields).slice(0, 100),
    cari_lebar: pick('cari_lebar'),
    cari_posisi: pick('cari_posisi'),
  };
}
