import { getSiteOptions } from '~/content/options.server';
import type { Seo } from '~/content/seo';
import { walkTree } from '~/content/tree';
import type { Db, Dialect } from '~/db';
import type { ServerHtml } from '~/lib/server-html';
import type { PageView } from '~/pages/model';
import { toRenderedNodes } from '~/pages/render.server';
import { loadTree } from '~/pages/tree.server';
import { mediaChoices } from '~/staff/news/editor.server';
import { previewSource } from '~/staff/pages/editor.server';
import { widgetLabel } from '~/staff/pages/model';
import { settingPaths } from '~/staff/pages/settings-form';
import { type ElementCatalog, findElement } from '~/staff/pages/tree-edit';
import type { SettingField, SettingPick } from '~/ui/settings-form/model';
import { WIDGET_CATALOG, type WidgetName } from '~/widgets/catalog';

/**
 * The page editor's ties to the layers above the features (issue 14 "Pages", .dependency-cruiser.cjs):
 * the widget catalog it offers, and the preview drawn by the public page's own loaders and renderer.
 */

/** Widgets in words for staff, in the order the "add a widget" list offers them. */
const WIDGET_LABELS: Record<WidgetName, string> = {
  heading: 'Judul',
  'text-editor': 'Teks',
  image: 'Gambar',
  button: 'Tombol',
  'nav-menu': 'Menu navigasi',
  'subscribe-form': 'Formulir berlangganan',
  'store-count': 'Penghitung simpanan',
  posts: 'Daftar tulisan',
  'jet-listing-grid': 'Kisi daftar (galeri, berita, ekskul)',
  'jet-listing-calendar': 'Kalender agenda',
  'agenda-category-filter': 'Filter kategori agenda',
  'smart-filter': 'Filter',
  'smart-filter-pagination': 'Penomoran halaman filter',
  'smart-filter-apply': 'Tombol terapkan filter',
  'smart-filter-remove': 'Tombol hapus filter',
  'smart-filter-active': 'Filter aktif',
  'smart-filter-panel': 'Panel filter (ponsel)',
  'smart-listing': 'Daftar berita pintar (filter kategori dan panah)',
  playlist: 'Daftar putar video',
  countdown: 'Hitung mundur',
  ticker: 'Berita berjalan',
  share: 'Tombol bagikan',
  tabs: 'Tab',
  accordion: 'Akordeon (tanya jawab)',
  switcher: 'Pengalih dua panel',
  'image-accordion': 'Akordeon gambar',
  'view-more': 'Lihat selengkapnya (bagian tersembunyi)',
  unfold: 'Teks lipat (unfold)',
  hotspots: 'Titik info pada gambar (hotspot)',
};

/** The catalog the editor offers: every widget of WIDGET_CATALOG, in the labels' order. */
export const PAGE_CATALOG: ElementCatalog = {
  widgets: Object.fromEntries(
    (Object.keys(WIDGET_LABELS) as WidgetName[]).map((name) => [name, WIDGET_CATALOG[name].settings]),
  ),
  labels: WIDGET_LABELS,
  // The text widget's HTML is sanitized when stored, as the public render sanitizes it (widgets/registry.server.ts).
  rich: { 'text-editor': ['html'], countdown: ['message'], unfold: ['html'] },
};

/**
 * The things a widget's settings may name, for its form (settings-form.ts `withPicks`): the media
 * library's images for every `mediaId` setting (the image widget's, an item's in a list), the site's
 * menus for the menu widget.
 */
export async function settingPicks(
  db: Db,
  widget: string | null,
  fields: readonly SettingField[],
): Promise<Record<string, SettingPick[]>> {
  const picks: Record<string, SettingPick[]> = {};
  const images = settingPaths(fields, 'mediaId');
  if (images.length > 0) {
    const media = (await mediaChoices(db)).map((m) => ({ value: String(m.id), label: m.alt, thumb: m.thumb }));
    for (const path of images) picks[path] = media;
  }
  if (widget === 'nav-menu') {
    const menus = await db.selectFrom('menu').select(['slug', 'name']).orderBy('name').execute();
    picks.menu = menus.map((m) => ({ value: m.slug, label: `${m.name} (${m.slug})` }));
  }
  return picks;
}

/** What the preview renders with: the request's database, dialect, address and HTML blocks. */
export interface PreviewContext {
  db: Db;
  dialect: Dialect;
  origin: string;
  url: URL;
  serverHtml: ServerHtml | null;
}

/**
 * The draft (else the published tree) as the public page shows it: the same loaders and renderer as
 * pages/view.server.ts `treeView`, never indexed. Null when there is no such page or template.
 */
export async function pagePreview(
  ctx: PreviewContext,
  id: number,
  elementId: string | null = null,
): Promise<{
  view: PageView;
  hasDraft: boolean;
  version: number;
  /** The element being edited (`?elemen=`), outlined in the preview; null when the tree has none of that id. */
  element: { id: string; label: string } | null;
} | null> {
  const source = await previewSource(ctx.db, id);
  if (!source) return null;
  const el = elementId === null ? undefined : findElement(source.tree, elementId);
  const element = el
    ? {
        id: el.id,
        label:
          el.type === 'section' ? 'Bagian' : el.type === 'column' ? 'Kolom' : widgetLabel(WIDGET_LABELS, el.widget),
      }
    : null;
  const basePath = source.publicUrl ?? ctx.url.pathname;
  const loaded = await loadTree(source.tree, {
    db: ctx.db,
    dialect: ctx.dialect,
    postId: source.id,
    page: 1,
    basePath,
    url: ctx.url,
    serverHtml: ctx.serverHtml,
  });
  const { pageOnFront } = await getSiteOptions(ctx.db);
  const hasMainHeading = [...walkTree(loaded.tree)].some((el) => el.widget === 'heading' && el.settings.level === 1);
  const seo: Seo = {
    title: `Pratinjau: ${source.title}`,
    description: '',
    canonical: ctx.origin + basePath,
    type: 'website',
    noindex: true,
  };
  return {
    view: {
      kind: 'tree',
      title: source.title,
      // As the public page: the front page and a tree that starts with its own h1 show no title.
      showTitle: source.id !== pageOnFront && !hasMainHeading,
      postId: source.id,
      nodes: toRenderedNodes(loaded, ctx.serverHtml),
      seo,
    },
    hasDraft: source.hasDraft,
    version: source.version,
    element,
  };
}
