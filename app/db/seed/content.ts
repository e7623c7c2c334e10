import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { listingGridSettings } from '~/features/gallery/index.server';
import { postsListSettings } from '~/features/listing/index.server';
import { ASPECTS, type Aspect, SCENES } from '~/features/media/index.server';
import { navMenuSettings } from '~/features/menu/index.server';
import {
  columnSettings as siteColumnSettings,
  sectionSettings as siteSectionSettings,
} from '~/features/site/index.server';
import { buttonSettings, headingSettings, imageSettings, textEditorSettings } from '~/features/widgets/index.server';

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

/** How an image is drawn (see app/features/media/scene.ts). */
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
  pages: z.infer<typeof pagesFileSchema>['pages'];
  templates: z.infer<typeof templatesFileSchema>['templates'];
  menus: z.infer<typeof menusFileSchema>['menus'];
}

/** The settings schema of each widget the seed may place on a page. */
const WIDGET_SETTINGS: Record<string, z.ZodObject> = {
  heading: headingSettings,
  'text-editor': textEditorSettings,
  image: imageSettings,
  button: buttonSettings,
  posts: postsListSettings,
  'jet-listing-grid': listingGridSettings,
  'nav-menu': navMenuSettings,
};

/** The folder of the seed files: `content/` at the project root. */
export function defaultContentDir(): string {
  const beside = fileURLToPath(new URL('../../../content/', import.meta.url));
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
  const pagesFile = readYaml(dir, 'pages.yaml', pagesFileSchema);
  const templatesFile = readYaml(dir, 'templates.yaml', templatesFileSchema);
  const menusFile = readYaml(dir, 'menus.yaml', menusFileSchema);

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

  const checkEntries = <T extends { slug: string; date: string; categories: string[] }>(
    file: string,
    listName: string,
    list: T[],
    taxonomy: TaxonomyName,
  ) => {
    const known = termSlugs(taxonomy);
    const slugs = new Set<string>();
    const dates = new Set<string>();
    list.forEach((e, i) => {
      const at = `${listName}[${i}]`;
      if (slugs.has(e.slug)) throw new ContentError(file, `${at}.slug`, `duplicate slug ${e.slug}`);
      slugs.add(e.slug);
      // Listings order by date; equal dates would make the order depend on ids.
      if (dates.has(e.date)) throw new ContentError(file, `${at}.date`, `another entry is published at ${e.date}`);
      dates.add(e.date);
      e.categories.forEach((c, j) => {
        if (!known.has(c)) throw new ContentError(file, `${at}.categories[${j}]`, `no ${taxonomy} with slug ${c}`);
      });
    });
  };

  checkEntries('posts.yaml', 'posts', postsFile.posts, 'category');
  const tags = termSlugs('post_tag');
  const posts = postsFile.posts.map((p, i) => {
    p.tags.forEach((t, j) => {
      if (!tags.has(t)) throw new ContentError('posts.yaml', `posts[${i}].tags[${j}]`, `no post_tag with slug ${t}`);
    });
    return { ...p, image: featured('posts.yaml', `posts[${i}]`, p) };
  });

  checkEntries('gallery.yaml', 'items', galleryFile.items, 'kategori-galeri');
  const gallery = galleryFile.items.map((g, i) => {
    if (new Date(g.date).getUTCFullYear() !== g.tahun) {
      throw new ContentError('gallery.yaml', `items[${i}].tahun`, `tahun ${g.tahun} is not the year of ${g.date}`);
    }
    return { ...g, image: featured('gallery.yaml', `items[${i}]`, g) };
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
        const schema = el.widget ? WIDGET_SETTINGS[el.widget] : undefined;
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
  });
  const fronts = pagesFile.pages.filter((p) => p.front);
  if (fronts.length !== 1)
    throw new ContentError('pages.yaml', 'pages', `exactly one page is the front page (found ${fronts.length})`);
  for (const [i, t] of templatesFile.templates.entries()) checkTree('templates.yaml', `templates[${i}].tree`, t.tree);

  return {
    site,
    images: [...images.values()],
    terms,
    posts,
    gallery,
    pages: pagesFile.pages,
    templates: templatesFile.templates,
    menus: menusFile.menus,
  };
}
