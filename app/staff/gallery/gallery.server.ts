import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { GALLERY_FIELD, mediaUrl, parseStoredSizes } from '~/content/media';
import { nextModified } from '~/content/modified';
import { postMeta } from '~/content/posts.server';
import { insertPost, postOfType, replaceMeta, replaceTerms, updatePost } from '~/content/posts-write.server';
import { freePostSlug } from '~/content/slug.server';
import { deletePostOfType } from '~/content/staff-delete.server';
import { postTerms } from '~/content/terms.server';
import type { Db } from '~/db';
import { isUniqueViolation } from '~/db/sql';
import { withStaffChange } from '~/lib/content-version.server';
import { pageOfRows } from '~/lib/list-page.server';
import type { AlbumForm } from './form';
import {
  ALBUM_META,
  ALBUM_POST_TYPE,
  ALBUM_TAXONOMY,
  ALBUMS_PER_PAGE,
  type AlbumFormValues,
  type AlbumIntent,
  type AlbumListQuery,
  type AlbumPhotoState,
  type AlbumRow,
  albumSlug,
  batchPlace,
  MAX_UPLOAD_REQUEST_BYTES,
  mergePhotoOrder,
  missingAltMessage,
  movePhoto,
  type PhotoStatus,
  type PhotoView,
  POST_PROCESS_MESSAGE_ID,
  parseIdList,
  photosWithoutAlt,
  publicPhotoIds,
  REFUSAL_MESSAGES,
  type UploadPlace,
  type UploadRefusal,
  uploadDisplayName,
  uploadFileBase,
} from './model';
import { checkUpload } from './upload-check.server';
import { mediaWorkerOf, stagedName, stagingDir } from './worker-registry.server';

/**
 * The staff's gallery albums (issue 14 "Gallery"): posts of type `galeri` with their categories
 * (`kategori-galeri`), year (`tahun`) and photos. Every change ends with `recordChange`, which shows
 * it on /galeri/ (and its filters' counts) at once.
 */

export async function listAlbums(db: Db, query: AlbumListQuery) {
  let base = db.selectFrom('post as p').where('p.type', '=', ALBUM_POST_TYPE);
  if (query.status) base = base.where('p.status', '=', query.status);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`lower(${sql.ref('p.title')}) like ${pattern} escape '\\'`);
  }
  const { rows: posts, ...at } = await pageOfRows(base, ALBUMS_PER_PAGE, query.page, (limit, offset) =>
    base
      .select(['p.id', 'p.title', 'p.slug', 'p.status', 'p.featured_media_id'])
      .orderBy('p.published_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  );
  const ids = posts.map((p) => p.id);
  const [meta, terms] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('post_meta')
            .select(['post_id', 'meta_key', 'value_text', 'value_number'])
            .where('post_id', 'in', ids)
            .where('meta_key', 'in', [ALBUM_META.year, ALBUM_META.photos, GALLERY_FIELD])
            .execute(),
          postTerms(db, ids, ALBUM_TAXONOMY),
        ]);
  const rows: AlbumRow[] = posts.map((p) => {
    const m = (key: string) => meta.find((r) => r.post_id === p.id && r.meta_key === key);
    const year = m(ALBUM_META.year);
    return {
      id: p.id,
      title: p.title,
      slug: p.slug,
      status: p.status === 'publish' ? 'publish' : 'draft',
      year: year ? Number(year.value_number ?? year.value_text) || null : null,
      photos: orderOf(p.featured_media_id, m(ALBUM_META.photos)?.value_text, m(GALLERY_FIELD)?.value_text).length,
      categories: terms
        .filter((t) => t.post_id === p.id)
        .map((t) => t.name)
        .join(', '),
    };
  });
  return { rows, ...at };
}

/** The album's photo order: the staff's list, or (an album made before it, the seed's) the public one. */
function orderOf(featured: number | null, staffList: string | null | undefined, publicList: string | null | undefined) {
  if (staffList != null) return parseIdList(staffList);
  return parseIdList([featured ?? '', publicList ?? ''].join(','));
}

async function storedOrder(db: Db, postId: number, featured: number | null): Promise<number[]> {
  const meta = await db
    .selectFrom('post_meta')
    .select(['meta_key', 'value_text'])
    .where('post_id', '=', postId)
    .where('meta_key', 'in', [ALBUM_META.photos, GALLERY_FIELD])
    .execute();
  const value = (key: string) => meta.find((m) => m.meta_key === key)?.value_text;
  return orderOf(featured, value(ALBUM_META.photos), value(GALLERY_FIELD));
}

/** The gallery's categories as stored (terms of `kategori-galeri`), in the seed's order. */
export async function albumCategories(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('term').select(['id', 'name']).where('taxonomy', '=', ALBUM_TAXONOMY).orderBy('id').execute();
}

/** The photos (`ids`, in that order) as the staff screens show them; ids without a media row left out. */
async function photoViews(db: Db, ids: readonly number[]): Promise<PhotoView[]> {
  if (ids.length === 0) return [];
  const [media, jobs] = await Promise.all([
    db.selectFrom('media').select(['id', 'file', 'alt', 'caption', 'sizes', 'status']).where('id', 'in', ids).execute(),
    db
      .selectFrom('media_job')
      .select(['media_id', 'original_name'])
      .where('media_id', 'in', ids)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const byId = new Map(media.map((m) => [m.id, m]));
  return ids.flatMap((id) => {
    const m = byId.get(id);
    if (!m) return [];
    const status: PhotoStatus = m.status === 'processing' || m.status === 'failed' ? m.status : 'ready';
    const smallest = (parseStoredSizes(m.sizes) ?? []).sort((a, b) => a.width - b.width)[0];
    return [
      {
        id,
        status,
        alt: m.alt,
        caption: m.caption,
        name: jobs.find((j) => j.media_id === id)?.original_name ?? path.basename(m.file),
        thumb: status === 'ready' && smallest ? mediaUrl(m.file, smallest.width, 'jpg') : null,
        message: status === 'failed' ? POST_PROCESS_MESSAGE_ID : null,
      },
    ];
  });
}

/** The album's photos in order (the upload screen polls this while some are processing). */
export async function albumPhotos(db: Db, postId: number): Promise<PhotoView[] | null> {
  const post = await postOfType(db, postId, ALBUM_POST_TYPE, ['featured_media_id']);
  if (!post) return null;
  return photoViews(db, await storedOrder(db, postId, post.featured_media_id));
}

/** A stored album as its form shows it; null when there is no such album. */
export async function loadAlbum(db: Db, id: number) {
  const post = await postOfType(db, id, ALBUM_POST_TYPE, [
    'id',
    'title',
    'slug',
    'excerpt',
    'status',
    'modified_at',
    'featured_media_id',
  ]);
  if (!post) return null;
  const [year, terms, order] = await Promise.all([
    postMeta(db, id, ALBUM_META.year),
    postTerms(db, [id], ALBUM_TAXONOMY),
    storedOrder(db, id, post.featured_media_id),
  ]);
  const values: AlbumFormValues = {
    judul: post.title,
    slug: post.slug,
    ringkasan: post.excerpt,
    tahun: String(year?.value_number ?? year?.value_text ?? ''),
    kategori: terms.map((t) => t.id),
  };
  return {
    id: post.id,
    slug: post.slug,
    status: (post.status === 'publish' ? 'publish' : 'draft') as 'publish' | 'draft',
    version: post.modified_at,
    values,
    photos: await photoViews(db, order),
  };
}

/** Why a save did not happen: messages per field (`form` for the whole form), or a stale form. */
export type AlbumSaveProblem =
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'conflict' }
  | { kind: 'missing' };

class Refused extends Error {
  constructor(readonly problem: AlbumSaveProblem) {
    super(problem.kind);
  }
}

/**
 * Creates (`id` null, a draft) or updates an album in one transaction: the post, slug, year,
 * categories, the photos' order, alt texts and captions, the public photos and featured image; a publication
 * with photos lacking alt text (or with no processed photo) is refused and changes nothing.
 */
export async function saveAlbum(
  db: Db,
  userId: number,
  id: number | null,
  form: AlbumForm,
  categoryIds: number[],
  texts: { alts: Map<number, string>; captions: Map<number, string> },
  intent: AlbumIntent,
  now = new Date(),
): Promise<{ id: number; status: 'publish' | 'draft' } | AlbumSaveProblem> {
  const categories = [...new Set(categoryIds)];
  if (categories.length > 0) {
    const known = await db
      .selectFrom('term')
      .select('id')
      .where('taxonomy', '=', ALBUM_TAXONOMY)
      .where('id', 'in', categories)
      .execute();
    if (known.length !== categories.length) {
      return { kind: 'invalid', errors: { kategori: 'Ada kategori yang tidak dikenal; muat ulang halaman.' } };
    }
  }
  const slug = await chooseSlug(db, form, id);
  if ('error' in slug) return { kind: 'invalid', errors: { slug: slug.error } };
  try {
    const saved = await withStaffChange(db, async (trx, record) => {
      const stored =
        id === null
          ? null
          : await postOfType(trx, id, ALBUM_POST_TYPE, [
              'id',
              'status',
              'modified_at',
              'published_at',
              'featured_media_id',
            ]);
      if (id !== null && !stored) throw new Refused({ kind: 'missing' });
      if (stored && stored.modified_at !== form.versi) throw new Refused({ kind: 'conflict' });
      const status: 'publish' | 'draft' =
        intent.kind === 'publish'
          ? 'publish'
          : intent.kind === 'unpublish'
            ? 'draft'
            : stored?.status === 'publish'
              ? 'publish'
              : 'draft';
      const modifiedAt = nextModified(stored?.modified_at ?? null, now);
      const publishedAt =
        stored && (stored.status === 'publish' || intent.kind !== 'publish') ? stored.published_at : now.toISOString();
      const row = {
        title: form.judul,
        slug: slug.slug,
        excerpt: form.ringkasan,
        status,
        modified_at: modifiedAt,
        published_at: publishedAt,
      };
      let postId: number;
      let order: number[] = [];
      if (stored) {
        postId = stored.id;
        if (!(await updatePost(trx, postId, row, { modified_at: stored.modified_at }))) {
          throw new Refused({ kind: 'conflict' });
        }
        order = mergePhotoOrder(await storedOrder(trx, postId, stored.featured_media_id), form.urutan, form.dihapus);
        if (intent.kind === 'move') order = movePhoto(order, intent.id, intent.direction);
        if (intent.kind === 'remove') order = order.filter((p) => p !== intent.id);
      } else {
        postId = await insertPost(trx, {
          ...row,
          type: ALBUM_POST_TYPE,
          content: '',
          tree: null,
          parent_id: null,
          author_id: userId,
          featured_media_id: null,
          menu_order: 0,
        });
      }
      for (const photoId of order) {
        const alt = texts.alts.get(photoId);
        const caption = texts.captions.get(photoId);
        if (alt === undefined && caption === undefined) continue;
        await trx
          .updateTable('media')
          .set({ ...(alt === undefined ? {} : { alt }), ...(caption === undefined ? {} : { caption }) })
          .where('id', '=', photoId)
          .execute();
      }
      const states = await photoStates(trx, order);
      if (intent.kind === 'publish') {
        const lacking = photosWithoutAlt(order, states);
        if (lacking.length > 0) {
          const views = await photoViews(trx, order);
          const names = lacking.map((n) => `Foto ${n} (${views[n - 1]?.name ?? ''})`);
          throw new Refused({ kind: 'invalid', errors: { foto: missingAltMessage(names) } });
        }
        if (publicPhotoIds(order, states).length === 0) {
          throw new Refused({
            kind: 'invalid',
            errors: { foto: 'Album belum diterbitkan: unggah minimal satu foto dan tunggu sampai selesai diproses.' },
          });
        }
      }
      await replaceMeta(trx, postId, {
        [ALBUM_META.year]: { value_number: form.tahun },
        [ALBUM_META.photos]: { value_text: order.join(',') },
      });
      await writePublicPhotos(trx, postId, publicPhotoIds(order, states));
      await replaceTerms(trx, postId, [ALBUM_TAXONOMY], categories);
      const action =
        intent.kind === 'publish' && stored?.status !== 'publish'
          ? 'gallery.publish'
          : intent.kind === 'unpublish'
            ? 'gallery.unpublish'
            : stored
              ? 'gallery.update'
              : 'gallery.create';
      await record(
        {
          userId,
          action,
          subjectType: 'post',
          subjectId: postId,
          summary: form.judul,
          // A draft album's save shows nowhere; publishing, unpublishing, a published album's edit do.
          public: stored?.status === 'publish' || status === 'publish',
        },
        now,
      );
      return { id: postId, status };
    });
    return saved;
  } catch (error) {
    if (error instanceof Refused) return error.problem;
    if (isUniqueViolation(error)) {
      return { kind: 'invalid', errors: { slug: 'Slug ini baru saja dipakai album lain; pilih slug lain.' } };
    }
    throw error;
  }
}

async function photoStates(db: Db, ids: readonly number[]): Promise<AlbumPhotoState[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('media').select(['id', 'status', 'alt']).where('id', 'in', ids).execute();
  return rows.map((r) => ({
    id: r.id,
    alt: r.alt,
    status: r.status === 'processing' || r.status === 'failed' ? r.status : 'ready',
  }));
}

/** The album's slug: the typed one if no other album has it, else one made from the title (-2, -3 …). */
async function chooseSlug(
  db: Db,
  form: AlbumForm,
  ownId: number | null,
): Promise<{ slug: string } | { error: string }> {
  if (form.slug) {
    const other = await db
      .selectFrom('post')
      .select(['title'])
      .where('type', '=', ALBUM_POST_TYPE)
      .where('slug', '=', form.slug)
      .where('id', '!=', ownId ?? 0)
      .executeTakeFirst();
    if (other) {
      return {
        error: `Slug “${form.slug}” sudah dipakai album “${other.title}”. Ubah slug, atau kosongkan agar dibuat otomatis.`,
      };
    }
    return { slug: form.slug };
  }
  const base = albumSlug(form.judul);
  return { slug: await freePostSlug(db, [ALBUM_POST_TYPE], base, ownId) };
}

/** Writes what visitors see: the gallery field and the featured image (its first photo). */
async function writePublicPhotos(db: Db, postId: number, ids: readonly number[]) {
  await replaceMeta(db, postId, { [GALLERY_FIELD]: ids.length > 0 ? { value_text: ids.join(',') } : null });
  await updatePost(db, postId, { featured_media_id: ids[0] ?? null });
}

/**
 * Brings the album's public photos up to date after a photo's processing ended (media-job.server.ts):
 * written, and the change recorded, only when they differ.
 */
export async function syncAlbumPhotos(db: Db, postId: number, userId: number | null): Promise<void> {
  await withStaffChange(db, async (trx, record) => {
    const post = await postOfType(trx, postId, ALBUM_POST_TYPE, [
      'id',
      'title',
      'status',
      'author_id',
      'featured_media_id',
    ]);
    if (!post) return;
    const order = await storedOrder(trx, postId, post.featured_media_id);
    const wanted = publicPhotoIds(order, await photoStates(trx, order));
    const current = await postMeta(trx, postId, GALLERY_FIELD);
    if ((current?.value_text ?? '') === wanted.join(',') && post.featured_media_id === (wanted[0] ?? null)) return;
    await writePublicPhotos(trx, postId, wanted);
    await record({
      userId: (userId ?? post.author_id) as number,
      action: 'gallery.photos',
      subjectType: 'post',
      subjectId: postId,
      summary: post.title,
      public: post.status === 'publish',
    });
  });
}

/** Deletes an album (its meta and terms go with it; its photos stay in the media library). */
export function deleteAlbum(db: Db, userId: number, id: number): Promise<boolean> {
  return deletePostOfType(db, {
    id,
    type: ALBUM_POST_TYPE,
    userId,
    action: 'gallery.delete',
    beforeDelete: (trx) => trx.updateTable('media_job').set({ post_id: null }).where('post_id', '=', id).execute(),
  });
}

/** The answer for one uploaded file. */
export type UploadResult =
  | { ok: true; name: string; id: number }
  | { ok: false; name: string; code: UploadRefusal | 'busy'; message: string };

/** What the upload route reads the request with: its limit, and a check that the worker runs here. */
export const UPLOAD_REQUEST_BYTES = MAX_UPLOAD_REQUEST_BYTES;

/**
 * Stores one uploaded file for the album: refused unless its bytes are one JPEG, PNG, WebP or AVIF image
 * of at most 25 MB and 40 megapixels and nothing else (upload-check.server.ts); else the original is
 * staged under a name the server makes (the sent name is only shown), a `media` row made ('processing'), its
 * job queued, and the photo added to the album: at the end, or among the files chosen with it in their
 * chosen order (`place`). One album's uploads are stored one after another (they arrive three at a
 * time), so none reads the order another is changing. The worker is woken to start at once.
 */
export async function storeUpload(
  db: Db,
  userId: number,
  albumId: number,
  upload: { name: string; bytes: Buffer; place?: UploadPlace | null },
  now = new Date(),
): Promise<UploadResult> {
  const name = uploadDisplayName(upload.name);
  const worker = mediaWorkerOf(db);
  if (!worker) {
    return {
      ok: false,
      name,
      code: 'busy',
      message: 'Pemrosesan foto belum berjalan di server ini. Coba lagi sebentar lagi.',
    };
  }
  // The bytes decide, and sharp's reading of the header agrees, before anything is stored or decoded.
  const checked = await checkUpload(upload.bytes);
  if (typeof checked === 'string') return { ok: false, name, code: checked, message: REFUSAL_MESSAGES[checked] };
  const token = randomBytes(6).toString('hex');
  const staging = stagingDir(worker.options.uploadsDir);
  await fs.mkdir(staging, { recursive: true });
  const source = stagedName(token);
  await fs.writeFile(path.join(staging, source), upload.bytes);
  try {
    const id = await withStaffChange(
      db,
      async (trx, record) => {
        const post = await postOfType(trx, albumId, ALBUM_POST_TYPE, ['id', 'title', 'featured_media_id']);
        if (!post) return null;
        const media = await trx
          .insertInto('media')
          .values({
            file: uploadFileBase(name, now, token),
            alt: '',
            width: checked.upright.width,
            height: checked.upright.height,
            sizes: '[]',
            created_at: now.toISOString(),
            status: 'processing',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('media_job')
          .values({
            media_id: media.id,
            post_id: albumId,
            user_id: userId,
            source,
            original_name: name,
            upload_batch: upload.place?.batch ?? null,
            batch_position: upload.place?.position ?? null,
            status: 'pending',
            next_try_at: now.toISOString(),
            created_at: now.toISOString(),
          })
          .execute();
        const order = await storedOrder(trx, albumId, post.featured_media_id);
        let at = order.length;
        if (upload.place) {
          const chosenWith = await trx
            .selectFrom('media_job')
            .select(['media_id', 'batch_position'])
            .where('post_id', '=', albumId)
            .where('upload_batch', '=', upload.place.batch)
            .execute();
          const places = new Map(chosenWith.map((j) => [j.media_id, j.batch_position ?? 0]));
          at = batchPlace(order, places, upload.place.position);
        }
        order.splice(at, 0, media.id);
        await replaceMeta(trx, albumId, { [ALBUM_META.photos]: { value_text: order.join(',') } });
        await record({
          userId,
          action: 'gallery.upload',
          subjectType: 'post',
          subjectId: albumId,
          summary: `${post.title}: ${name}`,
          // The photo shows once processed (`gallery.photos`), not before.
          public: false,
        });
        return media.id;
      },
      { serializedBy: `album-photos:${albumId}` },
    );
    if (id === null) {
      await fs.rm(path.join(staging, source), { force: true });
      return { ok: false, name, code: 'busy', message: 'Album ini tidak ada lagi.' };
    }
    worker.wake();
    return { ok: true, name, id };
  } catch (error) {
    await fs.rm(path.join(staging, source), { force: true });
    throw error;
  }
}
