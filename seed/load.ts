import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import type { FilterRecord } from '~/features/filters/settings';
import { menuSettings } from '~/features/menu/settings';
import { type ReviewsFile, reviewsFileSchema } from '~/features/reviews/settings';
import { isWidgetName, WIDGET_CATALOG } from '~/widgets/catalog';
import { type Carried, checkFilterGroups, filterProblem } from './check-filters';
import {
  type Content,
  ContentError,
  columnSettings,
  type Drawing,
  EKSKUL_META,
  ekskulFileSchema,
  filtersFileSchema,
  formatPath,
  galleryFileSchema,
  type ImageEntry,
  MENU_TEMPLATE_KEYS,
  mediaFileSchema,
  menusFileSchema,
  pagesFileSchema,
  postsFileSchema,
  resolveMenuSettings,
  type SeedFilter,
  sectionSettings,
  siteSchema,
  type TaxonomyName,
  type Terms,
  templatesFileSchema,
  termsFileSchema,
  type YamlEkskulItem,
  type YamlElement,
  type YamlGalleryItem,
  type YamlPost,
  yamlFilter,
} from './schemas';

/**
 * Loading the seed files (content/*.yaml) into one checked `Content`, a function per file. Every
 * problem is reported as `content/<file>: <path>: <message>`.
 */

/** The folder of the seed files: `content/` at the project root. */
export function defaultContentDir(): string {
  const beside = fileURLToPath(new URL('../content/', import.meta.url));
  return fs.existsSync(path.join(beside, 'site.yaml')) ? beside : path.resolve('content');
}

function readYaml<S extends z.ZodType>(dir: string, file: string, schema: S): z.output<S> {
  const full = path.join(dir, file);
  let text: string;
  try {
    text = fs.readFileSync(full, 'utf8');
  } catch (e) {
    throw new ContentError(file, '', `cannot read the file (${(e as Error).message})`);
  }
  const doc = parseDocument(text, { prettyErrors: true });
  const first = doc.errors[0];
  if (first) throw new ContentError(file, '', `not valid YAML: ${first.message}`);
  const parsed = schema.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new ContentError(file, formatPath(issue.path), issue.message);
  }
  return parsed.data;
}

/** Reads and checks every seed file, including the references between them. */
export function loadContent(dir: string = defaultContentDir()): Content {
  const site = readYaml(dir, 'site.yaml', siteSchema);
  const media = readYaml(dir, 'media.yaml', mediaFileSchema);
  const terms = readYaml(dir, 'terms.yaml', termsFileSchema);
  const postsFile = readYaml(dir, 'posts.yaml', postsFileSchema);
  const galleryFile = readYaml(dir, 'gallery.yaml', galleryFileSchema);
  const ekskulFile = readYaml(dir, 'ekskul.yaml', ekskulFileSchema);
  const filtersFile = readYaml(dir, 'filters.yaml', filtersFileSchema);
  const pagesFile = readYaml(dir, 'pages.yaml', pagesFileSchema);
  const templatesFile = readYaml(dir, 'templates.yaml', templatesFileSchema);
  const menusFile = readYaml(dir, 'menus.yaml', menusFileSchema);
  const reviews = readYaml(dir, 'reviews.yaml', reviewsFileSchema);

  const images = loadMedia(media);
  checkTerms(terms);
  const posts = loadPosts(postsFile.posts, terms, images);
  const gallery = loadGallery(galleryFile.items, terms, images);
  const ekskul = loadEkskul(ekskulFile.items, terms, images);
  const carried = carriedBy(posts, gallery, ekskul);
  const filters = loadFilters(filtersFile.filters, terms, carried, images.byKey);
  const trees: TreeChecks = {
    images: images.byKey,
    menuSlugs: new Set(menusFile.menus.map((m) => m.slug)),
    elementIds: new Map(),
    filters: new Map(filters.map(({ record }) => [record.id, record])),
    carried,
  };
  checkPages(pagesFile.pages, trees);
  checkTemplates(templatesFile.templates, trees);
  checkMenus(menusFile.menus, new Set(templatesFile.templates.map((t) => t.slug)));
  checkReviews(reviews, new Set(posts.map((p) => p.slug)));

  return {
    site,
    images: [...images.byKey.values()],
    terms,
    posts,
    gallery,
    ekskul,
    filters,
    pages: pagesFile.pages,
    templates: templatesFile.templates,
    menus: menusFile.menus,
    reviews,
  };
}

/** The pictures to draw by key, and their files: two pictures in one file would overwrite each other. */
interface ImageBook {
  byKey: Map<string, ImageEntry>;
  files: Set<string>;
}

/** media.yaml: the pictures entries share, each to its own file. */
function loadMedia(media: z.output<typeof mediaFileSchema>): ImageBook {
  const byKey = new Map<string, ImageEntry>();
  for (const [k, img] of Object.entries(media.images)) {
    byKey.set(k, { key: k, ...img, date: img.date ?? '2024-07-01T00:00:00.000Z' });
  }
  const files = new Set<string>();
  for (const img of byKey.values()) {
    if (files.has(img.file))
      throw new ContentError('media.yaml', `images.${img.key}.file`, `file ${img.file} is used twice`);
    files.add(img.file);
  }
  return { byKey, files };
}

/** Resolves a featured image reference, registering an inline drawing as its own image. */
function featured(
  images: ImageBook,
  file: string,
  at: string,
  entry: { slug: string; title: string; date: string; image: string | Drawing },
): string {
  if (typeof entry.image === 'string') {
    if (!images.byKey.has(entry.image))
      throw new ContentError(file, `${at}.image`, `no image "${entry.image}" in media.yaml`);
    return entry.image;
  }
  const k = `${file.replace(/\.yaml$/, '')}-${entry.slug}`;
  const d = new Date(entry.date);
  const img: ImageEntry = {
    key: k,
    file: `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${entry.slug}`,
    alt: entry.image.alt ?? `Ilustrasi: ${entry.title}`,
    caption: entry.image.caption,
    scene: entry.image.scene,
    aspect: entry.image.aspect,
    date: entry.date,
  };
  if (images.files.has(img.file)) throw new ContentError(file, `${at}.image`, `file ${img.file} is used twice`);
  images.files.add(img.file);
  images.byKey.set(k, img);
  return k;
}

/** terms.yaml: unique slugs per taxonomy, parents that exist. */
function checkTerms(terms: Terms) {
  for (const [taxonomy, list] of Object.entries(terms)) {
    const slugs = new Set<string>();
    list.forEach((t, i) => {
      if (slugs.has(t.slug)) throw new ContentError('terms.yaml', `${taxonomy}[${i}].slug`, `duplicate slug ${t.slug}`);
      slugs.add(t.slug);
    });
    list.forEach((t, i) => {
      if (t.parent && !slugs.has(t.parent)) {
        throw new ContentError('terms.yaml', `${taxonomy}[${i}].parent`, `no ${taxonomy} with slug ${t.parent}`);
      }
    });
  }
}

/** Unique slugs and dates; every term a field names exists in its taxonomy. */
function checkEntries<T extends { slug: string; date: string }>(
  file: string,
  listName: string,
  list: T[],
  fields: Array<[field: keyof T & string, taxonomy: TaxonomyName]>,
  terms: Terms,
) {
  const slugs = new Set<string>();
  const dates = new Set<string>();
  list.forEach((e, i) => {
    const at = `${listName}[${i}]`;
    if (slugs.has(e.slug)) throw new ContentError(file, `${at}.slug`, `duplicate slug ${e.slug}`);
    slugs.add(e.slug);
    // Listings order by date; equal dates would make the order depend on ids.
    if (dates.has(e.date)) throw new ContentError(file, `${at}.date`, `another entry is published at ${e.date}`);
    dates.add(e.date);
    for (const [field, taxonomy] of fields) {
      const known = new Set(terms[taxonomy].map((t) => t.slug));
      const value = e[field] as string | string[];
      const list = Array.isArray(value) ? value : [value];
      list.forEach((t, j) => {
        const where = Array.isArray(value) ? `${at}.${field}[${j}]` : `${at}.${field}`;
        if (!known.has(t)) throw new ContentError(file, where, `no ${taxonomy} with slug ${t}`);
      });
    }
  });
}

/** posts.yaml: the news, with their categories and tags. */
function loadPosts(list: YamlPost[], terms: Terms, images: ImageBook): Content['posts'] {
  checkEntries(
    'posts.yaml',
    'posts',
    list,
    [
      ['categories', 'category'],
      ['tags', 'post_tag'],
    ],
    terms,
  );
  return list.map((p, i) => ({ ...p, image: featured(images, 'posts.yaml', `posts[${i}]`, p) }));
}

/** gallery.yaml: each item dated in the year (`tahun`) it is filed under. */
function loadGallery(list: YamlGalleryItem[], terms: Terms, images: ImageBook): Content['gallery'] {
  checkEntries('gallery.yaml', 'items', list, [['categories', 'kategori-galeri']], terms);
  return list.map((g, i) => {
    if (new Date(g.date).getUTCFullYear() !== g.tahun) {
      throw new ContentError('gallery.yaml', `items[${i}].tahun`, `tahun ${g.tahun} is not the year of ${g.date}`);
    }
    return {
      ...g,
      image: featured(images, 'gallery.yaml', `items[${i}]`, g),
      photos: g.photos.map((p, j) => galleryPhoto(images, `items[${i}].photos[${j}]`, g, p, j + 2)),
    };
  });
}

/** Gallery photos are drawn 800 px wide (two copies each instead of three): the seed stays fast. */
const GALLERY_PHOTO_WIDTH = 800;

/** Registers photo number `n` of a gallery item (the featured image is number 1) as its own image. */
function galleryPhoto(
  images: ImageBook,
  at: string,
  item: { slug: string; title: string; date: string },
  photo: Drawing,
  n: number,
): string {
  const k = `gallery-${item.slug}-${n}`;
  const d = new Date(item.date);
  const img: ImageEntry = {
    key: k,
    file: `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${item.slug}-${n}`,
    alt: photo.alt ?? (photo.caption ? `${item.title}: ${photo.caption}` : `${item.title}, foto ${n}`),
    caption: photo.caption,
    scene: photo.scene,
    aspect: photo.aspect,
    date: item.date,
    width: GALLERY_PHOTO_WIDTH,
  };
  if (images.files.has(img.file)) throw new ContentError('gallery.yaml', at, `file ${img.file} is used twice`);
  images.files.add(img.file);
  images.byKey.set(k, img);
  return k;
}

/** ekskul.yaml: the activities, each under its field, its fixed meta (EKSKUL_META) apart from free meta. */
function loadEkskul(list: YamlEkskulItem[], terms: Terms, images: ImageBook): Content['ekskul'] {
  checkEntries(
    'ekskul.yaml',
    'items',
    list,
    [
      ['bidang', 'bidang-ekskul'],
      ['tingkat', 'tingkat'],
    ],
    terms,
  );
  const fields = new Set(terms['bidang-ekskul'].filter((t) => !t.parent).map((t) => t.slug));
  return list.map((e, i) => {
    // An activity names its activity, not its field: filtering on a field includes the activities below it.
    if (fields.has(e.bidang)) {
      throw new ContentError('ekskul.yaml', `items[${i}].bidang`, `${e.bidang} is a field; name the activity below it`);
    }
    for (const k of Object.keys(e.meta)) {
      if ((EKSKUL_META as readonly string[]).includes(k)) {
        throw new ContentError('ekskul.yaml', `items[${i}].meta.${k}`, `${k} is a field of the item, not free meta`);
      }
    }
    return { ...e, image: featured(images, 'ekskul.yaml', `items[${i}]`, e) };
  });
}

/** What each post type carries, so that a filter can be checked against the listing it narrows. */
function carriedBy(posts: Content['posts'], gallery: Content['gallery'], ekskul: Content['ekskul']): Carried {
  return {
    post: {
      taxonomies: new Set(['category', 'post_tag']),
      meta: new Set(posts.flatMap((p) => Object.keys(p.meta))),
    },
    galeri: {
      taxonomies: new Set(['kategori-galeri']),
      meta: new Set(['tahun', ...gallery.flatMap((g) => Object.keys(g.meta))]),
    },
    ekskul: {
      taxonomies: new Set(['bidang-ekskul', 'tingkat']),
      meta: new Set([...EKSKUL_META, ...ekskul.flatMap((e) => Object.keys(e.meta))]),
    },
  };
}

/** filters.yaml: every entry checked alone, then its id once and what it reads in the other files. */
function loadFilters(
  entries: Array<Record<string, unknown>>,
  terms: Terms,
  carried: Carried,
  images: Map<string, ImageEntry>,
): SeedFilter[] {
  const filters = entries.map((raw, i) => loadFilter(raw, i, images));
  const ids = new Set<number>();
  filters.forEach(({ record, optionImages }, i) => {
    const at = `filters[${i}]`;
    if (ids.has(record.id)) throw new ContentError('filters.yaml', `${at}.id`, `filter id ${record.id} is used twice`);
    ids.add(record.id);
    const problem = filterProblem(record, terms, carried, optionImages);
    if (problem) throw new ContentError('filters.yaml', `${at}.${problem.path}`, problem.message);
  });
  return filters;
}

/** What page and template trees are checked against. */
interface TreeChecks {
  images: Map<string, ImageEntry>;
  menuSlugs: Set<string>;
  /** Where each element id was first used: an id is unique across all pages and templates. */
  elementIds: Map<string, string>;
  filters: Map<number, FilterRecord>;
  carried: Carried;
}

/** pages.yaml: unique slugs, trees of sections, exactly one front page. */
function checkPages(pages: Content['pages'], checks: TreeChecks) {
  const slugs = new Set<string>();
  pages.forEach((p, i) => {
    if (slugs.has(p.slug)) throw new ContentError('pages.yaml', `pages[${i}].slug`, `duplicate slug ${p.slug}`);
    slugs.add(p.slug);
    p.tree.forEach((el, j) => {
      if (el.type !== 'section')
        throw new ContentError('pages.yaml', `pages[${i}].tree[${j}].type`, 'a page is a list of sections');
    });
    checkTree(checks, 'pages.yaml', `pages[${i}].tree`, p.tree);
    checkFilterGroups('pages.yaml', `pages[${i}].tree`, p.tree, checks.filters, checks.carried);
  });
  const fronts = pages.filter((p) => p.front);
  if (fronts.length !== 1)
    throw new ContentError('pages.yaml', 'pages', `exactly one page is the front page (found ${fronts.length})`);
}

/** templates.yaml: unique slugs, trees checked as a page's are. */
function checkTemplates(templates: Content['templates'], checks: TreeChecks) {
  const slugs = new Set<string>();
  for (const [i, t] of templates.entries()) {
    if (slugs.has(t.slug)) throw new ContentError('templates.yaml', `templates[${i}].slug`, `duplicate slug ${t.slug}`);
    slugs.add(t.slug);
    checkTree(checks, 'templates.yaml', `templates[${i}].tree`, t.tree);
    checkFilterGroups('templates.yaml', `templates[${i}].tree`, t.tree, checks.filters, checks.carried);
  }
}

/**
 * menus.yaml: unique slugs and locations; every template a menu names (an item's mega panel, the
 * mobile menu's header, before and after templates) is in templates.yaml; the settings are checked
 * with the stored schema (features/menu/settings.ts), the templates standing in as id 1.
 */
function checkMenus(menus: Content['menus'], templateSlugs: Set<string>) {
  const slugs = new Set<string>();
  const locations = new Set<string>();
  menus.forEach((menu, i) => {
    const at = `menus[${i}]`;
    if (slugs.has(menu.slug)) throw new ContentError('menus.yaml', `${at}.slug`, `duplicate slug ${menu.slug}`);
    slugs.add(menu.slug);
    if (menu.location !== undefined) {
      if (locations.has(menu.location)) {
        throw new ContentError('menus.yaml', `${at}.location`, `another menu is at location ${menu.location}`);
      }
      locations.add(menu.location);
    }
    for (const key of MENU_TEMPLATE_KEYS) {
      const ref = menu.settings.mobile?.[key];
      if (ref !== undefined && (typeof ref !== 'string' || !templateSlugs.has(ref))) {
        throw new ContentError(
          'menus.yaml',
          `${at}.settings.mobile.${key}`,
          `no template "${String(ref)}" in templates.yaml`,
        );
      }
    }
    const parsed = menuSettings.safeParse(resolveMenuSettings(menu.settings, () => 1));
    if (!parsed.success) {
      const issue = parsed.error.issues[0] as z.core.$ZodIssue;
      const setting = issue.path.length ? `.${formatPath(issue.path)}` : '';
      throw new ContentError('menus.yaml', `${at}.settings${setting}`, issue.message);
    }
    const walk = (items: Content['menus'][number]['items'], where: string) => {
      items.forEach((item, j) => {
        const here = `${where}[${j}]`;
        if (item.megaTemplate !== undefined && !templateSlugs.has(item.megaTemplate)) {
          throw new ContentError(
            'menus.yaml',
            `${here}.megaTemplate`,
            `no template "${item.megaTemplate}" in templates.yaml`,
          );
        }
        walk(item.children, `${here}.children`);
      });
    };
    walk(menu.items, `${at}.items`);
  });
}

/** Each element id once across all trees, then each element by its type. */
function checkTree(checks: TreeChecks, file: string, at: string, tree: YamlElement[]) {
  tree.forEach((el, i) => {
    const here = `${at}[${i}]`;
    const seen = checks.elementIds.get(el.id);
    if (seen) throw new ContentError(file, `${here}.id`, `element id ${el.id} is also used at ${seen}`);
    checks.elementIds.set(el.id, `${file} ${here}`);
    if (el.type === 'widget') checkWidget(checks, file, here, el);
    else checkLayout(checks, file, here, el);
  });
}

/** A widget: no children, a name of the catalog, its settings; an image and a menu name ones that exist. */
function checkWidget(checks: TreeChecks, file: string, here: string, el: YamlElement) {
  if (el.children.length) throw new ContentError(file, `${here}.children`, 'a widget has no children');
  const schema = isWidgetName(el.widget) ? WIDGET_CATALOG[el.widget].settings : undefined;
  if (!schema) throw new ContentError(file, `${here}.widget`, `unknown widget "${el.widget ?? ''}"`);
  let settings = el.settings;
  if (el.widget === 'image' || el.widget === 'hotspots') {
    const ref = settings.image;
    if (typeof ref !== 'string' || !checks.images.has(ref)) {
      throw new ContentError(file, `${here}.settings.image`, `no image "${String(ref)}" in media.yaml`);
    }
    // Checked with a stand-in id; the seed puts the real one in.
    const { image: _key, ...rest } = settings;
    settings = { ...rest, mediaId: 1 };
  }
  itemImageKeys(settings).forEach((ref, j) => {
    if (ref !== undefined && (typeof ref !== 'string' || !checks.images.has(ref))) {
      throw new ContentError(file, `${here}.settings.items[${j}].image`, `no image "${String(ref)}" in media.yaml`);
    }
  });
  settings = withItemMediaIds(settings, () => 1);
  if (el.widget === 'nav-menu' && !checks.menuSlugs.has(String(settings.menu))) {
    throw new ContentError(file, `${here}.settings.menu`, `no menu "${String(settings.menu)}" in menus.yaml`);
  }
  const parsed = schema.strict().safeParse(settings);
  if (!parsed.success) throw settingsError(file, here, parsed.error.issues[0] as z.core.$ZodIssue);
}

/** A section holds columns, a column widgets or sections; then their settings and their children. */
function checkLayout(checks: TreeChecks, file: string, here: string, el: YamlElement) {
  if (el.widget !== undefined) throw new ContentError(file, `${here}.widget`, `a ${el.type} names no widget`);
  if (el.type === 'section') {
    el.children.forEach((child, j) => {
      if (child.type !== 'column')
        throw new ContentError(file, `${here}.children[${j}].type`, 'a section holds columns');
    });
  } else {
    el.children.forEach((child, j) => {
      if (child.type === 'column')
        throw new ContentError(file, `${here}.children[${j}].type`, 'a column holds widgets or sections');
    });
  }
  const parsed = (el.type === 'section' ? sectionSettings : columnSettings).safeParse(el.settings);
  if (!parsed.success) throw settingsError(file, here, parsed.error.issues[0] as z.core.$ZodIssue);
  checkTree(checks, file, `${here}.children`, el.children);
}

/** A settings issue, placed at the element's `settings`. */
function settingsError(file: string, here: string, issue: z.core.$ZodIssue): ContentError {
  return new ContentError(
    file,
    `${here}.settings${issue.path.length ? `.${formatPath(issue.path)}` : ''}`,
    issue.message,
  );
}

/** reviews.yaml's references: sources name known types, one per post type; news reviews name posts and rate every field. */
function checkReviews(reviews: ReviewsFile, postSlugs: Set<string>) {
  const types = new Map(reviews.types.map((t) => [t.slug, t]));
  const postTypes = new Set<string>();
  reviews.sources.forEach((s, i) => {
    if (!types.has(s.type)) throw new ContentError('reviews.yaml', `sources[${i}].type`, `no review type ${s.type}`);
    if (postTypes.has(s.postType)) {
      throw new ContentError('reviews.yaml', `sources[${i}].postType`, `${s.postType} has two sources`);
    }
    postTypes.add(s.postType);
  });
  const newsType = types.get(reviews.sources.find((s) => s.postType === 'post')?.type ?? '');
  reviews.news.forEach((n, i) => {
    if (!postSlugs.has(n.post)) throw new ContentError('reviews.yaml', `news[${i}].post`, `no post ${n.post}`);
    if (!newsType) throw new ContentError('reviews.yaml', `news[${i}]`, 'news posts take no reviews (no source post)');
    n.reviews.forEach((r, j) => {
      if (r.stars.length !== newsType.fields.length) {
        throw new ContentError(
          'reviews.yaml',
          `news[${i}].reviews[${j}].stars`,
          `${newsType.fields.length} values expected`,
        );
      }
    });
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One entry of filters.yaml, checked with `filterRecord`. A manual option's `image: <key>` is
 * checked against media.yaml and set aside for the seed, which stores the picture's id.
 */
function loadFilter(raw: Record<string, unknown>, i: number, images: Map<string, ImageEntry>): SeedFilter {
  const at = `filters[${i}]`;
  const optionImages: Array<string | undefined> = [];
  let input: Record<string, unknown> = raw;
  if (isRecord(raw.source) && Array.isArray(raw.source.options)) {
    const options = raw.source.options.map((o: unknown, j) => {
      if (!isRecord(o)) return o;
      const where = `${at}.source.options[${j}]`;
      if ('imageId' in o) {
        throw new ContentError('filters.yaml', `${where}.imageId`, 'name the picture with image: <key of media.yaml>');
      }
      if (o.image === undefined) return o;
      if (typeof o.image !== 'string' || !images.has(o.image)) {
        throw new ContentError('filters.yaml', `${where}.image`, `no image "${String(o.image)}" in media.yaml`);
      }
      optionImages[j] = o.image;
      const { image: _key, ...rest } = o;
      // Checked with a stand-in id; the seed puts the real one in.
      return { ...rest, imageId: 1 };
    });
    input = { ...raw, source: { ...raw.source, options } };
  }
  const parsed = yamlFilter.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new ContentError('filters.yaml', formatPath(['filters', i, ...issue.path]), issue.message);
  }
  // Nested objects of the record schema drop keys they do not know; in a seed file that is a typo.
  const dropped = droppedKey(input, parsed.data);
  if (dropped) {
    throw new ContentError(
      'filters.yaml',
      formatPath(['filters', i, ...dropped.path]),
      `Unrecognized key: "${String(dropped.key)}"`,
    );
  }
  const record = parsed.data;
  if (record.source.kind === 'manual') {
    record.source.options = record.source.options.map(({ imageId: _standIn, ...o }) => o);
  }
  return { record, optionImages };
}

/** The first key of `input` that the parsed `output` lost, with the path of the object holding it. */
function droppedKey(
  input: unknown,
  output: unknown,
  path: PropertyKey[] = [],
): { path: PropertyKey[]; key: PropertyKey } | null {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (const [i, item] of input.entries()) {
      const found = droppedKey(item, output[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (!isRecord(input) || !isRecord(output)) return null;
  for (const [k, v] of Object.entries(input)) {
    if (!(k in output)) return { path, key: k };
    const found = droppedKey(v, output[k], [...path, k]);
    if (found) return found;
  }
  return null;
}

/**
 * The picture keys of a list widget's items (issue 22: a playlist's thumbnails), by item (undefined where
 * an item names none): in the YAML an item names its picture as `image: <key of media.yaml>`.
 */
export function itemImageKeys(settings: Record<string, unknown>): unknown[] {
  const items = settings.items;
  return Array.isArray(items) ? items.map((item) => (isRecord(item) ? item.image : undefined)) : [];
}

/** The settings with each item's `image` key replaced by the picture's `mediaId`. */
export function withItemMediaIds(
  settings: Record<string, unknown>,
  mediaId: (key: string) => number,
): Record<string, unknown> {
  const items = settings.items;
  if (!Array.isArray(items) || !items.some((item) => isRecord(item) && item.image !== undefined)) return settings;
  return {
    ...settings,
    items: items.map((item) => {
      if (!isRecord(item) || item.image === undefined) return item;
      const { image, ...rest } = item;
      return { ...rest, mediaId: mediaId(String(image)) };
    }),
  };
}
