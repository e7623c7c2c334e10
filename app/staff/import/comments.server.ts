import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '~/db';
import { LIMITS } from '~/features/reviews/model';
import { recordImportItem } from './import-item.server';
import { COMMENT_POST_TYPES, type CommentPlan } from './model';
import { counted, type ImportReport, problem, skip } from './report';

/**
 * A post's approved WordPress comments as this site's comments (issue 26). The site's comments hang under a
 * review (the reviews widget, app/features/reviews: a review, its comments, their replies), so the old
 * discussion comes in under one review per post and old site, "Komentar dari situs lama", without a rating (the
 * post's average and count leave it out: rating-meta.server.ts): WordPress's top-level comments become its
 * comments, every reply hangs under the top-level comment of its thread (the site shows two levels). Stored as
 * the site stores its visitors' comments: plain text, shown escaped. Each comment is recorded in `import_item`
 * (kind 'comment', local id `review_comment.id`): unchanged, nothing is written; changed, it is updated.
 */

/** The holding review's title and text (its author is the old site's host). */
const HOLDER_TITLE = 'Komentar dari situs lama';
const holderText = (host: string) => `Komentar pembaca yang ditulis di situs sekolah sebelumnya (${host}).`;

/** Names and e-mails as the review tables hold them. */
const NAME_MAX = LIMITS.name;
const MAIL_MAX = LIMITS.mail;

/** The holding review's author key on a post: one per old site (`review_one_per_author` keeps it single). */
export function holderKey(source: string): string {
  return `wp-import:${createHash('sha256').update(source).digest('hex').slice(0, 16)}`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** A comment's text as the site stores comments: plain text (paragraphs kept as blank lines), at most `max`. */
export function commentText(html: string, max: number = LIMITS.comment): { text: string; cut: boolean } {
  const marked = html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|blockquote|li|h[1-6])>/gi, '\n\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    // sanitize-html answers HTML text: the three it escapes are decoded once (React escapes on render).
    .replace(
      /&(lt|gt|amp|quot|#39);/g,
      (_e, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" })[name] ?? '',
    )
    // Control characters (a visitor's comment may hold none) and runs of spaces go; lines stay.
    .replace(CONTROL, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const chars = [...text];
  if (chars.length <= max) return { text, cut: false };
  return {
    text: `${chars
      .slice(0, max - 1)
      .join('')
      .trimEnd()}…`,
    cut: true,
  };
}

/** The thread's top-level comment of each comment (itself for a top-level one); a broken chain ends at the comment. */
export function threadRoots(plans: readonly Pick<CommentPlan, 'wpId' | 'parentWpId'>[]): Map<number, number> {
  const parentOf = new Map<number, number | null>();
  for (const c of plans) if (c.wpId !== null) parentOf.set(c.wpId, c.parentWpId);
  const roots = new Map<number, number>();
  for (const id of parentOf.keys()) {
    const seen = new Set<number>([id]);
    let at = id;
    for (;;) {
      const up = parentOf.get(at);
      // A parent the export lacks (or a loop) ends the chain: the comment starts its own thread.
      if (up === null || up === undefined || !parentOf.has(up) || seen.has(up)) break;
      seen.add(up);
      at = up;
    }
    roots.set(id, at);
  }
  return roots;
}

/** An id the databases' integer holds (PostgreSQL refuses a larger one in a query). */
const isRowId = (id: number | null): id is number =>
  id !== null && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

const clip = (text: string, max: number) => [...text.trim()].slice(0, max).join('');

/** The old site's host, for the holding review's author line. */
function hostOf(source: string): string {
  try {
    return new URL(source).host || source;
  } catch {
    return source;
  }
}

/** The holding review of a post's imported comments: found, or made (once per post and old site). */
async function holderReview(trx: Db, source: string, postId: number, firstDate: string): Promise<number> {
  const key = holderKey(source);
  const found = await trx
    .selectFrom('review')
    .select('id')
    .where('post_id', '=', postId)
    .where('author_key', '=', key)
    .executeTakeFirst();
  if (found) return found.id;
  const host = clip(hostOf(source), NAME_MAX);
  const row = await trx
    .insertInto('review')
    .values({
      source: 'post',
      post_id: postId,
      author_key: key,
      user_id: null,
      author_name: host,
      author_mail: '',
      title: HOLDER_TITLE,
      content: holderText(host),
      // No rated field: the post's count and average leave it out (features/reviews/rating-meta.server.ts).
      rating_data: '[]',
      rating: 0,
      approved: 1,
      pinned: 0,
      created_at: firstDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Imports a post's approved comments (planned by model.ts: spam, pending and pings are already left out) into the
 * post's transaction `trx`, in the order of their threads: a reply needs its thread's first comment in first.
 */
export async function importComments(
  trx: Db,
  source: string,
  post: { id: number; type: string },
  plans: CommentPlan[],
  report: ImportReport,
  now: Date,
): Promise<void> {
  const where = `komentar pada tulisan ${post.id}`;
  if (!COMMENT_POST_TYPES.has(post.type)) {
    for (const c of plans)
      skip(report, `komentar ${c.wpId ?? '(tanpa ID)'}`, 'jenis isi ini tidak punya kolom komentar');
    return;
  }
  const usable = plans.filter((c) => {
    if (isRowId(c.wpId)) return true;
    skip(report, where, 'komentar tanpa ID yang terbaca (wp:comment_id): tidak bisa dicocokkan saat impor ulang');
    return false;
  });
  if (usable.length === 0) return;
  const roots = threadRoots(usable);
  const at = (c: CommentPlan) => c.date ?? now.toISOString();
  // Threads' first comments before their replies; within each, oldest first (ids break ties).
  const ordered = [...usable].sort((a, b) => {
    const ra = roots.get(a.wpId as number) === a.wpId ? 0 : 1;
    const rb = roots.get(b.wpId as number) === b.wpId ? 0 : 1;
    return ra - rb || at(a).localeCompare(at(b)) || (a.wpId as number) - (b.wpId as number);
  });
  const reviewId = await holderReview(trx, source, post.id, at(ordered[0] as CommentPlan));
  const known = new Map(
    (
      await trx
        .selectFrom('import_item')
        .select(['wp_id', 'local_id', 'digest'])
        .where('source', '=', source)
        .where('kind', '=', 'comment')
        .where(
          'wp_id',
          'in',
          usable.map((c) => c.wpId as number),
        )
        .execute()
    ).map((r) => [r.wp_id, r]),
  );
  const users = await importedUsers(trx, source, usable);
  /** Old comment id → its comment here. */
  const local = new Map<number, number>();
  for (const c of ordered) {
    const wpId = c.wpId as number;
    const what = `komentar ${wpId} pada tulisan ${post.id}`;
    const rootWp = roots.get(wpId) as number;
    const parentId = rootWp === wpId ? null : (local.get(rootWp) ?? null);
    if (rootWp !== wpId && parentId === null) {
      skip(report, what, 'komentar induknya tidak diimpor');
      continue;
    }
    const { text, cut } = commentText(c.content);
    if (!text) {
      skip(report, what, 'komentar kosong');
      continue;
    }
    if (cut) problem(report, what, `lebih dari ${LIMITS.comment} karakter: dipotong`);
    const userId = c.userId === null ? null : (users.get(c.userId) ?? null);
    const values = {
      review_id: reviewId,
      parent_id: parentId,
      post_id: post.id,
      author_key: userId === null ? `wp-comment:${wpId}` : `user:${userId}`,
      user_id: userId,
      author_name: clip(c.author, NAME_MAX) || 'Anonim',
      author_mail: clip(c.authorEmail, MAIL_MAX),
      content: text,
      created_at: at(c),
    };
    const digest = createHash('sha256').update(JSON.stringify(values)).digest('hex');
    const before = known.get(wpId);
    const stored = before
      ? await trx.selectFrom('review_comment').select('id').where('id', '=', before.local_id).executeTakeFirst()
      : undefined;
    const stamp = now.toISOString();
    if (before && stored && before.digest === digest) {
      local.set(wpId, stored.id);
      counted(report, 'comment', 'unchanged');
      continue;
    }
    let id: number;
    if (stored) {
      await trx.updateTable('review_comment').set(values).where('id', '=', stored.id).execute();
      id = stored.id;
    } else {
      id = (await trx.insertInto('review_comment').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    await recordImportItem(trx, { source, kind: 'comment', wpId, localId: id, digest }, before !== undefined, stamp);
    local.set(wpId, id);
    counted(report, 'comment', stored ? 'updated' : 'added');
  }
}

/** The old site's users the comments name (`wp:comment_user_id`), as imported here (kind 'author'). */
async function importedUsers(trx: Db, source: string, plans: readonly CommentPlan[]): Promise<Map<number, number>> {
  const ids = [...new Set(plans.map((c) => c.userId).filter(isRowId))];
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('import_item')
    .select(['wp_id', 'local_id'])
    .where('source', '=', source)
    .where('kind', '=', 'author')
    .where('wp_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.wp_id, r.local_id]));
}
