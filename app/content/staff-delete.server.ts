import type { Db } from '~/db';
import { withStaffChange } from '~/lib/content-version.server';
import { deletePost } from './posts-write.server';

/**
 * Deletes a staff-made post of one type with its meta and terms, in one transaction that records the
 * change (so every process's copies end); false when there is no such post. `beforeDelete` lets a
 * section let go of its own rows first (the gallery's upload jobs).
 */
export async function deletePostOfType(
  db: Db,
  opts: { id: number; type: string; userId: number; action: string; beforeDelete?: (trx: Db) => Promise<unknown> },
): Promise<boolean> {
  return withStaffChange(db, async (trx, record) => {
    const post = await trx
      .selectFrom('post')
      .select(['id', 'title', 'status'])
      .where('id', '=', opts.id)
      .where('type', '=', opts.type)
      .executeTakeFirst();
    if (!post) return false;
    await opts.beforeDelete?.(trx);
    await deletePost(trx, post.id);
    await record({
      userId: opts.userId,
      action: opts.action,
      subjectType: 'post',
      subjectId: post.id,
      summary: post.title,
      // A draft's deletion shows nowhere; a published post's leaves its page and the lists.
      public: post.status === 'publish',
    });
    return true;
  });
}
