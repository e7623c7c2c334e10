import type { SessionUser, UserRole } from '~/lib/user';

/**
 * What staff may do in the staff area (issue 14). Administrators may do everything; editors everything
 * but users and site settings; authors write, publish and delete their own news posts only (the
 * server checks the post's author: `mayEditPost`). Subscribers have no staff area.
 */
export const CAPABILITIES = [
  'posts',
  'posts.any',
  'agenda',
  'gallery',
  'pages',
  'menus',
  'filters',
  'reviews',
  'subscribers',
  'users',
  'settings',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const BY_ROLE: Record<UserRole, readonly Capability[]> = {
  administrator: CAPABILITIES,
  editor: CAPABILITIES.filter((c) => c !== 'users' && c !== 'settings'),
  author: ['posts'],
  subscriber: [],
};

/** Whether the user has the capability through any of their roles. */
export function can(user: Pick<SessionUser, 'roles'> | null, capability: Capability): boolean {
  return user?.roles.some((role) => BY_ROLE[role].includes(capability)) === true;
}

/** Whether the user may see the staff area at all. */
export function isStaff(user: Pick<SessionUser, 'roles'> | null): boolean {
  return CAPABILITIES.some((c) => can(user, c));
}

/** Whether the user may change this post: any post with `posts.any`, else only their own. */
export function mayEditPost(
  user: Pick<SessionUser, 'id' | 'roles'> | null,
  post: { author_id: number | null },
): boolean {
  if (!user || !can(user, 'posts')) return false;
  return can(user, 'posts.any') || post.author_id === user.id;
}

/** The staff area's sections, in the order of its navigation; each shows only with its capability. */
export const ADMIN_SECTIONS: ReadonlyArray<{ path: string; label: string; capability: Capability }> = [
  { path: '/admin/berita/', label: 'Berita', capability: 'posts' },
  { path: '/admin/agenda/', label: 'Agenda', capability: 'agenda' },
  { path: '/admin/galeri/', label: 'Galeri', capability: 'gallery' },
  { path: '/admin/halaman/', label: 'Halaman', capability: 'pages' },
  { path: '/admin/menu/', label: 'Menu', capability: 'menus' },
  { path: '/admin/filter/', label: 'Filter', capability: 'filters' },
  { path: '/admin/ulasan/', label: 'Ulasan', capability: 'reviews' },
  { path: '/admin/pelanggan/', label: 'Pelanggan', capability: 'subscribers' },
  { path: '/admin/pengguna/', label: 'Pengguna', capability: 'users' },
  { path: '/admin/pengaturan/', label: 'Pengaturan', capability: 'settings' },
];

/** The sections this user may open. */
export function sectionsFor(user: Pick<SessionUser, 'roles'> | null) {
  return ADMIN_SECTIONS.filter((s) => can(user, s.capability));
}

/** The name of the hidden field (and header) that carries the staff area's CSRF token. */
export const CSRF_FIELD = '_token';
export const CSRF_HEADER = 'x-csrf-token';

/** One row of the audit log as staff read it. */
export interface ChangeRow {
  id: number;
  at: string;
  who: string;
  action: string;
  subjectType: string;
  subjectId: number | null;
  summary: string;
}
