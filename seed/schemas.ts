import { z } from 'zod';
import { columnSettings as siteColumnSettings, sectionSettings as siteSectionSettings } from '~/content/tree';
import { type FilterRecord, filterRecord } from '~/features/filters/settings';
import { isMenuIcon } from '~/features/menu/icons.server';
import { MEGA_CONTENT_TYPES, type MegaContentType } from '~/features/menu/model';
import { popupSettings } from '~/features/popups/settings';
import type { ReviewsFile } from '~/features/reviews/settings';
import { ASPECTS, type Aspect, SCENES } from './scene';

/**
 * The demo school's seed files (content/*.yaml): their schemas, the `Content` they make once
 * loaded (load.ts), and the error that names the place of a problem in one of them.
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
export type Drawing = z.infer<typeof drawing>;

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

export const mediaFileSchema = z.strictObject({
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
export const termsFileSchema = z.strictObject({
  category: z.array(termSchema).min(1),
  post_tag: z.array(termSchema).default([]),
  'kategori-galeri': z.array(termSchema).default([]),
  /** Extracurricular fields, and their activities as child terms. */
  'bidang-ekskul': z.array(termSchema).default([]),
  /** Grades an activity is open to. */
  tingkat: z.array(termSchema).default([]),
});
export type Terms = z.infer<typeof termsFileSchema>;
export type TaxonomyName = keyof Terms;

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
export type YamlPost = z.infer<typeof postSchema>;
export const postsFileSchema = z.strictObject({ posts: z.array(postSchema).min(1) });

const galleryItemSchema = z.strictObject({
  slug,
  title: z.string().min(1).max(300),
  date: isoDate,
  categories: z.array(slug).min(1),
  image: imageRef,
  /** More photos after the featured one, in the item's gallery field (the gallery item page's slider). */
  photos: z.array(drawing).max(12).default([]),
  excerpt: z.string().max(600).default(''),
  content: z.string().default(''),
  tahun: z.number().int().min(2000).max(2100),
  meta: metaSchema.default({}),
});
export type YamlGalleryItem = z.infer<typeof galleryItemSchema>;
export const galleryFileSchema = z.strictObject({ items: z.array(galleryItemSchema) });

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
export type YamlEkskulItem = z.infer<typeof ekskulItemSchema>;
export const ekskulFileSchema = z.strictObject({ items: z.array(ekskulItemSchema).min(1) });

// -- filters.yaml -----------------------------------------------------------------------------

/** A filter record as written in filters.yaml: the fields most filters leave alone have defaults. */
export const yamlFilter = filterRecord
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
/** Entries are checked one by one (see loadFilter in load.ts), so that a manual option can name its picture. */
export const filtersFileSchema = z.strictObject({ filters: z.array(z.record(z.string(), z.unknown())).min(1) });

/** A filter record to seed, and the media keys of its manual options' pictures. */
export interface SeedFilter {
  /** Manual options carry no imageId yet: the seed sets it from `optionImages`. */
  record: FilterRecord;
  /** Media key per option index (manual options only; undefined: no picture). */
  optionImages: Array<string | undefined>;
}

// -- pages.yaml / templates.yaml --------------------------------------------------------------

/** Layout settings the seed writes on sections and columns: the site's own schemas, with no unknown keys. */
export const sectionSettings = siteSectionSettings.strict();
export const columnSettings = siteColumnSettings.strict();

/** An element as written in YAML; an image widget names its picture by `image: <key>`. */
export interface YamlElement {
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
export const pagesFileSchema = z.strictObject({ pages: z.array(pageSchema).min(1) });
export const templatesFileSchema = z.strictObject({
  // A template with `popup` settings is a popup (issue 13; features/popups/settings.ts).
  templates: z
    .array(pageSchema.omit({ front: true, excerpt: true }).extend({ popup: popupSettings.optional() }))
    .default([]),
});

// -- menus.yaml -------------------------------------------------------------------------------

interface YamlMenuItem {
  title: string;
  url: string;
  target?: '_blank';
  /** the link's title attribute */
  attrTitle?: string;
  /** the link's rel (WordPress's XFN field) */
  xfn?: string;
  icon?: string;
  badge?: string;
  description?: string;
  classes?: string;
  /** A template of templates.yaml (by slug) shown as this item's mega panel. */
  megaTemplate?: string;
  megaContentType?: MegaContentType;
  children: YamlMenuItem[];
}
const menuItemSchema: z.ZodType<YamlMenuItem> = z.lazy(() =>
  z.strictObject({
    title: z.string().min(1).max(100),
    url: z.string().regex(/^(\/|https?:\/\/|mailto:|tel:|#)/, 'a URL is a path from / or a full http(s) address'),
    target: z.literal('_blank').optional(),
    attrTitle: z.string().min(1).max(200).optional(),
    xfn: z
      .string()
      .regex(/^[a-z]+( [a-z]+)*$/, 'rel values are lowercase words separated by spaces')
      .max(100)
      .optional(),
    icon: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an icon is named by lowercase words joined by hyphens')
      .max(100)
      .refine(isMenuIcon, { error: (issue) => `no icon "${issue.input}" in the Lucide icon set (lucide.dev/icons)` })
      .optional(),
    badge: z.string().max(100).optional(),
    description: z.string().max(300).optional(),
    classes: z.string().max(200).optional(),
    megaTemplate: slug.optional(),
    megaContentType: z.enum(MEGA_CONTENT_TYPES).optional(),
    children: z.array(menuItemSchema).default([]),
  }),
) as z.ZodType<YamlMenuItem>;

/** Templates the mobile menu places around its items, named by their slug in templates.yaml. */
export const MENU_TEMPLATE_KEYS = ['headerTemplate', 'beforeTemplate', 'afterTemplate'] as const;

/**
 * A menu's settings as written in menus.yaml: the stored schema's keys (features/menu/settings.ts),
 * its templates by slug. Checked whole with the stored schema once the slugs are resolved (load.ts).
 */
const yamlMenuSettings = z.strictObject({
  desktop: z.record(z.string(), z.unknown()).optional(),
  mobile: z.record(z.string(), z.unknown()).optional(),
});
type YamlMenuSettings = z.infer<typeof yamlMenuSettings>;

export const menusFileSchema = z.strictObject({
  menus: z.array(
    z.strictObject({
      slug,
      name: z.string().min(1).max(100),
      location: z.string().max(100).optional(),
      settings: yamlMenuSettings.default({}),
      items: z.array(menuItemSchema).min(1),
    }),
  ),
});

/** Puts template ids in place of the template slugs of a menu's settings (stand-ins when checking). */
export function resolveMenuSettings(settings: YamlMenuSettings, templateId: (slug: string) => number): unknown {
  if (!settings.mobile) return settings;
  const mobile: Record<string, unknown> = { ...settings.mobile };
  for (const k of MENU_TEMPLATE_KEYS) {
    const ref = mobile[k];
    if (typeof ref === 'string') mobile[k] = templateId(ref);
  }
  return { ...settings, mobile };
}

// -- what loading makes (load.ts) -----------------------------------------------------------

/** An image the seed draws: from media.yaml, or inline on a post or gallery item. */
export interface ImageEntry {
  key: string;
  file: string;
  alt: string;
  caption?: string;
  scene: (typeof SCENES)[number];
  aspect: Aspect;
  date: string;
  /** Width of the drawing (default 1200): gallery photos are drawn smaller to keep seeding fast. */
  width?: number;
}

/** An entry whose featured image is resolved to the key of an ImageEntry. */
type Featured<T extends { image: unknown }> = Omit<T, 'image'> & { image: string };

/** Every seed file, parsed and checked. */
export interface Content {
  site: SiteInfo;
  images: ImageEntry[];
  terms: Terms;
  posts: Array<Featured<YamlPost>>;
  /** Each item's `photos` are resolved to image keys too. */
  gallery: Array<Omit<Featured<YamlGalleryItem>, 'photos'> & { photos: string[] }>;
  ekskul: Array<Featured<YamlEkskulItem>>;
  filters: SeedFilter[];
  pages: z.infer<typeof pagesFileSchema>['pages'];
  templates: z.infer<typeof templatesFileSchema>['templates'];
  menus: z.infer<typeof menusFileSchema>['menus'];
  /** content/reviews.yaml: review types, sources and demo reviews */
  reviews: ReviewsFile;
}
