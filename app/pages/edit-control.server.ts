import type { Db } from '~/db';
import { escapeHtml } from '~/lib/html.server';
import { type HtmlRef, keepHtml, type ServerHtml } from '~/lib/server-html';
import type { SessionUser } from '~/lib/user';
import { editTarget } from './edit-control';

/**
 * The "Edit" control as server-rendered HTML (issue 22): a plain link, so no code of it reaches the
 * browser (the home page's JavaScript does not grow). Only a signed-in request gets it, and such a
 * request is never answered from or kept in the page cache (server/page-cache.ts `isCacheable`), its
 * page also saying `private, no-store` (`SIGNED_IN_HEADERS`).
 */
export function editControlHtml(target: { href: string; label: string }): string {
  return `<p class="edit-control"><a class="button button--secondary" href="${escapeHtml(target.href)}">${escapeHtml(target.label)}</a></p>`;
}

/** The control for this content and user as an HTML block; null for visitors and anyone who may not edit it. */
export async function editControl(
  db: Db,
  serverHtml: ServerHtml | null,
  user: Pick<SessionUser, 'id' | 'roles'> | null,
  content: { id: number; type: string },
): Promise<HtmlRef | null> {
  if (!user) return null;
  // The author matters for news only (an author edits their own posts); visitors never cost this read.
  const row = await db.selectFrom('post').select('author_id').where('id', '=', content.id).executeTakeFirst();
  const target = editTarget(user, { ...content, author_id: row?.author_id ?? null });
  return target ? keepHtml(serverHtml, editControlHtml(target)) : null;
}

/** A signed-in user's page (their name, their edit controls) is theirs alone: no shared cache keeps it. */
export const SIGNED_IN_HEADERS = { 'Cache-Control': 'private, no-store' } as const;
