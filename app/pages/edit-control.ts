import { can, mayEditPost } from '~/lib/permissions';
import { siteHref } from '~/lib/site-href';
import type { SessionUser } from '~/lib/user';

/**
 * The "Edit" control of a public page or news post for signed-in staff (issue 22, the spec's edit mode):
 * a link that opens it in the staff editor, shown only to a user whose role may edit it (lib/permissions.ts):
 * pages to editors and administrators (`pages`), a news post to them and to its own author (`posts`).
 */
export interface EditTarget {
  href: string;
  label: 'Ubah halaman' | 'Ubah berita';
}

/** The public content the control is about. */
export interface EditableContent {
  id: number;
  type: string;
  author_id: number | null;
}

/** Where this user edits this content, and the control's words; null when they may not (or nobody is signed in). */
export function editTarget(
  user: Pick<SessionUser, 'id' | 'roles'> | null,
  content: EditableContent,
): EditTarget | null {
  if (!user) return null;
  if ((content.type === 'page' || content.type === 'e-landing-page') && can(user, 'pages')) {
    return { href: siteHref('/admin/halaman/:id', { id: String(content.id) }), label: 'Ubah halaman' };
  }
  if (content.type === 'post' && mayEditPost(user, content)) {
    return { href: siteHref('/admin/berita/:id', { id: String(content.id) }), label: 'Ubah berita' };
  }
  return null;
}
