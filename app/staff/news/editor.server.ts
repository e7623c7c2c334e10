import { mediaUrl, toMediaView } from '~/content/media';
import { nextModified } from '~/content/modified';
import { formatSchoolDateTime } from '~/content/posts';
import { insertPost, replaceMeta, replaceTerms, updatePost } from '~/content/posts-write.server';
import { freeSlug, RESERVED_SLUGS, slugify } from '~/content/slug';
import { freePostSlug } from '~/content/slug.server';
import { deletePostOfType } from '~/content/staff-delete.server';
import { allNewsCategories, getTermTree } from '~/content/terms.server';
import type { Db, Dialect } from '~/db';
import { isUniqueViolation } from '~/db/sql';
import { scheduleNow } from '~/lib/clock.server';
import { withStaffChange } from '~/lib/content-version.server';
import { Forbidden, NotFound } from '~/lib/errors';
import { sanitizeRichText } from '~/lib/html.server';
import { done, type Outcome, ok, refused } from '~/lib/outcome';
import { can, mayEditPost } from '~/lib/permissions';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';
import type { SessionUser } from '~/lib/user';
import {
  autosaveRefusal,
  checkPostForm,
  type EditorStatus,
  isoToSchoolLocal,
  NOT_SAVED_MESSAGE,
  POST_META,
  type PostForm,
  type PostFormValues,
  parseListQuery,
  parseTags,
  postFormSchema,
  schoolLocalToIso,
  statusAfter,
  valuesOf,
} from './model';
import { listNewsPosts } from './posts.server';

/**
 * The news editor's server side (issue 14): the list's and the editor's data, the editor's form post
 * and the autosave call (scheduled posts are published by publisher.server.ts). Every change is
 * checked against the user's role and the post's author, writes through the content's write side and
 * is recorded in the audit log (`withStaffChange`).
 */

/** The editor's form is larger than a page's few fields: the body's HTML up to about half a megabyte. */
export const MAX_EDITOR_BYTES = 600 * 1024;

/**
 * The signed-in staff member as the editor needs them (the route checked the role and the CSRF token):
 * who may change which post is lib/permissions.ts `mayEditPost` (editors any, authors their own).
 */
export type Writer = Pick<SessionUser, 'id' | 'roles'>;

const forbidden = () => new Forbidden('Anda hanya boleh membuka dan mengubah tulisan Anda sendiri.');
const notFound = () => new NotFound('Tulisan ini tidak ada atau sudah dihapus.');

/** The list screen's data: one page of posts, the filters' choices, and a message after a change. */
export async function newsListPage(db: Db, dialect: Dialect, writer: Writer, requestUrl: string) {
  const url = new URL(requestUrl);
  const query = parseListQuery(url.searchParams);
  const [list, categories] = await Promise.all([
    listNewsPosts(db, dialect, query, can(writer, 'posts.any') ? null : writer.id),
    categoryChoices(db),
  ]);
  return { ...list, query: { ...query, page: list.page }, categories, notice: noticeOf(url) };
}

const NOTICES: Record<string, string> = {
  disimpan: 'Perubahan disimpan.',
  terbit: 'Tulisan diterbitkan dan sudah tampil di situs.',
  terjadwal: 'Tulisan dijadwalkan: akan terbit otomatis pada tanggal terbitnya.',
  draf: 'Terbitan dibatalkan: tulisan kini menjadi draf.',
  dipulihkan: 'Versi lama dipulihkan. Versi sebelumnya tersimpan di riwayat revisi.',
  dihapus: 'Tulisan dihapus.',
};

function noticeOf(url: URL): string | null {
  return NOTICES[url.searchParams.get('pesan') ?? ''] ?? null;
}

/** Categories as a flat list in tree order, with their depth (for indented checkboxes). */
async function categoryChoices(db: Db): Promise<Array<{ id: number; name: string; depth: number }>> {
  const tree = await getTermTree(db, 'category');
  const out: Array<{ id: number; name: string; depth: number }> = [];
  const visit = (parent: number | null, depth: number) => {
    for (const t of tree.children.get(parent) ?? []) {
      out.push({ id: t.id, name: t.name, depth });
      visit(t.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** One image the featured-image picker offers. */
export interface MediaChoice {
  id: number;
  alt: string;
  thumb: string;
}

/** The newest images of the media library, as the featured-image and logo pickers offer them. */
export async function mediaChoices(db: Db): Promise<MediaChoice[]> {
  // Only processed images (an upload still in the gallery's job has no copies yet).
  const rows = await db
    .selectFrom('media')
    .selectAll()
    .where('status', '=', 'ready')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.flatMap((row) => {
    const view = toMediaView(row);
    const smallest = view.sizes[0];
    const format = view.formats[0];
    return smallest && format
      ? [{ id: view.id, alt: view.alt, thumb: mediaUrl(view.file, smallest.width, format) }]
      : [];
  });
}

/** A stored news post with what the editor needs to decide on it. */
async function storedPost(db: Db, id: number) {
  const row = await db
    .selectFrom('post')
    .selectAll()
    .where('id', '=', id)
    .where('type', '=', 'post')
    .executeTakeFirst();
  if (!row) return null;
  const meta = await db
    .selectFrom('post_meta')
    .select(['meta_key', 'value_text', 'value_date'])
    .where('post_id', '=', id)
    .where('meta_key', 'in', Object.values(POST_META))
    .execute();
  const metaOf = (key: string) => meta.find((m) => m.meta_key === key);
  const scheduledAt = metaOf(POST_META.scheduledAt)?.value_date ?? null;
  const status: EditorStatus = row.status === 'publish' ? 'publish' : scheduledAt ? 'future' : 'draft';
  return {
    row,
    status,
    seoTitle: metaOf(POST_META.seoTitle)?.value_text ?? '',
    seoDescription: metaOf(POST_META.seoDescription)?.value_text ?? '',
  };
}

/** Who saved the post last, and when (the audit log's newest change of it). */
async function lastSaveOf(db: Db, id: number): Promise<{ by: string; at: string } | null> {
  const row = await db
    .selectFrom('audit_log')
    .leftJoin('app_user', 'app_user.id', 'audit_log.user_id')
    .select(['app_user.display_name', 'audit_log.at'])
    .where('audit_log.subject_type', '=', 'post')
    .where('audit_log.subject_id', '=', id)
    .orderBy('audit_log.id', 'desc')
    .executeTakeFirst();
  return row ? { by: row.display_name ?? 'pengguna yang sudah dihapus', at: row.at } : null;
}

function parseId(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** The editor screen's data, for a new post (`rawId` undefined) or a stored one. */
export async function editorPage(db: Db, writer: Writer, requestUrl: string, rawId: string | undefined) {
  const id = parseId(rawId);
  const url = new URL(requestUrl);
  const [categories, tagNames, media] = await Promise.all([
    categoryChoices(db),
    db
      .selectFrom('term')
      .select('name')
      .where('taxonomy', '=', 'post_tag')
      .orderBy('name')
      .execute()
      .then((r) => r.map((t) => t.name)),
    mediaChoices(db),
  ]);
  if (id === null) {
    const values: PostFormValues = {
      title: '',
      slug: '',
      excerpt: '',
      content: '',
      tags: '',
      featured_media_id: '',
      published_at: '',
      seo_title: '',
      seo_description: '',
      modified_at: '',
      categories: [],
    };
    return {
      post: null,
      values,
      categories,
      tagNames,
      media,
      revisions: [],
      lastSave: null,
      confirmDelete: false,
      notice: null,
    };
  }
  const stored = await storedPost(db, id);
  if (!stored) throw notFound();
  if (!mayEditPost(writer, stored.row)) throw forbidden();
  const [terms, revisions, lastSave] = await Promise.all([
    db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .select(['term.id', 'term.name', 'term.taxonomy'])
      .where('post_term.post_id', '=', id)
      .where('term.taxonomy', 'in', ['category', 'post_tag'])
      .orderBy('term.name')
      .execute(),
    db
      .selectFrom('post_revision')
      .leftJoin('app_user', 'app_user.id', 'post_revision.user_id')
      .select(['post_revision.id', 'post_revision.title', 'post_revision.saved_at', 'app_user.display_name'])
      .where('post_revision.post_id', '=', id)
      .orderBy('post_revision.id', 'desc')
      .limit(50)
      .execute(),
    lastSaveOf(db, id),
  ]);
  const { row } = stored;
  const values: PostFormValues = {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    tags: terms
      .filter((t) => t.taxonomy === 'post_tag')
      .map((t) => t.name)
      .join(', '),
    featured_media_id: row.featured_media_id ? String(row.featured_media_id) : '',
    // A draft's time is that of its last save: shown empty, it is published at the time of publishing.
    published_at: stored.status === 'draft' ? '' : isoToSchoolLocal(row.published_at),
    seo_title: stored.seoTitle,
    seo_description: stored.seoDescription,
    modified_at: row.modified_at,
    categories: terms.filter((t) => t.taxonomy === 'category').map((t) => t.id),
  };
  return {
    post: { id, status: stored.status, slug: row.slug, link: stored.status === 'publish' ? `/${row.slug}/` : null },
    values,
    categories,
    tagNames,
    media,
    revisions: revisions.map((r) => ({
      id: r.id,
      title: r.title,
      savedAt: r.saved_at,
      by: r.display_name ?? 'pengguna yang sudah dihapus',
    })),
    lastSave,
    confirmDelete: url.searchParams.has('hapus'),
    notice: noticeOf(url),
  };
}

/** What a refused save answers: the messages per field, a message for the form, and what was typed. */
export interface EditorFailure {
  errors: Record<string, string>;
  message: string;
  values: PostFormValues;
  /** set when someone else saved the post since the form was opened */
  conflict?: boolean;
}

function refuse(
  status: number,
  values: PostFormValues,
  message: string,
  errors: Record<string, string> = {},
  conflict = false,
) {
  return refused<EditorFailure>(status, { errors, message, values, ...(conflict ? { conflict } : {}) });
}

/** The editor's form post: save, publish, unpublish, delete or restore a revision. */
export async function editorAction(
  db: Db,
  user: Writer,
  fields: Record<string, string>,
  rawId: string | undefined,
): Promise<Outcome<never, EditorFailure>> {
  const id = parseId(rawId);
  const intent = fields.intent ?? 'save';
  const values = valuesOf(fields);
  const stored = id === null ? null : await storedPost(db, id);
  if (id !== null && !stored) throw notFound();
  if (stored && !mayEditPost(user, stored.row)) throw forbidden();

  if (stored && intent === 'delete') {
    // The one delete path of staff-made posts (its meta, terms and the change go with it).
    await deletePostOfType(db, { id: stored.row.id, type: 'post', userId: user.id, action: 'post.delete' });
    return done(`${siteHref('/admin/berita')}?pesan=dihapus`);
  }
  if (stored && intent === 'restore')
    return restoreRevision(db, user, stored.row, recordId(fields.revision) ?? Number.NaN);

  const checked = checkPostForm(values);
  if ('errors' in checked) return refuse(400, values, NOT_SAVED_MESSAGE, checked.errors);
  if (stored && checked.form.modified_at !== stored.row.modified_at) {
    const last = await lastSaveOf(db, stored.row.id);
    return refuse(409, values, conflictMessage(last, stored.row.modified_at), {}, true);
  }
  const mode = intent === 'publish' || intent === 'unpublish' ? intent : 'save';
  const result = await savePost(db, user, stored, checked.form, values.categories, mode);
  if ('errors' in result) return refuse(400, values, NOT_SAVED_MESSAGE, result.errors);
  const notice =
    mode === 'unpublish'
      ? 'draf'
      : result.status === 'future' && mode === 'publish'
        ? 'terjadwal'
        : mode === 'publish'
          ? 'terbit'
          : 'disimpan';
  return done(`${siteHref('/admin/berita/:id', { id: String(result.id) })}?pesan=${notice}`);
}

function conflictMessage(last: { by: string; at: string } | null, modifiedAt: string): string {
  const at = formatSchoolDateTime(last?.at ?? modifiedAt);
  return `Tulisan ini sudah diubah oleh ${last?.by ?? 'orang lain'} pada ${at} WIB, setelah Anda membukanya. Perubahan Anda belum disimpan dan masih ada di formulir ini: salin bagian yang perlu, lalu buka versi terbaru dan simpan lagi.`;
}

type Stored = NonNullable<Awaited<ReturnType<typeof storedPost>>>;

/**
 * Stores the form (in one transaction): the post, its slug, terms, SEO meta and schedule, and the
 * previous title, excerpt and content as a revision. Answers field errors for a taken slug or an
 * unknown image or category.
 */
export async function savePost(
  db: Db,
  user: Pick<Writer, 'id'>,
  stored: Stored | null,
  form: PostForm,
  categoryIds: number[],
  mode: 'save' | 'publish' | 'unpublish',
  now = scheduleNow(),
): Promise<{ id: number; status: EditorStatus; modifiedAt: string } | { errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const slug = await chooseSlug(db, form, stored?.row.id ?? null);
  if ('error' in slug) errors.slug = slug.error;
  if (form.featured_media_id !== null) {
    const media = await db
      .selectFrom('media')
      .select('id')
      .where('id', '=', form.featured_media_id)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    if (!media) errors.featured_media_id = 'Gambar ini tidak ada lagi; pilih gambar lain.';
  }
  const categories = [...new Set(categoryIds)];
  if (!(await allNewsCategories(db, categories)))
    errors.categories = 'Ada kategori yang tidak dikenal; muat ulang halaman.';
  if (Object.keys(errors).length > 0 || 'error' in slug) return { errors };

  // The form shows minutes: a time left as shown keeps the stored one to the millisecond.
  const requestedAt = !form.published_at
    ? null
    : stored && form.published_at === isoToSchoolLocal(stored.row.published_at)
      ? stored.row.published_at
      : schoolLocalToIso(form.published_at);
  const status = statusAfter(mode, stored?.status ?? null, requestedAt, now);
  // Without a chosen time a draft takes the time of its save (so it is published as the newest);
  // a published post keeps its time.
  const publishedAt = requestedAt ?? (stored?.status === 'publish' ? stored.row.published_at : now.toISOString());
  const content = sanitizeRichText(form.content);
  const modifiedAt = nextModified(stored?.row.modified_at ?? null, now);
  const row = {
    title: form.title,
    slug: slug.slug,
    excerpt: form.excerpt,
    content,
    featured_media_id: form.featured_media_id,
    status: status === 'publish' ? 'publish' : 'draft',
    published_at: publishedAt,
    modified_at: modifiedAt,
  };
  let id: number;
  try {
    id = await withStaffChange(db, async (trx, record) => {
      let postId: number;
      if (stored) {
        postId = stored.row.id;
        // Another save came in between reading and writing: the caller's check sees it next time.
        if (!(await updatePost(trx, postId, row, { modified_at: stored.row.modified_at }))) throw new StaleSave();
        const old = stored.row;
        if (old.title !== row.title || old.excerpt !== row.excerpt || old.content !== row.content) {
          await trx
            .insertInto('post_revision')
            .values({
              post_id: postId,
              user_id: user.id,
              title: old.title,
              excerpt: old.excerpt,
              content: old.content,
              saved_at: modifiedAt,
            })
            .execute();
        }
      } else {
        postId = await insertPost(trx, {
          ...row,
          type: 'post',
          tree: null,
          parent_id: null,
          author_id: user.id,
          menu_order: 0,
        });
      }
      const newTags = await writeTerms(trx, postId, categories, parseTags(form.tags));
      // An empty field has no meta row.
      await replaceMeta(trx, postId, {
        [POST_META.seoTitle]: form.seo_title ? { value_text: form.seo_title } : null,
        [POST_META.seoDescription]: form.seo_description ? { value_text: form.seo_description } : null,
        [POST_META.scheduledAt]: status === 'future' ? { value_date: publishedAt } : null,
      });
      const action =
        mode === 'unpublish'
          ? 'post.unpublish'
          : mode === 'publish'
            ? status === 'future'
              ? 'post.schedule'
              : 'post.publish'
            : stored
              ? 'post.update'
              : 'post.create';
      await record(
        {
          userId: user.id,
          action,
          subjectType: 'post',
          subjectId: postId,
          summary: row.title,
          // Publishing, unpublishing and a published post's edit show; a draft's save (scheduled or not)
          // does not, unless it made a tag, which the tag lists show.
          public: stored?.row.status === 'publish' || row.status === 'publish' || newTags > 0,
        },
        now,
      );
      return postId;
    });
  } catch (error) {
    if (error instanceof StaleSave)
      return { errors: { form: 'Tulisan ini baru saja disimpan orang lain; muat ulang.' } };
    if (isUniqueViolation(error))
      return { errors: { slug: 'Slug ini baru saja dipakai tulisan lain; pilih slug lain.' } };
    throw error;
  }
  return { id, status, modifiedAt };
}

class StaleSave extends Error {}

/** The slug the post gets: the typed one if free among news posts, else generated from the title (with -2, -3 …). */
async function chooseSlug(db: Db, form: PostForm, ownId: number | null): Promise<{ slug: string } | { error: string }> {
  if (form.slug) {
    if (RESERVED_SLUGS.has(form.slug)) {
      return { error: `Slug “${form.slug}” dipakai alamat situs ini sendiri; pilih slug lain.` };
    }
    const other = await db
      .selectFrom('post')
      .select(['id', 'title', 'type'])
      .where('type', 'in', SLUG_TYPES)
      .where('slug', '=', form.slug)
      .where('id', '!=', ownId ?? 0)
      .executeTakeFirst();
    if (other) {
      const what = other.type === 'post' ? 'tulisan' : 'halaman';
      return {
        error: `Slug “${form.slug}” sudah dipakai ${what} “${other.title}”. Ubah slug, atau kosongkan agar dibuat otomatis.`,
      };
    }
    return { slug: form.slug };
  }
  const base = slugify(form.title) || 'tulisan';
  return { slug: await freePostSlug(db, SLUG_TYPES, base, ownId, RESERVED_SLUGS) };
}

/**
 * News lives at /{slug}/ beside pages, and a page wins a shared slug (content/content.server.ts): a post's
 * slug is unique among all three types, and never one of the site's own first path segments (routes.ts).
 */
const SLUG_TYPES = ['post', 'page', 'e-landing-page'];

/** Writes the post's categories and tags; answers how many tags it created. */
async function writeTerms(db: Db, postId: number, categories: number[], tags: string[]): Promise<number> {
  const tagIds: number[] = [];
  let created = 0;
  // The tags already there, whatever their case, in one read.
  const existing = new Map<string, number>();
  if (tags.length > 0) {
    const rows = await db
      .selectFrom('term')
      .select(['id', 'name'])
      .where('taxonomy', '=', 'post_tag')
      .where((eb) =>
        eb(
          eb.fn('lower', ['name']),
          'in',
          tags.map((t) => t.toLowerCase()),
        ),
      )
      .orderBy('id')
      .execute();
    for (const r of rows) if (!existing.has(r.name.toLowerCase())) existing.set(r.name.toLowerCase(), r.id);
  }
  for (const name of tags) {
    const found = existing.get(name.toLowerCase());
    if (found !== undefined) {
      tagIds.push(found);
      continue;
    }
    const base = slugify(name) || 'tag';
    const taken = await db
      .selectFrom('term')
      .select('slug')
      .where('taxonomy', '=', 'post_tag')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    const inserted = await db
      .insertInto('term')
      .values({
        taxonomy: 'post_tag',
        slug: freeSlug(base, new Set(taken.map((t) => t.slug))),
        name,
        description: '',
        parent_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    tagIds.push(inserted.id);
    created++;
  }
  await replaceTerms(db, postId, ['category', 'post_tag'], [...categories, ...tagIds]);
  return created;
}

async function restoreRevision(db: Db, user: Writer, post: Stored['row'], revisionId: number) {
  const revision = Number.isSafeInteger(revisionId)
    ? await db
        .selectFrom('post_revision')
        .selectAll()
        .where('id', '=', revisionId)
        .where('post_id', '=', post.id)
        .executeTakeFirst()
    : undefined;
  if (!revision) throw new NotFound('Revisi ini tidak ada.');
  const now = new Date();
  const modifiedAt = nextModified(post.modified_at, now);
  await withStaffChange(db, async (trx, record) => {
    await trx
      .insertInto('post_revision')
      .values({
        post_id: post.id,
        user_id: user.id,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        saved_at: modifiedAt,
      })
      .execute();
    await updatePost(trx, post.id, {
      title: revision.title,
      excerpt: revision.excerpt,
      content: sanitizeRichText(revision.content),
      modified_at: modifiedAt,
    });
    await record(
      {
        userId: user.id,
        action: 'post.restore',
        subjectType: 'post',
        subjectId: post.id,
        summary: revision.title,
        public: post.status === 'publish',
      },
      now,
    );
  });
  return done(`${siteHref('/admin/berita/:id', { id: String(post.id) })}?pesan=dipulihkan`);
}

/** The autosave call's JSON: the new modified time (and a new draft's id), or why nothing was saved. */
export type AutosaveAnswer = { ok: true; modifiedAt: string; id?: number } | { ok: false; message: string };

/**
 * The autosave call (a fetch with the X-CSRF-Token header, form-encoded like the editor's form): saves a
 * draft in place, without a revision, when nobody saved it since. Answers JSON: the new modified time,
 * or a message. For a new post (no id) it stores the whole form as a draft once the title is there,
 * and answers the draft's id too, so that what was typed survives a reload before the first save.
 */
export async function autosave(
  db: Db,
  user: Writer,
  fields: Record<string, string>,
  rawId: string | undefined,
): Promise<Outcome<AutosaveAnswer, AutosaveAnswer>> {
  const id = parseId(rawId);
  if (id === null) return autosaveNew(db, user, valuesOf(fields));
  const stored = await storedPost(db, id);
  if (!stored) throw notFound();
  if (!mayEditPost(user, stored.row)) throw forbidden();
  if (stored.status !== 'draft') {
    return refused(409, { ok: false, message: 'Simpan otomatis hanya untuk draf.' });
  }
  const parsed = postFormSchema
    .pick({ title: true, excerpt: true, content: true, modified_at: true })
    .safeParse(fields);
  if (!parsed.success) return refused(400, { ok: false, message: 'Belum disimpan otomatis: periksa isian.' });
  if (parsed.data.modified_at !== stored.row.modified_at) {
    const last = await lastSaveOf(db, id);
    return refused(409, { ok: false, message: conflictMessage(last, stored.row.modified_at) });
  }
  const modifiedAt = nextModified(stored.row.modified_at, new Date());
  const saved = await withStaffChange(db, async (trx, record) => {
    const changed = await updatePost(
      trx,
      id,
      {
        title: parsed.data.title,
        excerpt: parsed.data.excerpt,
        content: sanitizeRichText(parsed.data.content),
        modified_at: modifiedAt,
      },
      { modified_at: stored.row.modified_at },
    );
    if (!changed) return false;
    await record({
      userId: user.id,
      action: 'post.autosave',
      subjectType: 'post',
      subjectId: id,
      summary: parsed.data.title,
      // Only drafts are autosaved (above): nobody but staff sees the change.
      public: false,
    });
    return true;
  });
  if (!saved) {
    return refused(409, { ok: false, message: 'Tulisan ini baru saja disimpan orang lain; muat ulang.' });
  }
  return ok({ ok: true, modifiedAt });
}

async function autosaveNew(
  db: Db,
  user: Writer,
  values: PostFormValues,
): Promise<Outcome<AutosaveAnswer, AutosaveAnswer>> {
  const checked = checkPostForm(values);
  if ('errors' in checked) return refused(400, { ok: false, message: autosaveRefusal(checked.errors) });
  // A new post has no modified time: a form carrying one was already stored and has its own address.
  if (checked.form.modified_at) return refused(409, { ok: false, message: 'Draf ini sudah tersimpan; muat ulang.' });
  const saved = await savePost(db, user, null, checked.form, values.categories, 'save');
  if ('errors' in saved) return refused(400, { ok: false, message: autosaveRefusal(saved.errors) });
  return ok({ ok: true, id: saved.id, modifiedAt: saved.modifiedAt });
}
