import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { GALLERY_FIELD, mediaUrl, parseStoredSizes } from '~/content/media';
import { nextModified } from '~/content/modified';
import { insertNewPosts, type MetaValue, replaceMeta, replaceTerms, updatePost } from '~/content/posts-write.server';
import { slugify } from '~/content/slug';
import type { Db } from '~/db';
import { isUniqueViolation } from '~/db/sql';
import { withStaffChange } from '~/lib/content-version.server';
import { escapeHtml, sanitizeRichText } from '~/lib/html.server';
import { SCHOOL_TIME_ZONE } from '~/lib/school-zone';
import { ALBUM_META } from '~/staff/gallery/model';
import { commentText, importComments } from './comments.server';
import { recordImportItem } from './import-item.server';
import { type ImageSource, ImageUnavailable, readImage, removeCopies, storeImage } from './media.server';
import {
  fillGalleries,
  type GalleryRef,
  lostTags,
  type MediaPlan,
  type PostKind,
  type PostPlan,
  rewriteUrls,
  type TermPlan,
} from './model';
import type { WxrAuthor } from './records';
import { counted, type ImportReport, problem } from './report';

/**
 * The importer's writers (issue 26): authors, terms, images and posts (news, pages, gallery items), each in its own
 * transaction with its `import_item` row and its audit row, so a failure leaves nothing of that item. Each record is
 * matched by (source, kind, old id): its digest (SHA-256 of what would be written) unchanged, nothing is written;
 * changed, the row is updated; new, it is added. Every write of a post goes through the content's one write side.
 */

/** What an earlier import of the same site recorded for one old id. */
export interface Imported {
  localId: number;
  digest: string;
}

/** An image brought in: what bodies, galleries and featured images need of it. */
export interface ImportedImage {
  id: number;
  url: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

/** The import's memory between records: small (ids, keys), whatever the export's size. */
export interface ImportState {
  db: Db;
  /** The old site (`import_item.source`). */
  source: string;
  now: Date;
  /** Who the audit rows name: the administrator who started the import, or nobody (the command line). */
  userId: number | null;
  uploadsDir: string;
  images: ImageSource;
  /** `import_item` rows of this source, by `kind:wpId`. */
  imported: Map<string, Imported>;
  /** Local users by the old login, lower-case. */
  authors: Map<string, number>;
  /** Local terms by `taxonomy:slug` (the imported ones and those the site had). */
  terms: Map<string, number>;
  /** Imported images by old attachment id. */
  media: Map<number, ImportedImage>;
  /** Imported posts by old post id. */
  posts: Map<number, number>;
}

export type ImportKind = 'post' | 'media' | 'term' | 'author';

/** The `import_item` rows of one old site, by `kind:wpId`. */
export async function loadImported(db: Db, source: string): Promise<Map<string, Imported>> {
  const rows = await db
    .selectFrom('import_item')
    .select(['kind', 'wp_id', 'local_id', 'digest'])
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((r) => [`${r.kind}:${r.wp_id}`, { localId: r.local_id, digest: r.digest }]));
}

/** SHA-256 of a value as JSON (the writers build their objects in one key order, so equal records hash equal). */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** An old permalink's path and query (`/2023/05/12/slug/`, `/?page_id=7`), the key of its redirect. */
export function oldPathOf(link: string): string | null {
  try {
    const u = new URL(link);
    return `${u.pathname}${u.search}`.slice(0, 500) || null;
  } catch {
    return null;
  }
}

/** Records which row an old record became, in the writing transaction (known from an earlier run: updated). */
function markImported(
  trx: Db,
  st: ImportState,
  kind: ImportKind,
  wpId: number,
  row: { localId: number; digest: string; guid?: string | null; oldPath?: string | null },
): Promise<void> {
  const known = st.imported.has(`${kind}:${wpId}`);
  return recordImportItem(trx, { source: st.source, kind, wpId, ...row }, known, st.now.toISOString());
}

/** The audit row's user: nobody signed in runs the command line (the column allows it; the type does not). */
const auditUser = (st: ImportState) => st.userId as number;

const failure = (error: unknown) =>
  isUniqueViolation(error)
    ? 'tidak diimpor: bentrok dengan data yang sudah ada (slug atau nama yang sama)'
    : `tidak diimpor: ${(error as Error).message}`;

// --- authors -----------------------------------------------------------------------------------------------------

/**
 * An old site's user: matched with a local one by login or e-mail (case aside), else created as a deactivated
 * author without a password (`!` matches none), so their writing keeps its author and nobody can sign in as them.
 */
export async function importAuthor(st: ImportState, author: WxrAuthor, report: ImportReport): Promise<void> {
  const what = `penulis «${author.displayName || author.login}» (${author.login || 'tanpa login'})`;
  const login = author.login.trim();
  if (!login) {
    problem(report, what, 'tanpa login: tulisannya diimpor tanpa penulis');
    return;
  }
  const key = `author:${author.id ?? 0}`;
  const known = author.id === null ? undefined : st.imported.get(key);
  if (known) {
    const still = await st.db.selectFrom('app_user').select('id').where('id', '=', known.localId).executeTakeFirst();
    if (still) {
      st.authors.set(login.toLowerCase(), known.localId);
      counted(report, 'author', 'unchanged');
      return;
    }
  }
  const email = author.email.trim().toLowerCase();
  const existing = await st.db
    .selectFrom('app_user')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(login)`, '=', login.toLowerCase()),
        ...(email ? [eb(sql<string>`lower(email)`, '=', email)] : []),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
  const digest = digestOf({ login, email, name: author.displayName });
  try {
    const id = await withStaffChange(st.db, async (trx, record) => {
      let userId = existing?.id;
      if (userId === undefined) {
        const at = st.now.toISOString();
        const row = await trx
          .insertInto('app_user')
          .values({
            login: login.slice(0, 60),
            // The column is unique and required: an author without one gets an address nobody receives.
            email: email || `${login.toLowerCase().replace(/[^a-z0-9._-]/g, '-')}@impor.invalid`,
            display_name: author.displayName || login,
            password_hash: '!',
            created_at: at,
            deactivated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userId = row.id;
        await trx.insertInto('user_role').values({ user_id: userId, role: 'author' }).execute();
        await record(
          {
            userId: auditUser(st),
            action: 'import.user',
            subjectType: 'user',
            subjectId: userId,
            summary: `${author.displayName || login} (penulis dari situs lama, nonaktif)`,
            public: false,
          },
          st.now,
        );
      }
      if (author.id !== null) await markImported(trx, st, 'author', author.id, { localId: userId, digest });
      return userId;
    });
    st.authors.set(login.toLowerCase(), id);
    counted(report, 'author', existing ? 'matched' : 'added');
  } catch (error) {
    problem(report, what, failure(error));
  }
}

// --- terms -------------------------------------------------------------------------------------------------------

/**
 * Terms, parents before children (a parent named by a slug the export lacks makes a top-level term, reported).
 * A term the site already has (same taxonomy and slug) is the one used: slugs are kept, so archive addresses
 * stay. Its name, description and parent become the export's.
 */
export async function importTerms(st: ImportState, plans: TermPlan[], report: ImportReport): Promise<void> {
  const existing = await st.db
    .selectFrom('term')
    .select(['id', 'taxonomy', 'slug', 'name', 'description', 'parent_id'])
    .execute();
  const byKey = new Map(existing.map((t) => [`${t.taxonomy}:${t.slug}`, t]));
  const byId = new Map(existing.map((t) => [t.id, t]));
  for (const t of existing) st.terms.set(`${t.taxonomy}:${t.slug}`, t.id);
  const planned = new Set(plans.map((p) => `${p.taxonomy}:${p.slug}`));
  const written = new Set<string>();
  const isWritten = (key: string) => written.has(key);
  let pending = plans;
  while (pending.length > 0) {
    const ready = pending.filter(
      (p) =>
        !p.parentSlug || !planned.has(`${p.taxonomy}:${p.parentSlug}`) || isWritten(`${p.taxonomy}:${p.parentSlug}`),
    );
    // A cycle of parents: the rest come in at the top level.
    const batch = ready.length > 0 ? ready : pending;
    for (const plan of batch) {
      await importTerm(st, plan, byKey, byId, ready.length === 0, report);
      written.add(`${plan.taxonomy}:${plan.slug}`);
    }
    pending = pending.filter((p) => !batch.includes(p));
  }
}

async function importTerm(
  st: ImportState,
  plan: TermPlan,
  byKey: Map<string, { id: number; name: string; description: string; parent_id: number | null; slug: string }>,
  byId: Map<number, { slug: string }>,
  inCycle: boolean,
  report: ImportReport,
): Promise<void> {
  const what = `istilah «${plan.name}» (${plan.taxonomy}, ${plan.slug})`;
  const key = `${plan.taxonomy}:${plan.slug}`;
  let parentId: number | null = null;
  if (plan.parentSlug && !inCycle) {
    parentId = st.terms.get(`${plan.taxonomy}:${plan.parentSlug}`) ?? null;
    if (parentId === null) problem(report, what, `induk "${plan.parentSlug}" tidak ada: menjadi istilah teratas`);
  } else if (inCycle) problem(report, what, 'induknya membentuk lingkaran: menjadi istilah teratas');
  const digest = digestOf({ ...plan, parentId: parentId === null ? null : plan.parentSlug });
  const known = plan.wpId === null ? undefined : st.imported.get(`term:${plan.wpId}`);
  const mine = known ? byId.get(known.localId) : undefined;
  if (known && mine && known.digest === digest) {
    st.terms.set(key, known.localId);
    counted(report, 'term', 'unchanged');
    return;
  }
  // Earlier imported (its slug may have changed since), else the site's own term of that slug, else new.
  const target =
    known && mine ? { id: known.localId, ...(byKey.get(`${plan.taxonomy}:${mine.slug}`) ?? {}) } : byKey.get(key);
  const values = { slug: plan.slug, name: plan.name, description: plan.description, parent_id: parentId };
  const same =
    target !== undefined &&
    'name' in target &&
    target.slug === plan.slug &&
    target.name === plan.name &&
    target.description === plan.description &&
    target.parent_id === parentId;
  try {
    const id = await withStaffChange(st.db, async (trx, record) => {
      let termId = target?.id;
      if (termId === undefined) {
        const row = await trx
          .insertInto('term')
          .values({ taxonomy: plan.taxonomy, ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
        termId = row.id;
      } else if (!same) {
        await trx.updateTable('term').set(values).where('id', '=', termId).execute();
      }
      if (!same) {
        await record(
          {
            userId: auditUser(st),
            action: target ? 'import.term-update' : 'import.term',
            subjectType: 'term',
            subjectId: termId,
            summary: `${plan.name} (${plan.taxonomy})`,
            public: true,
          },
          st.now,
        );
      }
      if (plan.wpId !== null) await markImported(trx, st, 'term', plan.wpId, { localId: termId, digest });
      return termId;
    });
    st.terms.set(key, id);
    counted(
      report,
      'term',
      !target ? 'added' : known ? (same ? 'unchanged' : 'updated') : same ? 'matched' : 'updated',
    );
  } catch (error) {
    problem(report, what, failure(error));
  }
}

// --- images ------------------------------------------------------------------------------------------------------

/** The widest JPEG copy of a stored image: what old image URLs in bodies become. */
function imageOf(row: {
  id: number;
  file: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
  sizes: string;
}) {
  const sizes = parseStoredSizes(row.sizes) ?? [];
  const widest = sizes[sizes.length - 1] ?? { width: row.width, height: row.height };
  return {
    id: row.id,
    url: mediaUrl(row.file, widest.width, 'jpg'),
    alt: row.alt,
    caption: row.caption,
    width: widest.width,
    height: widest.height,
  };
}

/** The stored name of an imported image: `impor/2024/05/upacara` for an old `2024/05/upacara.jpg`. */
export function mediaStem(oldFile: string): string {
  const parts = oldFile.split('/');
  const base = (parts.pop() ?? '').replace(/\.[a-z0-9]+$/i, '');
  const dirs = parts.filter((p) => /^\d{2,4}$/.test(p));
  return ['impor', ...dirs, slugify(base) || 'gambar'].join('/');
}

/** The stem, or `stem-2`, `stem-3` … when another image has it. */
async function freeMediaFile(db: Db, stem: string, ownId: number | null): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? stem : `${stem}-${n}`;
    const taken = await db.selectFrom('media').select('id').where('file', '=', candidate).executeTakeFirst();
    if (!taken || taken.id === ownId) return candidate;
  }
}

/**
 * One attachment: its original read (uploads folder or URL), checked and processed, then its `media` row and
 * `import_item` in one transaction. An image that cannot be had is reported; what uses it comes in without it.
 */
export async function importImage(st: ImportState, what: string, plan: MediaPlan, report: ImportReport): Promise<void> {
  const digest = digestOf(plan);
  const known = st.imported.get(`media:${plan.wpId}`);
  const stored = known
    ? await st.db
        .selectFrom('media')
        .select(['id', 'file', 'alt', 'caption', 'width', 'height', 'sizes'])
        .where('id', '=', known.localId)
        .executeTakeFirst()
    : undefined;
  if (known && stored && known.digest === digest) {
    st.media.set(plan.wpId, imageOf(stored));
    counted(report, 'media', 'unchanged');
    return;
  }
  // Only the words changed (alt text, caption, title) and the original is the same file: the copies stay.
  const stem = mediaStem(plan.file);
  const sameFile = stored !== undefined && (stored.file === stem || new RegExp(`^${stem}-\\d+$`).test(stored.file));
  let image: Awaited<ReturnType<typeof storeImage>> | null = null;
  let file = stored?.file ?? '';
  try {
    if (!sameFile) {
      const bytes = await readImage(st.images, plan.file, plan.url);
      file = await freeMediaFile(st.db, stem, stored?.id ?? null);
      image = await storeImage(bytes, st.uploadsDir, file);
    }
  } catch (error) {
    // Whatever kept the image out (a missing file, a refusal, a download or disk error), the rest goes on.
    const why = error instanceof ImageUnavailable ? error.message : `tidak terbaca (${(error as Error).message})`;
    problem(report, what, `gambar tidak diimpor: ${why}`);
    return;
  }
  const values = {
    file,
    alt: plan.alt.slice(0, 1000),
    // WordPress lets a caption hold a link or emphasis; the site shows captions as text.
    caption: commentText(plan.caption, 1000).text,
    ...(image ? { width: image.width, height: image.height, sizes: image.sizes } : {}),
  };
  try {
    const row = await withStaffChange(st.db, async (trx, record) => {
      let id = stored?.id;
      if (id === undefined) {
        const inserted = await trx
          .insertInto('media')
          .values({
            file,
            alt: values.alt,
            caption: values.caption,
            width: image?.width ?? 1,
            height: image?.height ?? 1,
            sizes: image?.sizes ?? '[]',
            created_at: plan.publishedAt || st.now.toISOString(),
            status: 'ready',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      } else {
        await trx.updateTable('media').set(values).where('id', '=', id).execute();
      }
      await markImported(trx, st, 'media', plan.wpId, {
        localId: id,
        digest,
        guid: plan.guid,
        oldPath: oldPathOf(plan.oldLink),
      });
      await record(
        {
          userId: auditUser(st),
          action: stored ? 'import.media-update' : 'import.media',
          subjectType: 'media',
          subjectId: id,
          summary: plan.title || plan.file,
          public: false,
        },
        st.now,
      );
      return trx
        .selectFrom('media')
        .select(['id', 'file', 'alt', 'caption', 'width', 'height', 'sizes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    });
    st.media.set(plan.wpId, imageOf(row));
    counted(report, 'media', stored ? 'updated' : 'added');
    // Copies of the file the row named before are no one's now.
    if (image && stored && stored.file !== file) await removeStoredCopies(st, stored);
  } catch (error) {
    if (image) await removeCopies(image);
    problem(report, what, failure(error));
  }
}

async function removeStoredCopies(st: ImportState, row: { file: string; sizes: string }) {
  for (const size of parseStoredSizes(row.sizes) ?? []) {
    for (const format of size.formats) {
      await fs.rm(path.join(st.uploadsDir, `${row.file}-${size.width}w.${format}`), { force: true });
    }
  }
}

// --- posts -------------------------------------------------------------------------------------------------------

/** What a post's writer asks of the whole import. */
export interface PostLinks {
  /** This site's address of an old-site URL as written in a body; null when the export did not bring its target. */
  linkFor(url: string): string | null;
  /** The attachments whose parent is an old post, in the export's order. */
  childrenOf(wpId: number): readonly number[];
  /** Whether an old id is an attachment of the export (a featured image elsewhere is reported). */
  isAttachment(wpId: number): boolean;
}

/** Meta the importer writes besides the export's custom fields (removed again when an update no longer has them). */
const MANAGED_META = ['_scheduled_at', '_sticky', '_wp_old_slug', ALBUM_META.photos, GALLERY_FIELD, ALBUM_META.year];

/** Each taxonomy a post's terms are replaced in (a post's type has only some; the others are simply empty). */
const POST_TAXONOMIES = ['category', 'post_tag', 'kategori-galeri', 'bidang-ekskul', 'tingkat'];

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric' });

/** A custom field's value in its typed column (the filters read numbers and dates from theirs). */
function typedMeta(value: string): MetaValue {
  const v = value.trim();
  if (/^-?\d{1,15}(\.\d+)?$/.test(v)) return { value_number: Number(v) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))) return { value_date: `${v}T00:00:00.000Z` };
  return { value_text: value };
}

/** A `[gallery]` as figures of the imported images (the sanitizer keeps figure, img and figcaption). */
function galleryHtml(images: ImportedImage[]): string {
  const figures = images.map((m) => {
    const caption = m.caption ? `<figcaption>${escapeHtml(m.caption)}</figcaption>` : '';
    return `<figure><img src="${m.url}" alt="${escapeHtml(m.alt)}" width="${m.width}" height="${m.height}" loading="lazy">${caption}</figure>`;
  });
  return figures.length > 0 ? `<figure class="gallery">${figures.join('')}</figure>` : '';
}

/** A page's body as this site's page: one section, one column, one text widget (the page editor edits it). */
function pageTree(st: ImportState, wpId: number, html: string): string {
  const id = (part: string) => digestOf([st.source, wpId, part]).slice(0, 8);
  return JSON.stringify([
    {
      id: id('section'),
      type: 'section',
      settings: {},
      children: [
        {
          id: id('column'),
          type: 'column',
          settings: { width: 100 },
          children: [{ id: id('text'), type: 'widget', widget: 'text-editor', settings: { html }, children: [] }],
        },
      ],
    },
  ]);
}

/** What `importPost` did: the post's id, and its parent's old id when that parent was not in yet. */
export type PostOutcome = { id: number; waitsForParent: number | null } | null;

/**
 * One post, page or gallery item with its terms, meta, featured image and comments, in one transaction. The body
 * is the plan's converted HTML with its galleries filled, its old-site URLs made this site's and the editor's
 * sanitizer run over it.
 */
export async function importPost(
  st: ImportState,
  what: string,
  kind: PostKind,
  p: PostPlan,
  links: PostLinks,
  report: ImportReport,
): Promise<PostOutcome> {
  // Galleries: the images named, or (WordPress's default) those attached to the post.
  const images = (ids: readonly number[]) =>
    ids.map((id) => st.media.get(id)).filter((m): m is ImportedImage => m !== undefined);
  const filled = fillGalleries(p.body.html, (n) => {
    const g = p.body.galleries[n] as GalleryRef;
    return galleryHtml(images(g.ids ?? links.childrenOf(p.wpId)));
  });
  const urls = new Map<string, string>();
  for (const url of p.oldUrls) {
    const to = links.linkFor(url);
    if (to !== null) urls.set(url, to);
  }
  const written = rewriteUrls(filled, urls);
  const content = sanitizeRichText(written);
  const lost = lostTags(written, content);
  if (lost.length > 0) problem(report, what, `pembersih HTML membuang: ${lost.join(', ')}`);
  const authorId = st.authors.get(p.authorLogin.toLowerCase()) ?? null;
  if (authorId === null && p.authorLogin)
    problem(report, what, `penulis "${p.authorLogin}" tidak ada di ekspor: tanpa penulis`);
  if (p.featuredWpId !== null && !links.isAttachment(p.featuredWpId)) {
    problem(report, what, `gambar unggulan ID ${p.featuredWpId} tidak ada di ekspor`);
  }
  // A gallery item's photos: its featured image, then the images attached to it, then its galleries' images.
  const photos =
    kind === 'gallery'
      ? [
          ...new Set([
            ...(p.featuredWpId === null ? [] : [p.featuredWpId]),
            ...links.childrenOf(p.wpId),
            ...p.body.galleries.flatMap((g) => g.ids ?? []),
          ]),
        ].filter((id) => st.media.has(id))
      : [];
  const publicPhotos = photos.filter((id) => st.media.get(id)?.alt.trim());
  if (publicPhotos.length < photos.length) {
    problem(
      report,
      what,
      `${photos.length - publicPhotos.length} foto tanpa teks alt: tidak tampil sampai teks alt diisi`,
    );
  }
  const featuredWp = kind === 'gallery' ? (publicPhotos[0] ?? null) : p.featuredWpId;
  const featuredId = featuredWp === null ? null : (st.media.get(featuredWp)?.id ?? null);
  const termIds: number[] = [];
  for (const t of p.terms) {
    const id = st.terms.get(`${t.taxonomy}:${t.slug}`);
    if (id === undefined)
      problem(report, what, `istilah ${t.taxonomy} "${t.slug}" tidak ada di ekspor maupun di situs`);
    else termIds.push(id);
  }
  const meta: Record<string, MetaValue | null> = {};
  for (const m of p.meta) {
    if (m.key in meta) problem(report, what, `meta "${m.key}" punya beberapa nilai: hanya yang pertama disimpan`);
    else meta[m.key] = typedMeta(m.value);
  }
  if (p.status === 'future' && p.publishedAt) meta._scheduled_at = { value_date: p.publishedAt };
  if (p.sticky) meta._sticky = { value_number: 1 };
  if (p.oldSlug) meta._wp_old_slug = { value_text: p.oldSlug };
  if (kind === 'gallery') {
    const ids = (list: number[]) => list.map((id) => st.media.get(id)?.id).join(',');
    if (photos.length > 0) meta[ALBUM_META.photos] = { value_text: ids(photos) };
    if (publicPhotos.length > 0) meta[GALLERY_FIELD] = { value_text: ids(publicPhotos) };
    if (!(ALBUM_META.year in meta) && p.publishedAt) {
      meta[ALBUM_META.year] = { value_number: Number(yearFormat.format(new Date(p.publishedAt))) };
    }
  }
  const row = {
    type: p.type,
    status: p.status === 'publish' ? 'publish' : 'draft',
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    content,
    tree: p.type === 'page' ? pageTree(st, p.wpId, content) : null,
    author_id: authorId,
    featured_media_id: featuredId,
    menu_order: p.menuOrder,
  };
  // The record as it would be written (dates as exported: a missing one takes the import's time, never hashed).
  const digest = digestOf({
    row,
    publishedAt: p.publishedAt,
    modifiedAt: p.modifiedAt,
    parent: p.parentWpId,
    terms: [...termIds].sort((a, b) => a - b),
    meta: Object.entries(meta).sort(([a], [b]) => a.localeCompare(b)),
    comments: p.comments,
  });
  const known = st.imported.get(`post:${p.wpId}`);
  if (known?.digest === digest) {
    st.posts.set(p.wpId, known.localId);
    counted(report, kind, 'unchanged');
    // Its comments are matched one by one as on the first run (each unchanged, nothing written), so they count the same.
    if (p.comments.length > 0) {
      await st.db
        .transaction()
        .execute((trx) =>
          importComments(trx, st.source, { id: known.localId, type: p.type }, p.comments, report, st.now),
        )
        .catch((error: unknown) => problem(report, what, `komentar tidak dicocokkan: ${(error as Error).message}`));
    }
    return { id: known.localId, waitsForParent: null };
  }
  const parentId = p.parentWpId === null ? null : (st.posts.get(p.parentWpId) ?? null);
  const publishedAt = p.publishedAt || st.now.toISOString();
  try {
    const outcome = await withStaffChange(st.db, async (trx, record) => {
      const stored = known
        ? await trx
            .selectFrom('post')
            .select(['id', 'status', 'modified_at'])
            .where('id', '=', known.localId)
            .where('type', '=', p.type)
            .executeTakeFirst()
        : undefined;
      let id: number;
      if (stored) {
        id = stored.id;
        // Later than what is stored, always: a staff form opened before this update is told of it.
        const wpModified = p.modifiedAt || publishedAt;
        const modifiedAt = wpModified > stored.modified_at ? wpModified : nextModified(stored.modified_at, st.now);
        await updatePost(trx, id, { ...row, parent_id: parentId, published_at: publishedAt, modified_at: modifiedAt });
        const keys = await trx.selectFrom('post_meta').select('meta_key').where('post_id', '=', id).execute();
        for (const { meta_key } of keys) {
          const imported =
            !meta_key.startsWith('_') || MANAGED_META.includes(meta_key) || meta_key.startsWith('_yoast');
          if (imported && !(meta_key in meta)) meta[meta_key] = null;
        }
        await replaceTerms(trx, id, POST_TAXONOMIES, termIds);
        await replaceMeta(trx, id, meta);
      } else {
        // A new post's row, terms and meta in one go (fewer round trips: PostgreSQL's are what an import waits on).
        const [inserted] = await insertNewPosts(trx, [
          {
            post: { ...row, parent_id: parentId, published_at: publishedAt, modified_at: p.modifiedAt || publishedAt },
            terms: termIds,
            meta: Object.entries(meta).flatMap(([meta_key, v]) => (v ? [{ meta_key, ...v }] : [])),
          },
        ]);
        id = inserted as number;
      }
      if (p.comments.length > 0) await importComments(trx, st.source, { id, type: p.type }, p.comments, report, st.now);
      await markImported(trx, st, 'post', p.wpId, { localId: id, digest, guid: p.guid, oldPath: oldPathOf(p.oldLink) });
      await record(
        {
          userId: auditUser(st),
          action: stored ? 'import.post-update' : 'import.post',
          subjectType: 'post',
          subjectId: id,
          summary: p.title,
          public: row.status === 'publish' || stored?.status === 'publish',
        },
        st.now,
      );
      return { id, updated: stored !== undefined };
    });
    st.posts.set(p.wpId, outcome.id);
    counted(report, kind, outcome.updated ? 'updated' : 'added');
    return { id: outcome.id, waitsForParent: p.parentWpId !== null && parentId === null ? p.parentWpId : null };
  } catch (error) {
    problem(report, what, failure(error));
    return null;
  }
}

/** Gives a post the parent that came after it in the export (its own small transaction, nothing else changes). */
export async function setParent(st: ImportState, postId: number, parentId: number): Promise<void> {
  await withStaffChange(st.db, (trx) => updatePost(trx, postId, { parent_id: parentId }));
}
