/** Roles of signed-in users (spec 000 §6); anonymous visitors have the role `guest` only. */
export const USER_ROLES = ['administrator', 'editor', 'author', 'subscriber'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type Role = UserRole | 'guest';

/** The signed-in user of a request, as every feature sees it. */
export interface SessionUser {
  id: number;
  login: string;
  name: string;
  email: string;
  roles: UserRole[];
}

/**
 * The session cookie's name. The page cache (server/page-cache.ts) never answers a request that
 * carries a cookie starting with `session`, so signed-in visitors always get fresh pages.
 */
export const SESSION_COOKIE = 'session';

/** Staff who may approve, pin and delete reviews from the widget. */
export function canModerate(user: Pick<SessionUser, 'roles'> | null): boolean {
  return user !== null && user.roles.some((r) => r === 'administrator' || r === 'editor');
}
