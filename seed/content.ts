import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { columnSettings as siteColumnSettings, sectionSettings as siteSectionSettings } from '~/content/tree';
import { type FilterRecord, filterRecord } from '~/features/filters/settings';
import { type ReviewsFile, reviewsFileSchema } from '~/features/reviews/settings';
import { FILTER_GROUP_WIDGETS, isWidgetName, WIDGET_CATALOG } from '~/widgets/catalog';
// Widget schemas come from the features' settings modules, not their servers: the seed runs under
// plain tsx and needs no React or page rendering.
import { listingGridSettings } from '~/widgets/listing-grid/settings';
import { postsListSettings } from '~/widgets/posts/settings';
import { ASPECTS, type Aspect, SCENES } from './scene';

/**
 * The demo school's seed files (content/*.yaml): their schemas, and loading them into one
 * checked value. Every problem is reported as `content/<file>: <path>: <message>`.
 */

/** A seed file that does not parse or does not match its schema. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly fieldPath: string,
    detail: string,
  ) {
    super(`content/${file}: ${fieldPath ? `${fieldPath}: ` : ''}${detail}`);
    this.name = 'ContentError';
  }
}

/** `pages[2].tree[0].settings.title` */
export function formatPath(parts: ReadonlyArray<PropertyKey>): string {
  return parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a slug is lowercase words joined by hyphens');
const key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an image key is lowercase words joined by hyphens');

/** ISO-8601 with an explicit offset (e.g. `2025-08-14T08:00:00+07:00`), stored as UTC text. */
const isoDate = z.iso.datetime({ offset: true }).transform((v) => new Date(v).toISOString());

const aspect = z.enum(Object.keys(ASPECTS) as [Aspect, ...Aspect[]]);

/** How an image is drawn (see seed/scene.ts). */
const drawing = z.strictObject({
  scene: z.enum(SCENES),
  aspect: aspect.default('4:3'),
  /** Short text drawn on the picture. */
  caption: z.string().min(1).max(80).optional(),
  alt: z.string().min(1).max(300).optional(),
});

// -- site.yaml --------------------------------------------------------------------------------

export const siteSchema = z.strictObject({
  title: z.string().min(1).max(100),
  tagline: z.string().min(1).max(200),
  description: z.string().min(1).max(500),
  language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  npsn: z
    .string()
    .regex(/^\d{8}$/)
    .optional(),
  accreditation: z.string().max(20).optional(),
  /** One line, as the header, footer and contact page show it. */
  address: z.string().min(10).max(300),
  /** The same address in schema.org PostalAddress fields (for JSON-LD). */
  postalAddress: z.strictObject({
    streetAddress: z.string().min(1),
    addressLocality: z.string().min(1),
    addressRegion: z.string().min(1),
    postalCode: z.string().regex(/^\d{5}$/),
    addressCountry: z.string().regex(/^[A-Z]{2}$/),
  }),
  phone: z.string().min(6).max(30),
  whatsapp: z.string().min(6).max(30).optional(),
  email: z.email(),
  hours: z.string().max(200).optional(),
  social: z.record(z.string(), z.url()).default({}),
});
export type SiteInfo = z.infer<typeof siteSchema>;

// -- media.yaml -------------------------------------------------------------------------------

const mediaFileSchema = z.strictObject({
  images: z.record(
    key,
    drawing.extend({
      file: z.string().regex(/^\d{4}\/\d{2}\/[a-z0-9-]+$/, 'a file is yyyy/mm/name'),
      alt: z.string().min(1).max(300),
      date: isoDate.optional(),
    }),
  ),
});

// -- terms.yaml -------------------------------------------------------------------------------

const termSchema = z.strictObject({
  slug,
  name: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  parent: slug.optional(),
});
const termsFileSchema = z.strictObject({
  category: z.array(termSchema).min(1),
  post_tag: z.array(termSchema).default([]),
  'kategori-galeri': z.array(termSchema).default([]),
  /** Extracurricular fields, and their activities as child terms. */
  'bidang-ekskul': z.array(termSchema).default([]),
  /** Grades an activity is open to. */
  tingkat: z.array(termSchema).default([]),
});
export type TaxonomyName = keyof z.infer<typeof termsFileSchema>;

// -- posts.yaml / gallery.yaml ----------------------------------------------------------------

/** Meta values: a number is stored as value_number, a yyyy-mm-dd or ISO string as value_date, other text as value_text. */
const metaSchema = z.record(
  z.string().regex(/^[a-z_][a-z0-9_]*$/),
  z.union([z.number().finite(), z.string().max(2000)]),
);

/** A featured image: a key of media.yaml, or a drawing made for this entry alone. */
const imageRef = z.union([key, drawing]);

const postSchema = z.strictObject({
  slug,
  title: z.string().min(1).max(300),
  date: isoDate,
  categories: z.array(slug).min(1),
  tags: z.array(slug).default([]),
  image: imageRef,
  excerpt: z.string().min(20).max(600),
  content: z.string().min(200),
  meta: metaSchema.default({}),
});
const postsFileSchema = z.strictObject({ posts: z.array(postSchema).min(1) });

const galleryItemSchema = z.strictObject({
  slug,
  title: z.string().min(1).max(300),
  date: isoDate,
  categories: z.array(slug).min(1),
  image: imageRef,
  excerpt: z.string().max(600).default(''),
  content: z.string().default(''),
  tahun: z.number().int().min(2000).max(2100),
  meta: metaSchema.default({}),
});
const galleryFileSchema = z.strictObject({ items: z.array(galleryItemSchema) });

// -- ekskul.yaml ------------------------------------------------------------------------------

/** Meeting days (text meta `hari`), as the /ekskul/ day filter offers them. */
const DAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;

/** The meta every activity carries, stored as typed meta under these keys. */
export const EKSKUL_META = ['hari', 'jam', 'biaya', 'rating', 'tempat', 'warna'] as const;

const ekskulItemSchema = z.strictObject({
  slug,
  title: z.string().min(1).max(300),
  date: isoDate,
  /** The activity's term in `bidang-ekskul`: a child term, whose parent is the field. */
  bidang: slug,
  tingkat: z.array(slug).min(1),
  hari: z.enum(DAYS),
  /** Hour the activity starts (24-hour clock). */
  jam: z.number().int().min(6).max(20),
  /** Fee per month in rupiah; 0 is free. */
  biaya: z.number().int().min(0).max(10_000_000),
  rating: z.number().min(1).max(5),
  /** Venue and badge colour: option values of the /ekskul/ filters. */
  tempat: slug,
  warna: slug,
  image: imageRef,
  excerpt: z.string().min(20).max(600),
  content: z.string().min(100),
  meta: metaSchema.default({}),
});
const ekskulFileSchema = z.strictObject({ items: z.array(ekskulItemSchema).min(1) });

// -- filters.yaml -----------------------------------------------------------------------------

/** A filter record as written in filters.yaml: the fields most filters leave alone have defaults. */
const yamlFilter = filterRecord
  .extend({
    queryVarSuffix: filterRecord.shape.queryVarSuffix.default(''),
    applyType: filterRecord.shape.applyType.default('ajax'),
    indexer: filterRecord.shape.indexer.default({
      enabled: false,
      rule: 'show',
      counterMode: 'default',
      showCounter: false,
    }),
    settings: filterRecord.shape.settings.default({}),
  })
  .strict();
/** Entries are checked one by one (see loadFilter), so that a manual option can name its picture. */
const filtersFileSchema = z.strictObject({ filters: z.array(z.record(z.string(), z.unknown())).min(1) });

/** Per post type: the taxonomies and meta keys its items carry. */
type Carried = Record<string, { taxonomies: Set<string>; meta: Set<string> }>;

/** A filter record to seed, and the media keys of its manual options' pictures. */
export interface SeedFilter {
  /** Manual options carry no imageId yet: the seed sets it from `optionImages`. */
  record: FilterRecord;
  /** Media key per option index (manual options only; undefined: no picture). */
  optionImages: Array<string | undefined>;
}

// -- pages.yaml / templates.yaml --------------------------------------------------------------

/** Layout settings the seed writes on sections and columns: the site's own schemas, with no unknown keys. */
const sectionSettings = siteSectionSettings.strict();
const columnSettings = siteColumnSettings.strict();

/** An element as written in YAML; an image widget names its picture by `image: <key>`. */
interface YamlElement {
  id: string;
  type: 'section' | 'column' | 'widget';
  widget?: string;
  settings: Record<string, unknown>;
  children: YamlElement[];
}
const yamlElement: z.ZodType<YamlElement> = z.lazy(() =>
  z.strictObject({
    id: z.string().regex(/^[a-z0-9]{4,12}$/, 'an element id is 4–12 lowercase letters or digits'),
    type: z.enum(['section', 'column', 'widget']),
    widget: z.string().optional(),
    settings: z.record(z.string(), z.unknown()).default({}),
    children: z.array(yamlElement).default([]),
  }),
) as z.ZodType<YamlElement>;

const pageSchema = z.strictObject({
  slug,
  title: z.string().min(1).max(300),
  excerpt: z.string().max(600).default(''),
  front: z.boolean().default(false),
  tree: z.array(yamlElement).min(1),
});
const pagesFileSchema = z.strictObject({ pages: z.array(pageSchema).min(1) });
const templatesFileSchema = z.strictObject({
  templates: z.array(pageSchema.omit({ front: true, excerpt: true })).default([]),
});

// -- menus.yaml -------------------------------------------------------------------------------

interface YamlMenuItem {
  title: string;
  url: string;
  target?: '_blank';
  icon?: string;
  badge?: string;
  description?: string;
  classes?: string;
  children: YamlMenuItem[];
}
const menuItemSchema: z.ZodType<YamlMenuItem> = z.lazy(() =>
  z.strictObject({
    title: z.string().min(1).max(100),
    url: z.string().regex(/^(\/|https?:\/\/|mailto:|tel:|#)/, 'a URL is a path from / or a full http(s) address'),
    target: z.literal('_blank').optional(),
    icon: z.string().max(100).optional(),
    badge: z.string().max(100).optional(),
    description: z.string().max(300).optional(),
    classes: z.string().max(200).optional(),
    children: z.array(menuItemSchema).default([]),
  }),
) as z.ZodType<YamlMenuItem>;
const menusFileSchema = z.strictObject({
  menus: z.array(
    z.strictObject({
      slug,
      name: z.string().min(1).max(100),
      location: z.string().max(100).optional(),
      items: z.array(menuItemSchema).min(1),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------

/** An image the seed draws: from media.yaml, or inline on a post or gallery item. */
export interface ImageEntry {
  key: string;
  file: string;
  alt: string;
  caption?: string;
  scene: (typeof SCENES)[number];
  aspect: Aspect;
  date: string;
}

export interface Content {
  site: SiteInfo;
  images: ImageEntry[];
  terms: z.infer<typeof termsFileSchema>;
  posts: Array<Omit<z.infer<typeof postSchema>, 'image'> & { image: string }>;
  gallery: Array<Omit<z.infer<typeof galleryItemSchema>, 'image'> & { image: string }>;
  ekskul: Array<Omit<z.infer<typeof ekskulItemSchema>, 'image'> & { image: string }>;
  filters: SeedFilter[];
  pages: z.infer<typeof pagesFileSchema>['pages'];
  templates: z.infer<typeof templatesFileSchema>['templates'];
  menus: z.infer<typeof menusFileSchema>['menus'];
  /** content/reviews.yaml: review types, sources and demo reviews */
  reviews: ReviewsFile;
}

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

  const images = new Map<string, ImageEntry>();
  for (const [k, img] of Object.entries(media.images)) {
    images.set(k, { key: k, ...img, date: img.date ?? '2024-07-01T00:00:00.000Z' });
  }
  const files = new Set<string>();
  for (const img of images.values()) {
    if (files.has(img.file))
      throw new ContentError('media.yaml', `images.${img.key}.file`, `file ${img.file} is used twice`);
    files.add(img.file);
  }

  // Terms: unique slugs per taxonomy, parents that exist.
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
  const termSlugs = (taxonomy: TaxonomyName) => new Set(terms[taxonomy].map((t) => t.slug));

  /** Resolves a featured image reference, registering an inline drawing as its own image. */
  const featured = (
    file: string,
    at: string,
    entry: { slug: string; title: string; date: string; image: string | z.infer<typeof drawing> },
  ) => {
    if (typeof entry.image === 'string') {
      if (!images.has(entry.image))
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
    if (files.has(img.file)) throw new ContentError(file, `${at}.image`, `file ${img.file} is used twice`);
    files.add(img.file);
    images.set(k, img);
    return k;
  };

  /** Unique slugs and dates; every term a field names exists in its taxonomy. */
  const checkEntries = <T extends { slug: string; date: string }>(
    file: string,
    listName: string,
    list: T[],
    fields: Array<[field: keyof T & string, taxonomy: TaxonomyName]>,
  ) => {
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
        const known = termSlugs(taxonomy);
        const value = e[field] as string | string[];
        const list = Array.isArray(value) ? value : [value];
        list.forEach((t, j) => {
          const where = Array.isArray(value) ? `${at}.${field}[${j}]` : `${at}.${field}`;
          if (!known.has(t)) throw new ContentError(file, where, `no ${taxonomy} with slug ${t}`);
        });
      }
    });
  };

  checkEntries('posts.yaml', 'posts', postsFile.posts, [
    ['categories', 'category'],
    ['tags', 'post_tag'],
  ]);
  const posts = postsFile.posts.map((p, i) => ({ ...p, image: featured('posts.yaml', `posts[${i}]`, p) }));

  checkEntries('gallery.yaml', 'items', galleryFile.items, [['categories', 'kategori-galeri']]);
  const gallery = galleryFile.items.map((g, i) => {
    if (new Date(g.date).getUTCFullYear() !== g.tahun) {
      throw new ContentError('gallery.yaml', `items[${i}].tahun`, `tahun ${g.tahun} is not the year of ${g.date}`);
    }
    return { ...g, image: featured('gallery.yaml', `items[${i}]`, g) };
  });

  checkEntries('ekskul.yaml', 'items', ekskulFile.items, [
    ['bidang', 'bidang-ekskul'],
    ['tingkat', 'tingkat'],
  ]);
  const fields = new Set(terms['bidang-ekskul'].filter((t) => !t.parent).map((t) => t.slug));
  const ekskul = ekskulFile.items.map((e, i) => {
    // An activity names its activity, not its field: filtering on a field includes the activities below it.
    if (fields.has(e.bidang)) {
      throw new ContentError('ekskul.yaml', `items[${i}].bidang`, `${e.bidang} is a field; name the activity below it`);
    }
    for (const k of Object.keys(e.meta)) {
      if ((EKSKUL_META as readonly string[]).includes(k)) {
        throw new ContentError('ekskul.yaml', `items[${i}].meta.${k}`, `${k} is a field of the item, not free meta`);
      }
    }
    return { ...e, image: featured('ekskul.yaml', `items[${i}]`, e) };
  });

  // What each post type carries, so that a filter can be checked against the listing it narrows.
  const carried: Carried = {
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

  const filters = filtersFile.filters.map((raw, i) => loadFilter(raw, i, images));
  const filterIds = new Map<number, SeedFilter['record']>();
  filters.forEach(({ record, optionImages }, i) => {
    const at = `filters[${i}]`;
    if (filterIds.has(record.id))
      throw new ContentError('filters.yaml', `${at}.id`, `filter id ${record.id} is used twice`);
    filterIds.set(record.id, record);
    const problem = filterProblem(record, terms, carried, optionImages);
    if (problem) throw new ContentError('filters.yaml', `${at}.${problem.path}`, problem.message);
  });

  const menuSlugs = new Set(menusFile.menus.map((m) => m.slug));
  const elementIds = new Map<string, string>();
  const checkTree = (file: string, at: string, tree: YamlElement[]) => {
    tree.forEach((el, i) => {
      const here = `${at}[${i}]`;
      const seen = elementIds.get(el.id);
      if (seen) throw new ContentError(file, `${here}.id`, `element id ${el.id} is also used at ${seen}`);
      elementIds.set(el.id, `${file} ${here}`);
      const fail = (issue: z.core.$ZodIssue) => {
        throw new ContentError(
          file,
          `${here}.settings${issue.path.length ? `.${formatPath(issue.path)}` : ''}`,
          issue.message,
        );
      };
      if (el.type === 'widget') {
        if (el.children.length) throw new ContentError(file, `${here}.children`, 'a widget has no children');
        const schema = isWidgetName(el.widget) ? WIDGET_CATALOG[el.widget].settings : undefined;
        if (!schema) throw new ContentError(file, `${here}.widget`, `unknown widget "${el.widget ?? ''}"`);
        let settings = el.settings;
        if (el.widget === 'image') {
          const ref = settings.image;
          if (typeof ref !== 'string' || !images.has(ref)) {
            throw new ContentError(file, `${here}.settings.image`, `no image "${String(ref)}" in media.yaml`);
          }
          // Checked with a stand-in id; the seed puts the real one in.
          const { image: _key, ...rest } = settings;
          settings = { ...rest, mediaId: 1 };
        }
        if (el.widget === 'nav-menu' && !menuSlugs.has(String(settings.menu))) {
          throw new ContentError(file, `${here}.settings.menu`, `no menu "${String(settings.menu)}" in menus.yaml`);
        }
        const parsed = schema.strict().safeParse(settings);
        if (!parsed.success) fail(parsed.error.issues[0] as z.core.$ZodIssue);
        return;
      }
      if (el.widget !== undefined) throw new ContentError(file, `${here}.widget`, `a ${el.type} names no widget`);
      const expected = el.type === 'section' ? 'column' : undefined;
      if (expected) {
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
      if (!parsed.success) fail(parsed.error.issues[0] as z.core.$ZodIssue);
      checkTree(file, `${here}.children`, el.children);
    });
  };
  const pageSlugs = new Set<string>();
  pagesFile.pages.forEach((p, i) => {
    if (pageSlugs.has(p.slug)) throw new ContentError('pages.yaml', `pages[${i}].slug`, `duplicate slug ${p.slug}`);
    pageSlugs.add(p.slug);
    p.tree.forEach((el, j) => {
      if (el.type !== 'section')
        throw new ContentError('pages.yaml', `pages[${i}].tree[${j}].type`, 'a page is a list of sections');
    });
    checkTree('pages.yaml', `pages[${i}].tree`, p.tree);
    checkFilterGroups('pages.yaml', `pages[${i}].tree`, p.tree, filterIds, carried);
  });
  const fronts = pagesFile.pages.filter((p) => p.front);
  if (fronts.length !== 1)
    throw new ContentError('pages.yaml', 'pages', `exactly one page is the front page (found ${fronts.length})`);
  for (const [i, t] of templatesFile.templates.entries()) {
    checkTree('templates.yaml', `templates[${i}].tree`, t.tree);
    checkFilterGroups('templates.yaml', `templates[${i}].tree`, t.tree, filterIds, carried);
  }

  checkReviews(reviews, new Set(posts.map((p) => p.slug)));

  return {
    site,
    images: [...images.values()],
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

// -- filters ----------------------------------------------------------------------------------

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

/** How a filter type names its query (original-wire.md §2.2); `*` is any non-empty query var. */
const WIRE_SHAPES: Record<FilterRecord['type'], Array<[FilterRecord['queryType'], string, string]>> = {
  checkboxes: [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
    ['meta_query', '*', 'is_custom_checkbox'],
  ],
  select: [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
  ],
  radio: [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
  ],
  'color-image': [
    ['tax_query', '*', ''],
    ['meta_query', '*', ''],
  ],
  hierarchy: [['tax_query', '*', '']],
  rating: [['meta_query', '*', 'rating']],
  range: [['meta_query', '*', 'range']],
  search: [
    ['_s', 'query', 'search'],
    ['meta_query', '*', 'search'],
  ],
  sorting: [['sort', 'standard', '']],
  alphabet: [['alphabet', '', '']],
  'date-range': [
    ['date_query', '', 'date'],
    ['meta_query', '*', 'date'],
  ],
  'date-period': [
    ['date_query', '', 'date'],
    ['meta_query', '*', 'date'],
  ],
};

/** What a filter record needs beyond its schema; null when it is sound. */
function filterProblem(
  f: FilterRecord,
  terms: Record<string, Array<{ slug: string }>>,
  carried: Carried,
  optionImages: Array<string | undefined> = [],
): { path: string; message: string } | null {
  const shapes = WIRE_SHAPES[f.type];
  const fits = shapes.some(
    ([type, queryVar, suffix]) =>
      f.queryType === type &&
      (queryVar === '*' ? f.queryVar !== '' : f.queryVar === queryVar) &&
      f.queryVarSuffix === suffix,
  );
  if (!fits) {
    const ways = shapes.map(([t, v, x]) => `${t} ${v === '*' ? '<name>' : `"${v}"`}${x ? `|${x}` : ''}`);
    return {
      path: 'queryType',
      message: `a ${f.type} filter queries ${ways.join(' or ')} (original-wire.md §2.2), not ${f.queryType} "${f.queryVar}"${f.queryVarSuffix ? `|${f.queryVarSuffix}` : ''}`,
    };
  }
  const anyType = (has: (c: Carried[string]) => boolean) => Object.values(carried).some(has);
  if (f.queryType === 'tax_query' && (f.source.kind !== 'taxonomy' || f.source.taxonomy !== f.queryVar)) {
    return { path: 'source', message: `a tax_query filter offers the terms of its taxonomy (${f.queryVar})` };
  }
  const source = f.source;
  if (source.kind === 'taxonomy') {
    const list = terms[source.taxonomy];
    if (!list) return { path: 'source.taxonomy', message: `no taxonomy ${source.taxonomy} in terms.yaml` };
    if (source.parent && !list.some((t) => t.slug === source.parent)) {
      return { path: 'source.parent', message: `no ${source.taxonomy} with slug ${source.parent}` };
    }
  }
  if (f.queryType === 'meta_query' && !anyType((c) => c.meta.has(f.queryVar))) {
    return { path: 'queryVar', message: `no post, gallery item or activity carries meta ${f.queryVar}` };
  }
  if (source.kind === 'meta-values' && !anyType((c) => c.meta.has(source.key))) {
    return { path: 'source.key', message: `no post, gallery item or activity carries meta ${source.key}` };
  }
  if (f.source.kind === 'manual') {
    const values = new Set<string>();
    for (const [j, o] of f.source.options.entries()) {
      if (values.has(o.value)) {
        return { path: `source.options[${j}].value`, message: `option value ${o.value} is used twice` };
      }
      values.add(o.value);
    }
  }
  const s = f.settings;
  if (f.type === 'sorting') {
    if (!s.sortOptions) return { path: 'settings.sortOptions', message: 'a sorting filter lists its sortOptions' };
    const j = s.sortOptions.findIndex((o) => o.orderby.startsWith('meta_value') && !o.metaKey);
    if (j >= 0) return { path: `settings.sortOptions[${j}].metaKey`, message: 'a meta sort names its metaKey' };
  }
  if (f.type === 'hierarchy' && !s.levels) {
    return { path: 'settings.levels', message: 'a hierarchy filter names its levels' };
  }
  if (f.type === 'range') {
    if (s.min === undefined || s.max === undefined || s.step === undefined) {
      return { path: 'settings', message: 'a range filter sets min, max and step' };
    }
    if (s.min >= s.max) return { path: 'settings.max', message: `max ${s.max} is not above min ${s.min}` };
  }
  if (f.type === 'color-image') {
    if (!s.swatch)
      return { path: 'settings.swatch', message: 'a swatch filter says whether it shows colours or images' };
    if (f.source.kind === 'manual') {
      const j = f.source.options.findIndex((o, j) =>
        s.swatch === 'color' ? !o.color : o.imageId === undefined && !optionImages[j],
      );
      if (j >= 0) {
        const what = s.swatch === 'color' ? 'color' : 'image';
        return { path: `source.options[${j}]`, message: `each option of a ${what} swatch has its ${what}` };
      }
    }
  }
  return null;
}

/** Provider of each listing widget that a filter group can narrow. */
const LISTING_PROVIDERS: Record<string, string> = { 'jet-listing-grid': 'jet-engine', posts: 'epro-posts' };

/**
 * Every filter group widget on a page names a listing on the same page (by provider and query
 * id), and every `smart-filter` names a stored filter that fits the post types of that listing.
 */
function checkFilterGroups(
  file: string,
  at: string,
  tree: YamlElement[],
  filters: Map<number, FilterRecord>,
  carried: Carried,
) {
  const widgets: Array<{ el: YamlElement; path: string }> = [];
  const walk = (els: YamlElement[], where: string) =>
    els.forEach((el, i) => {
      const here = `${where}[${i}]`;
      if (el.type === 'widget') widgets.push({ el, path: here });
      walk(el.children, `${here}.children`);
    });
  walk(tree, at);

  const listings = new Map<string, string[]>();
  for (const { el, path } of widgets) {
    const provider = LISTING_PROVIDERS[el.widget ?? ''];
    const queryId = el.settings.queryId;
    if (!provider || typeof queryId !== 'string') continue;
    const key = `${provider}/${queryId}`;
    if (listings.has(key)) {
      throw new ContentError(file, `${path}.settings.queryId`, `another listing on this page is ${key}`);
    }
    const types: string[] =
      el.widget === 'posts'
        ? postsListSettings.parse(el.settings).postTypes
        : [listingGridSettings.parse(el.settings).postType];
    listings.set(key, types);
  }

  for (const { el, path } of widgets) {
    const group = FILTER_GROUP_WIDGETS.find((name) => name === el.widget);
    if (!group) continue;
    const schema = WIDGET_CATALOG[group].settings;
    // Parsed again for the defaults (checkTree has already checked the settings).
    const settings = schema.parse(el.settings) as {
      provider: string;
      queryId: string;
      filterId?: number;
      additionalProviders?: Array<{ provider: string; queryId: string }>;
    };
    const key = `${settings.provider}/${settings.queryId}`;
    const listingOf = (provider: string, queryId: string, at: string) => {
      const types = listings.get(`${provider}/${queryId}`);
      if (!types) {
        throw new ContentError(
          file,
          at,
          `no listing ${provider}/${queryId} on this page (a ${provider === 'jet-engine' ? 'jet-listing-grid' : 'posts'} widget with queryId ${queryId})`,
        );
      }
      return types;
    };
    const own = listingOf(settings.provider, settings.queryId, `${path}.settings.queryId`);
    if (settings.filterId === undefined) continue;
    const f = filters.get(settings.filterId);
    if (!f) throw new ContentError(file, `${path}.settings.filterId`, `no filter ${settings.filterId} in filters.yaml`);
    checkFilterFits(file, `${path}.settings.filterId`, f, key, own, carried);
    // An additional provider takes the filter's value too: its listing must be on the page and carry what it filters by.
    (settings.additionalProviders ?? []).forEach((extra, j) => {
      const at = `${path}.settings.additionalProviders[${j}]`;
      const extraKey = `${extra.provider}/${extra.queryId}`;
      if (extraKey === key) throw new ContentError(file, at, `${extraKey} is the filter's own listing`);
      const types = listingOf(extra.provider, extra.queryId, `${at}.queryId`);
      checkFilterFits(file, at, f, extraKey, types, carried);
    });
  }
}

/** A filter fits a listing when some of its post types carry the taxonomy or meta keys the filter reads. */
function checkFilterFits(file: string, at: string, f: FilterRecord, key: string, types: string[], carried: Carried) {
  const has = (pick: (c: Carried[string]) => boolean) => types.some((t) => carried[t] && pick(carried[t]));
  const metaKeys = [
    ...(f.queryType === 'meta_query' ? [f.queryVar] : []),
    ...(f.settings.sortOptions ?? []).flatMap((o) => (o.metaKey ? [o.metaKey] : [])),
  ];
  const needs = [
    ...(f.queryType === 'tax_query'
      ? [{ what: `taxonomy ${f.queryVar}`, ok: has((c) => c.taxonomies.has(f.queryVar)) }]
      : []),
    ...metaKeys.map((k) => ({ what: `meta ${k}`, ok: has((c) => c.meta.has(k)) })),
  ];
  const missing = needs.find((n) => !n.ok);
  if (missing) {
    throw new ContentError(
      file,
      at,
      `filter ${f.id} filters by ${missing.what}, which no ${types.join(' or ')} item of listing ${key} carries`,
    );
  }
}
