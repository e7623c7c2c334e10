import { listPage, listSearch } from '~/lib/list-address';
import { siteHref } from '~/lib/site-href';
import type { ListCommand } from '~/ui/settings-form/model';
/**
 * The page editor (issue 14 "Pages"): its addresses, the list's query, the words staff read for
 * widgets and their settings, and the shapes the screens get. Pure: no React, no database, no zod
 * (the screens import this module; zod stays out of the browser bundle).
 */

/** The staff screens' address. */
export const PAGES_STAFF_PATH = siteHref('/admin/halaman');
/** Pages and templates per page of the list. */
export const PAGES_PER_PAGE = 20;
/** The post types the editor opens: pages and templates (they hold an element tree). */
export const EDITABLE_TYPES = ['page', 'e-landing-page', 'template'] as const;
export type EditableType = (typeof EDITABLE_TYPES)[number];
export const TYPE_LABELS: Record<EditableType, string> = {
  page: 'Halaman',
  'e-landing-page': 'Halaman landas',
  template: 'Templat',
};
/** The list's type filter (`?jenis=`): pages (both page types) or templates. */
export const TYPE_FILTERS = ['halaman', 'templat'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

export const STATUS_LABELS: Record<string, string> = { publish: 'Terbit', draft: 'Draf', private: 'Pribadi' };

/** The editor's address of a page or template, and of its screens. */
export const editorPath = (id: number) => siteHref('/admin/halaman/:id', { id: String(id) });
export const previewPath = (id: number) => siteHref('/admin/halaman/:id/pratinjau', { id: String(id) });
export const elementPath = (id: number, elementId: string) =>
  siteHref('/admin/halaman/:id/elemen/:elementId', { id: String(id), elementId });
export const removePath = (id: number, elementId: string) =>
  siteHref('/admin/halaman/:id/elemen/:elementId/hapus', { id: String(id), elementId });
export const newWidgetPath = (id: number) => siteHref('/admin/halaman/:id/widget-baru', { id: String(id) });
export const discardPath = (id: number) => siteHref('/admin/halaman/:id/buang-draf', { id: String(id) });
/** The html id of an element's row in the editor (the address's fragment after a change). */
export const rowId = (id: string) => `el-${id}`;

/** The list's query: `?q=profil&jenis=templat&halaman=2`; anything unreadable is ignored. */
export interface PageListQuery {
  q: string;
  type: TypeFilter | null;
  page: number;
}

/** Reads the list's query from the address. */
export function parsePageListQuery(params: URLSearchParams): PageListQuery {
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const type = TYPE_FILTERS.find((t) => t === params.get('jenis')) ?? null;
  return { q, type, page: listPage(params) };
}

/** The list's address for a query (page 1, no search and every type left out). */
export function pageListHref(query: PageListQuery): string {
  return PAGES_STAFF_PATH + listSearch({ q: query.q, jenis: query.type }, query.page);
}

/** An element id from the address or a form (the tree's ids: 1–64 letters, digits, `-` or `_`). */
export function elementIdParam(raw: string | undefined | null): string | null {
  return raw && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : null;
}

/** The tree's buttons (their `aksi` value) on the editor's screen. */
export const TREE_ACTIONS = ['naik', 'turun', 'tambah-bagian', 'tambah-kolom', 'terbitkan', 'pulihkan'] as const;

/** A widget's name in words from the catalog's labels (a name they do not know is shown as it is). */
export function widgetLabel(labels: Readonly<Record<string, string>>, name: string | undefined): string {
  return name !== undefined && Object.hasOwn(labels, name) ? (labels[name] as string) : (name ?? '');
}

/** Settings in words for staff (every key of the catalog's schemas: model.test.ts checks it). */
export const SETTING_LABELS: Record<string, string> = {
  title: 'Judul',
  level: 'Tingkat judul (1–6)',
  align: 'Perataan',
  link: 'Tautan',
  html: 'Isi (HTML)',
  mediaId: 'Nomor media gambar',
  caption: 'Keterangan gambar',
  sizes: 'Lebar tampil (atribut sizes)',
  priority: 'Muat lebih dulu (gambar di bagian atas halaman)',
  text: 'Teks',
  url: 'Alamat tautan',
  items: 'Daftar item',
  id: 'ID (untuk tautan #)',
  variant: 'Gaya',
  menu: 'Menu (slug)',
  layout: 'Tata letak',
  label: 'Label',
  placeholder: 'Teks contoh di kolom isian',
  buttonLabel: 'Teks tombol',
  listId: 'Nomor daftar',
  fields: 'Kolom tambahan',
  name: 'Nama',
  redirect: 'Alamat setelah berhasil',
  store: 'Simpanan',
  postTypes: 'Jenis tulisan',
  category: 'Kategori (slug)',
  tag: 'Tag (slug)',
  perPage: 'Jumlah per halaman',
  columns: 'Jumlah kolom',
  showExcerpt: 'Tampilkan ringkasan',
  titleLevel: 'Tingkat judul tiap item',
  loadMethod: 'Cara memuat lagi',
  loadingText: 'Teks saat memuat',
  changeUrl: 'Ubah alamat saat memuat lagi',
  reinitJs: 'Jalankan ulang skrip setelah memuat',
  usePagePath: 'Ikuti nomor halaman di alamat',
  queryId: 'ID kueri (untuk filter)',
  postType: 'Jenis tulisan',
  postsNum: 'Jumlah per halaman',
  maxPostsNum: 'Jumlah paling banyak (0: tanpa batas)',
  columnsTablet: 'Jumlah kolom di tablet',
  columnsMobile: 'Jumlah kolom di ponsel',
  breakpoints: 'Kolom per lebar layar',
  xs: 'Layar sangat kecil (xs)',
  sm: 'Layar kecil (sm)',
  md: 'Layar sedang (md)',
  lg: 'Layar besar (lg)',
  xl: 'Layar sangat besar (xl)',
  xxl: 'Layar terbesar (xxl)',
  notFoundMessage: 'Pesan bila kosong',
  isMasonry: 'Susunan bata (masonry)',
  useLoadMore: 'Tombol muat lebih banyak',
  loadMoreType: 'Cara muat lebih banyak',
  loadMoreText: 'Teks tombol muat lebih banyak',
  loadMoreOffset: 'Jarak mulai memuat',
  size: 'Ukuran',
  unit: 'Satuan',
  carousel: 'Tampilkan sebagai slider',
  autoplay: 'Putar otomatis',
  autoplaySpeed: 'Jeda putar otomatis (ms)',
  speed: 'Kecepatan geser (ms)',
  slidesToScroll: 'Geser per langkah',
  arrows: 'Tampilkan panah',
  dots: 'Tampilkan titik',
  infinite: 'Berputar tanpa ujung',
  clickable: 'Seluruh item dapat diklik',
  card: 'Isi kartu tiap item',
  allLabel: 'Teks pilihan semua',
  buttonText: 'Teks tombol',
  calendar: 'ID elemen kalender',
  showImage: 'Tampilkan gambar',
  showCategory: 'Tampilkan kategori',
  showDate: 'Tampilkan tanggal (berita)',
  showDetails: 'Tampilkan jadwal, tempat, biaya dan penilaian (ekskul)',
  showStoreButtons: 'Tampilkan tombol simpan dan bandingkan',
  emptyMessage: 'Pesan bila kosong',
  filterId: 'Nomor filter',
  provider: 'Penyedia daftar',
  additionalProviders: 'Penyedia tambahan',
  prevNext: 'Tautan sebelumnya/berikutnya',
  prevText: 'Teks sebelumnya',
  nextText: 'Teks berikutnya',
  midSize: 'Nomor di sekitar halaman ini',
  endSize: 'Nomor di ujung',
  topOffset: 'Jarak atas saat menggulir (px)',
  redirectPath: 'Tampilkan hasil di halaman',
  redirectInNewWindow: 'Buka hasil di jendela baru',
  tags: 'Tampilkan sebagai tag',
  cssId: 'ID CSS',
  background: 'Latar',
  sticky: 'Menempel di atas saat menggulir',
  width: 'Lebar di desktop (%)',
  hideOnMobile: 'Sembunyikan di ponsel',
  rows: 'Jumlah baris',
  featuredPost: 'Berita utama lebih besar di awal tiap halaman',
  isArchiveTemplate: 'Bagian templat arsip (jumlah per halaman tetap)',
  showFilter: 'Tampilkan filter kategori',
  // The playlist (issue 22).
  platform: 'Layanan video',
  videoId: 'ID video (YouTube: 11 karakter; Vimeo: angka)',
  duration: 'Durasi (mis. 4:35)',
  description: 'Keterangan singkat',
  height: 'Tinggi pemutar di layar lebar (px)',
  // Issue 22: tabs, accordion, switcher.
  template: 'Templat (slug atau nomor)',
  activeIndex: 'Tab yang tampil pertama (1 = pertama)',
  ajaxTemplate: 'Muat templat saat panelnya dibuka',
  collapsible: 'Satu terbuka saja (membuka satu menutup yang lain)',
  defaultState: 'Keadaan awal',
  switchScrolling: 'Gulir ke item saat dibuka',
  switchScrollingOffset: 'Jarak gulir dari atas',
  disable: 'Panel pertama',
  enable: 'Panel kedua',
  initialState: 'Panel yang tampil pertama',
  // Issue 22: the countdown, ticker, share, reveal widgets and the motion settings.
  type: 'Jenis',
  dueDate: 'Tenggat (tanggal dan jam WIB)',
  intervalHours: 'Selang (jam)',
  intervalMinutes: 'Selang (menit)',
  expireActions: 'Tindakan saat habis',
  redirectUrl: 'Alihkan ke alamat',
  message: 'Pesan saat habis',
  showDays: 'Tampilkan hari',
  showHours: 'Tampilkan jam',
  showMinutes: 'Tampilkan menit',
  showSeconds: 'Tampilkan detik',
  showDueDate: 'Tampilkan tanggal tenggat',
  daysLabel: 'Label hari',
  hoursLabel: 'Label jam',
  minutesLabel: 'Label menit',
  secondsLabel: 'Label detik',
  postsCount: 'Jumlah berita',
  typing: 'Efek mengetik',
  networks: 'Jaringan berbagi',
  copyLink: 'Tombol salin tautan',
  print: 'Tombol cetak',
  linkText: 'Teks tautan',
  orientation: 'Arah',
  activeSize: 'Ukuran item aktif',
  activeItem: 'Item aktif bawaan (-1: tidak ada)',
  sections: 'Bagian',
  effect: 'Efek',
  showall: 'Tampilkan semua sekaligus',
  maskHeight: 'Tinggi lipatan',
  desktop: 'Desktop',
  tablet: 'Tablet',
  mobile: 'Ponsel',
  unfoldDuration: 'Lama membuka (ms)',
  unfoldEasing: 'Gerak membuka',
  foldDuration: 'Lama melipat (ms)',
  foldEasing: 'Gerak melipat',
  autoHide: 'Lipat lagi otomatis',
  autoHideTime: 'Lipat lagi setelah (detik)',
  hideOutsideClick: 'Lipat saat klik di luar',
  foldScrolling: 'Gulir kembali saat dilipat',
  fader: 'Bayangan di tepi lipatan',
  unfoldText: 'Teks tombol buka',
  foldText: 'Teks tombol tutup',
  hotspots: 'Titik info',
  horizontal: 'Posisi mendatar (%)',
  vertical: 'Posisi tegak (%)',
  showLegend: 'Tampilkan daftar keterangan',
  tooltipPlacement: 'Letak keterangan',
  tooltipTrigger: 'Keterangan muncul saat',
  tooltipArrow: 'Panah keterangan',
  tooltipShowOnInit: 'Keterangan tampil sejak awal',
  tooltipShowDuration: 'Lama muncul (ms)',
  tooltipHideDuration: 'Lama hilang (ms)',
  tooltipDelay: 'Jeda sebelum muncul (ms)',
  tooltipDistance: 'Jarak keterangan (px)',
  tooltipZIndex: 'Lapisan (z-index)',
  tooltipAnimation: 'Animasi keterangan',
  stickyOn: 'Menempel di perangkat',
  particles: 'Latar partikel',
  count: 'Jumlah partikel',
  color: 'Warna (#rrggbb)',
  links: 'Garis penghubung',
  shape: 'Bentuk',
  onPhones: 'Juga di ponsel',
  topSpacing: 'Jarak atas (px)',
  bottomSpacing: 'Jarak bawah (px)',
  parallax: 'Paralaks',
  invert: 'Arah terbalik',
  devices: 'Perangkat',
};

/** A setting's label: its own words, or the key spelt out ("loadMoreText" → "load more text"). */
export function settingLabel(key: string): string {
  return SETTING_LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The choices of the catalog's enums in words (others are shown as stored). */
export const OPTION_LABELS: Record<string, string> = {
  // Issue 22: the accordion's default state, the switcher's panels.
  expanded: 'Item pertama terbuka',
  all_collapsed: 'Semua tertutup',
  disable: 'Panel pertama',
  enable: 'Panel kedua',
  left: 'Kiri',
  center: 'Tengah',
  right: 'Kanan',
  primary: 'Utama',
  secondary: 'Sekunder',
  horizontal: 'Mendatar',
  vertical: 'Menurun',
  post: 'Berita',
  page: 'Halaman',
  'e-landing-page': 'Halaman landas',
  galeri: 'Galeri',
  ekskul: 'Ekstrakurikuler',
  loadmore: 'Tombol muat lebih banyak',
  lazyload: 'Otomatis saat digulir',
  click: 'Dengan klik',
  scroll: 'Saat digulir',
  no: 'Tidak',
  same: 'Ya, di tab yang sama',
  newTab: 'Ya, di tab baru',
  boxed: 'Berbingkai (selebar isi)',
  full: 'Selebar layar',
  none: 'Tanpa latar',
  light: 'Terang',
  brand: 'Warna sekolah',
  dark: 'Gelap',
  youtube: 'YouTube',
  desktop: 'Desktop',
  tablet: 'Tablet',
  mobile: 'Ponsel',
  circle: 'Lingkaran',
  square: 'Persegi',
  triangle: 'Segitiga',
  star: 'Bintang',
  vimeo: 'Vimeo',
};

/** One row of the staff list. */
export interface PageRow {
  id: number;
  title: string;
  type: EditableType;
  status: string;
  modifiedAt: string;
  hasDraft: boolean;
}

/** One element of the tree as the editor's screen shows it. */
export interface TreeNode {
  id: string;
  type: 'section' | 'column' | 'widget';
  /** "Bagian 2", "Kolom 1 (50%)", "Judul" … */
  label: string;
  /** A short line of what it shows (a heading's title, a text's first words), '' if nothing. */
  summary: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  children: TreeNode[];
}

/** A node of the screen's tree with its parent (null at the top level); null when there is none. */
export function findTreeNode(
  nodes: TreeNode[],
  id: string,
  parent: TreeNode | null = null,
): { node: TreeNode; parent: TreeNode | null } | null {
  for (const node of nodes) {
    if (node.id === id) return { node, parent };
    const inside = findTreeNode(node.children, id, node);
    if (inside) return inside;
  }
  return null;
}

/** A page or template as the editor's screen shows it. */
export interface EditorPage {
  id: number;
  type: EditableType;
  title: string;
  slug: string;
  status: string;
  /** The public address of the page ('/' for the front page), null for templates. */
  publicUrl: string | null;
  /** The tree's version the screen's forms carry back. */
  version: number;
  /** Whether a draft differs from what is published, and when it was last saved. */
  hasDraft: boolean;
  draftSavedAt: string | null;
  tree: TreeNode[];
  /** The widgets a column may get, in words, in the catalog's order. */
  widgetChoices: Array<{ value: string; label: string }>;
  /** The trees publishing replaced, newest first: each may be taken back as the draft. */
  revisions: Array<{ id: number; savedAt: string; by: string }>;
}

/** A list's button as posted; null when it is none. */
export function parseListCommand(raw: string | undefined): ListCommand | null {
  const add = /^tambah:(s(?:\.[\w$-]+)+)$/.exec(raw ?? '');
  if (add) return { op: 'tambah', list: add[1] as string };
  const item = /^(hapus|naik|turun):(s(?:\.[\w$-]+)+)\.(\d{1,4})$/.exec(raw ?? '');
  if (!item) return null;
  return { op: item[1] as 'hapus' | 'naik' | 'turun', list: item[2] as string, index: Number(item[3]) };
}
