import { z } from 'zod';
import type { Db } from '~/db';
import { withStaffChange } from '~/lib/content-version.server';
import { Invalid, NotFound } from '~/lib/errors';
import { fieldErrors } from '~/lib/form-errors';
import { done, type Outcome, refused } from '~/lib/outcome';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';
import { applyReviewAction } from './moderation.server';
import { lockPost } from './rating-meta.server';
import {
  ACTION_LABELS,
  type DeleteData,
  postHref,
  QUEUE_PAGE_SIZE,
  type QueueActionError,
  type QueueData,
  type QueueFilter,
  REVIEW_ACTIONS,
  type ReviewAction,
  returnTo,
  type SettingsActionError,
  SOURCE_FLAGS,
  type SourceFlag,
  type StaffSource,
  sourceLabel,
  statusOf,
  withNotice,
} from './staff-model';

/**
 * The staff area's reviews (issue 14): one queue of the whole site's reviews, the actions on one or
 * many of them, and the per-source settings. Every change is one transaction that keeps the public
 * summaries (`review_summary`, the `rating` meta) right and is recorded in the audit log.
 */

/** Most reviews one action may change (five pages of the queue). */
const MAX_SELECTED = QUEUE_PAGE_SIZE * 5;

// -- the queue ----------------------------------------------------------------------------------

/** The post types that take reviews, in a stable order. */
async function sourceTypes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('review_source').select('post_type').orderBy('post_type').execute();
  return rows.map((r) => r.post_type);
}

/** One page of the whole site's reviews, newest first, under a status and source filter. */
export async function listQueue(db: Db, filter: QueueFilter): Promise<QueueData> {
  const types = await sourceTypes(db);
  if (filter.source !== null && !types.includes(filter.source)) {
    throw new NotFound('Sumber ulasan tidak ditemukan.', 'review_source_not_found');
  }
  let base = db.selectFrom('review').innerJoin('post', 'post.id', 'review.post_id');
  if (filter.source !== null) base = base.where('post.type', '=', filter.source);
  const grouped = await base
    .select(['review.approved', 'review.rejected', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['review.approved', 'review.rejected'])
    .execute();
  const counts = { semua: 0, menunggu: 0, disetujui: 0, ditolak: 0 };
  for (const g of grouped) {
    counts[statusOf(g)] += Number(g.n);
    counts.semua += Number(g.n);
  }
  const total = filter.status === null ? counts.semua : counts[filter.status];
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
  if (filter.page > pages) throw new NotFound('Halaman ini tidak ada.', 'page_out_of_range');

  let query = base;
  if (filter.status === 'disetujui') query = query.where('review.approved', '=', 1);
  else if (filter.status !== null) {
    query = query.where('review.approved', '=', 0).where('review.rejected', '=', filter.status === 'ditolak' ? 1 : 0);
  }
  const rows = await query
    .select([
      'review.id',
      'review.approved',
      'review.rejected',
      'review.pinned',
      'review.author_name',
      'review.author_mail',
      'review.rating',
      'review.title',
      'review.content',
      'review.created_at',
      'post.id as post_id',
      'post.title as post_title',
      'post.slug as post_slug',
      'post.type as post_type',
      'post.status as post_status',
    ])
    .orderBy('review.created_at', 'desc')
    .orderBy('review.id', 'desc')
    .limit(QUEUE_PAGE_SIZE)
    .offset((filter.page - 1) * QUEUE_PAGE_SIZE)
    .execute();
  return {
    filter,
    total,
    pages,
    counts,
    sources: types.map((postType) => ({ postType, label: sourceLabel(postType) })),
    rows: rows.map((r) => ({
      id: r.id,
      status: statusOf(r),
      pinned: r.pinned === 1,
      author: r.author_name,
      mail: r.author_mail,
      stars: Math.round(r.rating / 2) / 10,
      title: r.title,
      content: r.content,
      createdAt: r.created_at,
      post: {
        id: r.post_id,
        title: r.post_title,
        type: r.post_type,
        href: postHref(r.post_type, r.post_slug),
        published: r.post_status === 'publish',
      },
    })),
  };
}

// -- actions ------------------------------------------------------------------------------------

/** The ids a form selected: `ulasan_{id}` fields (a tampered name is 400). */
export function selectedIds(fields: Record<string, string>): number[] {
  const ids: number[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (!key.startsWith('ulasan_')) continue;
    const id = /^ulasan_([1-9][0-9]{0,9})$/.exec(key)?.[1];
    if (!id || Number(id) > 2_147_483_647 || value !== '1') throw new Invalid('Pilihan ulasan tidak valid.', 'bad_id');
    ids.push(Number(id));
  }
  if (ids.length > MAX_SELECTED) throw new Invalid(`Pilih paling banyak ${MAX_SELECTED} ulasan sekaligus.`, 'too_many');
  return ids;
}

const actionInput = z.object({
  action: z.enum(REVIEW_ACTIONS, { error: 'Pilih tindakan untuk ulasan terpilih.' }),
  ids: z.array(z.number().int().positive()).min(1, 'Pilih setidaknya satu ulasan.'),
});

/**
 * The queue's POST: one row's button (`satu` = `approve:12`) or the bulk form (`aksi` + the checked
 * `ulasan_{id}`). Deleting asks first (the confirm page posts `konfirmasi=ya`). Done goes back to the
 * queue with a notice; nothing or no action chosen is refused with the form's values; tampered or
 * unknown ids throw (400/404) and nothing changes.
 */
export async function queueAction(
  db: Db,
  userId: number,
  fields: Record<string, string>,
): Promise<Outcome<never, QueueActionError>> {
  const back = returnTo(fields.kembali);
  const one = fields.satu ? /^([a-z]+):([1-9][0-9]{0,9})$/.exec(fields.satu) : null;
  // An id past the databases' integer names no review (as `selectedIds` refuses it).
  if (fields.satu && (!one || recordId(one[2]) === null)) throw new Invalid('Pilihan ulasan tidak valid.', 'bad_id');
  const action = one ? (one[1] as string) : (fields.aksi ?? '');
  const ids = one ? [Number(one[2])] : selectedIds(fields);
  const parsed = actionInput.safeParse({ action, ids });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? 'Permintaan tidak valid.';
    return refused(400, { error, action, selected: ids });
  }
  if (parsed.data.action === 'delete' && fields.konfirmasi !== 'ya') {
    const params = new URLSearchParams(parsed.data.ids.map((id) => ['id', String(id)]));
    params.set('kembali', back);
    return done(`${siteHref('/admin/ulasan/hapus')}?${params}`, 303);
  }
  const count = await changeReviews(db, userId, parsed.data.action, parsed.data.ids);
  return done(withNotice(back, parsed.data.action, count), 303);
}

/**
 * Applies one action to reviews, all or none: an unknown id is 404 and nothing changes. Approving,
 * rejecting and deleting recompute the posts' public summaries (the reviews feature's own code); each
 * review changed is one audit row (`review.approve`, …). Answers the number of reviews changed.
 */
export async function changeReviews(db: Db, userId: number, action: ReviewAction, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new Invalid('Pilih setidaknya satu ulasan.', 'no_selection');
  await withStaffChange(db, async (trx, record) => {
    const found = await trx
      .selectFrom('review')
      .innerJoin('post', 'post.id', 'review.post_id')
      .select(['review.id', 'review.post_id', 'review.title', 'review.approved', 'post.title as post_title'])
      .where('review.id', 'in', unique)
      .execute();
    if (found.length !== unique.length) throw new NotFound('Ulasan tidak ditemukan.', 'review_not_found');
    const postIds = [...new Set(found.map((r) => r.post_id))].sort((a, b) => a - b);
    // Lock in one order, so that two editors' bulk actions never wait on each other in a circle.
    for (const postId of postIds) await lockPost(trx, postId);
    await applyReviewAction(trx, unique, postIds, action);
    for (const r of found) {
      await record({
        userId,
        action: `review.${action}`,
        subjectType: 'review',
        subjectId: r.id,
        summary: `${ACTION_LABELS[action]}: “${r.title}” pada “${r.post_title}”`,
        // A review the public never saw (pending or rejected) may be rejected, pinned or deleted unseen.
        public: r.approved === 1 || action === 'approve',
      });
    }
  });
  return unique.length;
}

/** The delete confirmation (`?id=…&id=…&kembali=…`): 400 for junk ids, 404 when one is gone. */
export async function deleteConfirmation(db: Db, params: URLSearchParams): Promise<DeleteData> {
  const raw = params.getAll('id');
  if (raw.length === 0 || raw.length > MAX_SELECTED || raw.some((v) => !/^[1-9][0-9]{0,9}$/.test(v))) {
    throw new Invalid('Pilihan ulasan tidak valid.', 'bad_id');
  }
  const ids = [...new Set(raw.map(Number))];
  const rows = await db
    .selectFrom('review')
    .innerJoin('post', 'post.id', 'review.post_id')
    .select(['review.id', 'review.title', 'review.author_name', 'post.title as post_title'])
    .where('review.id', 'in', ids)
    .orderBy('review.created_at', 'desc')
    .orderBy('review.id', 'desc')
    .execute();
  if (rows.length !== ids.length) throw new NotFound('Ulasan tidak ditemukan.', 'review_not_found');
  return {
    reviews: rows.map((r) => ({ id: r.id, title: r.title, author: r.author_name, postTitle: r.post_title })),
    back: returnTo(params.get('kembali') ?? undefined),
  };
}

// -- per-source settings ------------------------------------------------------------------------

/** Every review source with its settings, as the settings screen shows them. */
export async function listSources(db: Db): Promise<StaffSource[]> {
  const rows = await db
    .selectFrom('review_source')
    .innerJoin('review_type', 'review_type.id', 'review_source.review_type_id')
    .select([
      'review_source.post_type',
      'review_source.widget',
      'review_source.allow_guests',
      'review_source.needs_moderation',
      'review_source.captcha',
      'review_source.comments_allowed',
      'review_source.approval_allowed',
      'review_type.name as type_name',
    ])
    .orderBy('review_source.post_type')
    .execute();
  return rows.map((r) => ({
    postType: r.post_type,
    label: sourceLabel(r.post_type),
    typeName: r.type_name,
    widget: r.widget,
    flags: {
      allow_guests: r.allow_guests === 1,
      needs_moderation: r.needs_moderation === 1,
      captcha: r.captcha === 1,
      comments_allowed: r.comments_allowed === 1,
      approval_allowed: r.approval_allowed === 1,
    },
  }));
}

/** A checkbox as a form sends it: `1` when ticked, absent when not; anything else is refused. */
const checkbox = z
  .enum(['1'], { error: 'Nilai pilihan tidak valid.' })
  .optional()
  .transform((v) => v === '1');

/** The settings form of one source. */
export const sourceSettingsInput = z.object({
  sumber: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'Sumber ulasan tidak dikenal.'),
  ...(Object.fromEntries(SOURCE_FLAGS.map((f) => [f.name, checkbox])) as Record<SourceFlag, typeof checkbox>),
});

/** The settings screen's data: every source, and the label of the one just saved (`?disimpan=`). */
export async function sourceSettings(db: Db, saved: string | null) {
  const sources = await listSources(db);
  const savedSource = sources.find((s) => s.postType === saved);
  return { sources, saved: savedSource ? savedSource.label : null };
}

/** The settings form's POST: zod-checked flags of one source, refused with the form's values; 404 for an unknown source. */
export async function settingsAction(
  db: Db,
  userId: number,
  fields: Record<string, string>,
): Promise<Outcome<never, SettingsActionError>> {
  const parsed = sourceSettingsInput.safeParse(fields);
  if (!parsed.success) {
    const errors: SettingsActionError['errors'] = fieldErrors(parsed.error.issues);
    return refused(400, { source: fields.sumber ?? '', errors, values: fields });
  }
  const { sumber, ...flags } = parsed.data;
  await saveSource(db, userId, sumber, flags);
  return done(`${siteHref('/admin/ulasan/pengaturan')}?disimpan=${encodeURIComponent(sumber)}`, 303);
}

/** Stores one source's flags and records the change. */
export async function saveSource(
  db: Db,
  userId: number,
  postType: string,
  flags: Record<SourceFlag, boolean>,
): Promise<void> {
  await withStaffChange(db, async (trx, record) => {
    const updated = await trx
      .updateTable('review_source')
      .set({
        allow_guests: flags.allow_guests ? 1 : 0,
        needs_moderation: flags.needs_moderation ? 1 : 0,
        captcha: flags.captcha ? 1 : 0,
        comments_allowed: flags.comments_allowed ? 1 : 0,
        approval_allowed: flags.approval_allowed ? 1 : 0,
      })
      .where('post_type', '=', postType)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      throw new NotFound('Sumber ulasan tidak ditemukan.', 'review_source_not_found');
    const on = SOURCE_FLAGS.filter((f) => flags[f.name]).map((f) => f.label.toLowerCase());
    await record({
      userId,
      action: 'review_source.update',
      subjectType: 'review_source',
      subjectId: null,
      summary: `${sourceLabel(postType)}: ${on.length > 0 ? on.join(', ') : 'semua pilihan mati'}`,
      // The review forms on the public pages follow these flags.
      public: true,
    });
  });
}
