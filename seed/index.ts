import os from 'node:os';
import pLimit from 'p-limit';
import { GALLERY_FIELD } from '~/content/media';
import { SITE_OPTIONS } from '~/content/options';
import { insertNewPosts } from '~/content/posts-write.server';
import type { Element } from '~/content/tree';
import { treeSchema } from '~/content/tree';
import type { Connection, Db } from '~/db';
import { menuSettings } from '~/features/menu/settings';
import { POPUP_META } from '~/features/popups/settings';
import { loadAgenda, writeAgenda } from './agenda';
import { insertMedia, type RenderedImage, renderGeneratedImage } from './images';
import { itemImageKeys, loadContent, withItemMediaIds } from './load';
import { seedReviews } from './reviews';
import {
  type Content,
  EKSKUL_META,
  type ImageEntry,
  resolveMenuSettings,
  type SeedFilter,
  type TaxonomyName,
} from './schemas';
import { seedUsers } from './users';

export { loadContent } from './load';
export { ContentError } from './schemas';
export { seedSynthetic } from './synthetic';

/** Names of the `site_option` rows the seed writes (values are JSON text). */
export const SEED_OPTIONS = {
  /** ISO time the demo school was seeded; its presence makes seeding a no-op. */
  seeded: 'seeded',
  site: SITE_OPTIONS.site.name,
  pageOnFront: SITE_OPTIONS.pageOnFront.name,
  postsPerPage: SITE_OPTIONS.postsPerPage.name,
  filtersUrlType: SITE_OPTIONS.filtersUrlType.name,
} as const;

export interface SeedOptions {
  /** Folder the generated pictures are written to (served as /wp-content/uploads/). */
  uploadsDir: string;
  /** Seed the gallery items (default true); false leaves the gallery empty. */
  gallery?: boolean;
  /** Folder of the seed files (default: content/ at the project root). */
  contentDir?: string;
}

/** Pages are dated at the site's launch; the seed content starts with the 2024/2025 school year. */
const LAUNCH = Date.parse('2024-07-01T01:00:00.000Z');

/**
 * Seeds the demo school (content/*.yaml) once. Pictures are drawn first; every row is then
 * written in one transaction that starts by claiming the `seeded` option, so a second process
 * seeding the same database at the same time waits, fails on that row and changes nothing.
 */
export async function seedDemoSchool(conn: Connection, opts: SeedOptions): Promise<{ seeded: boolean }> {
  const { db } = conn;
  if (await isSeeded(db)) return { seeded: false };
  const content = loadContent(opts.contentDir);
  const agenda = loadAgenda(opts.contentDir);
  const withGallery = opts.gallery ?? true;

  const used = usedImageKeys(content, withGallery);
  const entries = content.images.filter((img) => used.has(img.key));
  const rendered = await pLimit(Math.max(1, Math.min(4, os.availableParallelism()))).map(entries, (img) =>
    renderGeneratedImage(opts.uploadsDir, {
      file: img.file,
      alt: img.alt,
      caption: img.caption,
      scene: img.scene,
      aspect: img.aspect,
      width: img.width,
      createdAt: img.date,
    }),
  );

  const seededAt = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('site_option')
        .values({ name: SEED_OPTIONS.seeded, value: JSON.stringify(seededAt) })
        .execute();
      await writeContent(trx, content, entries, rendered, { withGallery, seededAt });
      await writeAgenda(trx, agenda, null);
    });
  } catch (error) {
    // Another process claimed the `seeded` row first: its seed stands, ours rolled back.
    if (await isSeeded(db)) return { seeded: false };
    throw error;
  }
  return { seeded: true };
}

/** Whether the demo school has been seeded into this database. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('site_option')
    .select('name')
    .where('name', '=', SEED_OPTIONS.seeded)
    .executeTakeFirst();
  return row !== undefined;
}

async function writeContent(
  db: Db,
  content: Content,
  entries: ImageEntry[],
  rendered: RenderedImage[],
  { withGallery, seededAt }: { withGallery: boolean; seededAt: string },
) {
  const admin = await seedUsers(db, seededAt);

  const mediaIds = new Map<string, number>();
  for (const [i, entry] of entries.entries()) {
    mediaIds.set(entry.key, await insertMedia(db, rendered[i] as RenderedImage));
  }
  const mediaId = (k: string) => {
    const id = mediaIds.get(k);
    if (id === undefined) throw new Error(`image ${k} was not generated`);
    return id;
  };

  const termIds = await writeTerms(db, content.terms);
  const termId = (taxonomy: TaxonomyName, slug: string) => termIds.get(`${taxonomy}:${slug}`) as number;

  // News and gallery items are written alike, oldest first, so that ids follow the dates.
  const listed = [
    ...content.posts.map((p) => ({
      type: 'post',
      item: p,
      terms: [...p.categories.map((c) => termId('category', c)), ...p.tags.map((t) => termId('post_tag', t))],
      meta: p.meta,
    })),
    ...(withGallery ? content.gallery : []).map((g) => ({
      type: 'galeri',
      item: g,
      terms: g.categories.map((c) => termId('kategori-galeri', c)),
      meta: {
        ...g.meta,
        tahun: g.tahun,
        // The gallery field: the featured photo first, then the rest (media ids joined by commas).
        ...(g.photos.length > 0 ? { [GALLERY_FIELD]: [g.image, ...g.photos].map(mediaId).join(',') } : {}),
      },
    })),
    ...content.ekskul.map((e) => ({
      type: 'ekskul',
      item: e,
      terms: [termId('bidang-ekskul', e.bidang), ...e.tingkat.map((t) => termId('tingkat', t))],
      meta: { ...e.meta, ...Object.fromEntries(EKSKUL_META.map((k) => [k, e[k]])) },
    })),
  ];
  for (const type of ['post', 'galeri', 'ekskul']) {
    const ofType = listed.filter((e) => e.type === type).sort((a, b) => a.item.date.localeCompare(b.item.date));
    for (const { item, terms, meta } of ofType) {
      await writePost(db, {
        post: {
          type,
          slug: item.slug,
          title: item.title,
          excerpt: item.excerpt.trim(),
          content: item.content.trim(),
          author_id: admin.id,
          featured_media_id: mediaId(item.image),
          published_at: item.date,
        },
        terms,
        meta,
      });
    }
  }

  let frontId = 0;
  for (const [i, page] of content.pages.entries()) {
    const tree = resolveTree(page.tree, mediaId);
    const id = await writePost(db, {
      post: {
        type: 'page',
        slug: page.slug,
        title: page.title,
        excerpt: page.excerpt.trim(),
        content: searchableText(tree),
        tree: JSON.stringify(tree),
        author_id: admin.id,
        published_at: new Date(LAUNCH + i * 60_000).toISOString(),
        menu_order: i,
      },
    });
    if (page.front) frontId = id;
  }

  const templateIds = new Map<string, number>();
  for (const [i, template] of content.templates.entries()) {
    const tree = resolveTree(template.tree, mediaId);
    const id = await writePost(db, {
      post: {
        type: 'template',
        slug: template.slug,
        title: template.title,
        excerpt: '',
        content: '',
        tree: JSON.stringify(tree),
        author_id: admin.id,
        published_at: new Date(LAUNCH + i * 60_000).toISOString(),
      },
      meta: template.popup ? { [POPUP_META]: JSON.stringify(template.popup) } : {},
    });
    templateIds.set(template.slug, id);
  }
  const templateId = (slug: string) => {
    const id = templateIds.get(slug);
    if (id === undefined) throw new Error(`template ${slug} was not written`);
    return id;
  };

  await writeFilters(db, content.filters, mediaId);

  for (const menu of content.menus) {
    // Stored whole (every default written out), templates by id.
    const settings = menuSettings.parse(resolveMenuSettings(menu.settings, templateId));
    const { id } = await db
      .insertInto('menu')
      .values({ slug: menu.slug, name: menu.name, location: menu.location ?? null, settings: JSON.stringify(settings) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeMenuItems(db, id, null, menu.items, templateId);
  }

  await db
    .insertInto('site_option')
    .values([
      { name: SEED_OPTIONS.site, value: JSON.stringify(content.site) },
      { name: SEED_OPTIONS.pageOnFront, value: JSON.stringify(frontId) },
      { name: SEED_OPTIONS.postsPerPage, value: JSON.stringify(10) },
      { name: SEED_OPTIONS.filtersUrlType, value: JSON.stringify('plain') },
    ])
    .execute();

  await seedReviews(db, content, seededAt);
}

/** Inserts terms parents first; returns ids by `taxonomy:slug`. */
async function writeTerms(db: Db, terms: Content['terms']): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [taxonomy, list] of Object.entries(terms)) {
    let pending = [...list];
    while (pending.length > 0) {
      const ready = pending.filter((t) => !t.parent || ids.has(`${taxonomy}:${t.parent}`));
      if (ready.length === 0) throw new Error(`terms.yaml: ${taxonomy} has a cycle of parents`);
      for (const t of ready) {
        const { id } = await db
          .insertInto('term')
          .values({
            taxonomy,
            slug: t.slug,
            name: t.name,
            description: t.description,
            parent_id: t.parent ? (ids.get(`${taxonomy}:${t.parent}`) as number) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(`${taxonomy}:${t.slug}`, id);
      }
      pending = pending.filter((t) => !ready.includes(t));
    }
  }
  return ids;
}

/** The stored smart filters, with the pictures of their manual options as media ids. */
async function writeFilters(db: Db, filters: SeedFilter[], mediaId: (key: string) => number) {
  if (filters.length === 0) return;
  await db
    .insertInto('smart_filter')
    .values(
      filters.map(({ record: f, optionImages }) => {
        const source =
          f.source.kind === 'manual'
            ? {
                ...f.source,
                options: f.source.options.map((o, j) => {
                  const key = optionImages[j];
                  return key ? { ...o, imageId: mediaId(key) } : o;
                }),
              }
            : f.source;
        return {
          id: f.id,
          name: f.name,
          type: f.type,
          label: f.label,
          active_label: f.activeLabel,
          query_type: f.queryType,
          query_var: f.queryVar,
          query_var_suffix: f.queryVarSuffix,
          apply_type: f.applyType,
          source: JSON.stringify(source),
          indexer: JSON.stringify(f.indexer),
          settings: JSON.stringify(f.settings),
        };
      }),
    )
    .execute();
}

interface PostInput {
  post: {
    type: string;
    slug: string;
    title: string;
    excerpt: string;
    content: string;
    tree?: string;
    author_id: number;
    featured_media_id?: number;
    published_at: string;
    menu_order?: number;
  };
  terms?: number[];
  meta?: Record<string, string | number>;
}

async function writePost(db: Db, { post, terms = [], meta = {} }: PostInput): Promise<number> {
  const [id] = await insertNewPosts(db, [
    {
      post: {
        ...post,
        status: 'publish',
        tree: post.tree ?? null,
        parent_id: null,
        featured_media_id: post.featured_media_id ?? null,
        modified_at: post.published_at,
        menu_order: post.menu_order ?? 0,
      },
      terms,
      meta: Object.entries(meta).map(([meta_key, value]) => ({ meta_key, ...metaValue(value) })),
    },
  ]);
  return id as number;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A meta value in its typed column: numbers, dates (as ISO UTC text) or text. */
export function metaValue(value: string | number): {
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
} {
  if (typeof value === 'number') return { value_text: null, value_number: value, value_date: null };
  if (DATE_ONLY.test(value)) return { value_text: null, value_number: null, value_date: `${value}T00:00:00.000Z` };
  if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
    return { value_text: null, value_number: null, value_date: new Date(value).toISOString() };
  }
  return { value_text: value, value_number: null, value_date: null };
}

async function writeMenuItems(
  db: Db,
  menuId: number,
  parentId: number | null,
  items: Content['menus'][number]['items'],
  templateId: (slug: string) => number,
) {
  for (const [position, item] of items.entries()) {
    const { id } = await db
      .insertInto('menu_item')
      .values({
        menu_id: menuId,
        parent_id: parentId,
        position,
        title: item.title,
        url: item.url,
        target: item.target ?? null,
        icon: item.icon ?? null,
        badge: item.badge ?? null,
        description: item.description ?? null,
        mega_template_id: item.megaTemplate ? templateId(item.megaTemplate) : null,
        mega_content_type: item.megaContentType ?? 'elementor',
        attr_title: item.attrTitle ?? null,
        xfn: item.xfn ?? null,
        classes: item.classes ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (item.children.length) await writeMenuItems(db, menuId, id, item.children, templateId);
  }
}

/** Puts media ids in place of image keys and checks the result as a stored tree. */
function resolveTree(tree: Content['pages'][number]['tree'], mediaId: (key: string) => number): Element[] {
  const resolve = (el: Content['pages'][number]['tree'][number]): Element => {
    let settings = el.settings;
    // The image widget's and the hotspots' picture (issue 22) by its media.yaml key.
    if (el.widget === 'image' || el.widget === 'hotspots') {
      const { image, ...rest } = settings;
      settings = { mediaId: mediaId(String(image)), ...rest };
    }
    settings = withItemMediaIds(settings, mediaId);
    return { ...el, settings, children: el.children.map(resolve) };
  };
  return treeSchema.parse(tree.map(resolve));
}

/** The page's words for full-text search: headings and text blocks in reading order. */
function searchableText(tree: Element[]): string {
  const parts: string[] = [];
  const walk = (els: Element[]) => {
    for (const el of els) {
      if (el.widget === 'heading') parts.push(`<h2>${String(el.settings.title)}</h2>`);
      if (el.widget === 'text-editor') parts.push(String(el.settings.html).trim());
      walk(el.children);
    }
  };
  walk(tree);
  return parts.join('\n');
}

/** The image keys the seed will use: featured images, page and template images, filter swatches. */
function usedImageKeys(content: Content, withGallery: boolean): Set<string> {
  const keys = new Set<string>([...content.posts, ...content.ekskul].map((p) => p.image));
  if (withGallery) for (const g of content.gallery) for (const k of [g.image, ...g.photos]) keys.add(k);
  for (const f of content.filters) for (const k of f.optionImages) if (k) keys.add(k);
  const walk = (els: Content['pages'][number]['tree']) => {
    for (const el of els) {
      if (el.widget === 'image' || el.widget === 'hotspots') keys.add(String(el.settings.image));
      for (const key of itemImageKeys(el.settings)) if (key !== undefined) keys.add(String(key));
      walk(el.children);
    }
  };
  for (const p of content.pages) walk(p.tree);
  for (const t of content.templates) walk(t.tree);
  return keys;
}
