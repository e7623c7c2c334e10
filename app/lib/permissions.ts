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

/** The roles that have a capability (the reviews' staff badge is read by role in SQL). */
export function rolesWith(capability: Capability): UserRole[] {
  return (Object.keys(BY_ROLE) as UserRole[]).filter((role) => BY_ROLE[role].includes(capability));
}

/** Whether the user moderates reviews (approve, pin, delete from the widget) and writes with a staff badge. */
export function canModerate(user: Pick<SessionUser, 'roles'> | null): boolean {
  return can(user, 'reviews');
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

/** The name of the hidden field (and header) that carries the staff area's CSRF token. */
export const CSRF_FIELD = '_token';
export const CSRF_HEADER = 'x-csrf-token';
