import { replaceMeta, updatePost } from '~/content/posts-write.server';
import type { Db } from '~/db';
import { scheduleNow } from '~/lib/clock.server';
import { withStaffChange } from '~/lib/content-version.server';
import { POST_META } from './model';

/**
 * Publishes scheduled posts whose time has come (a draft with `_scheduled_at` <= now). Several
 * processes may run it at once: the update of one post from draft to publish succeeds once, and
 * only that one records the change. The change is the scheduling user's (the audit log's last
 * `post.schedule` of the post), else the author's.
 */
export async function publishDuePosts(db: Db, now = scheduleNow()): Promise<number> {
  const due = await db
    .selectFrom('post_meta')
    .innerJoin('post', 'post.id', 'post_meta.post_id')
    .select(['post.id', 'post.title', 'post.author_id', 'post_meta.value_date'])
    .where('post_meta.meta_key', '=', POST_META.scheduledAt)
    .where('post_meta.value_date', '<=', now.toISOString())
    .where('post.status', '=', 'draft')
    .limit(100)
    .execute();
  let published = 0;
  for (const post of due) {
    const done = await withStaffChange(db, async (trx, record) => {
      const changed = await updatePost(
        trx,
        post.id,
        { status: 'publish', published_at: post.value_date ?? now.toISOString(), modified_at: now.toISOString() },
        { status: 'draft' },
      );
      if (!changed) return false;
      await replaceMeta(trx, post.id, { [POST_META.scheduledAt]: null });
      const scheduler = await trx
        .selectFrom('audit_log')
        .select('user_id')
        .where('subject_type', '=', 'post')
        .where('subject_id', '=', post.id)
        .where('action', '=', 'post.schedule')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      // Always recorded (the change must reach every process's copies), even with nobody left to name.
      const userId = (scheduler?.user_id ?? post.author_id) as number;
      await record(
        { userId, action: 'post.publish', subjectType: 'post', subjectId: post.id, summary: post.title, public: true },
        now,
      );
      return true;
    });
    if (done) published++;
  }
  return published;
}

const PUBLISH_EVERY_MS = 5_000;
const publishers = new WeakSet<object>();

/**
 * Starts this process's publisher of scheduled posts for the database (server/app.ts, at boot; once per
 * database; the timer keeps nothing alive). Returns what stops it.
 */
export function startPublisher(db: Db): () => void {
  if (publishers.has(db)) return () => {};
  publishers.add(db);
  const timer = setInterval(() => {
    publishDuePosts(db).catch((error: unknown) => {
      const message = (error as Error).message;
      // A closed database (the process is stopping) ends the publisher; anything else is retried.
      if (/destroyed|closed/i.test(message)) clearInterval(timer);
      else console.warn(`scheduled posts: ${message}`);
    });
  }, PUBLISH_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    publishers.delete(db);
  };
}
