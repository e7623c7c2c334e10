import { listPage, listSearch } from '~/lib/list-address';
import { USER_ROLES, type UserRole } from '~/lib/user';

/**
 * The staff's users screen (issue 14 "Users"): the list's query, statuses and role labels, the
 * invitation's lifetime and the rules that keep the site its administrator. Pure: no React, no database.
 */

/** Users per page of the staff list. */
export const USERS_PER_PAGE = 20;
/** The longest search text kept (an address is at most 254 characters). */
export const USER_SEARCH_MAX = 254;
/** What the list shows an account as. */
export type UserStatus = 'active' | 'inactive' | 'invited';

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Aktif',
  inactive: 'Nonaktif',
  invited: 'Undangan terkirim',
};

/** How staff read a role (the order of the role select). */
export const ROLE_LABELS: Record<UserRole, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Penulis',
  subscriber: 'Pelanggan',
};

/** What each role may do, as the role select explains it. */
export const ROLE_HINTS: Record<UserRole, string> = {
  administrator: 'semua bagian ruang staf, termasuk pengguna dan pengaturan',
  editor: 'semua konten situs, tanpa pengguna dan pengaturan',
  author: 'menulis dan menerbitkan berita miliknya sendiri',
  subscriber: 'tanpa ruang staf',
};

/** The roles in the order staff choose them. */
export const ROLES: readonly UserRole[] = USER_ROLES;

/** Reads a role from a form field; anything else is null. */
export function parseRole(value: string | undefined): UserRole | null {
  return ROLES.find((r) => r === value) ?? null;
}

/** An account's status: deactivated wins over an invitation not yet accepted. */
export function userStatus(row: { deactivated_at: string | null; invited_at: string | null }): UserStatus {
  if (row.deactivated_at !== null) return 'inactive';
  return row.invited_at !== null ? 'invited' : 'active';
}

/**
 * The login an invited account holds until its owner chooses one: `~` is outside LOGIN_PATTERN, so it
 * never matches a login anyone can choose, and the list shows no login for it.
 */
export function pendingLogin(suffix: string): string {
  return `~undangan-${suffix}`;
}

/** Whether a stored login is an invitation's placeholder (shown as none). */
export function isPendingLogin(login: string): boolean {
  return login.startsWith('~');
}

/**
 * Why `actor` may not give `target` this role, or null when they may: an administrator never drops their
 * own administrator role, so the site always keeps the one who is changing it.
 */
export function roleChangeRefusal(actorId: number, targetId: number, role: UserRole): string | null {
  if (actorId === targetId && role !== 'administrator') {
    return 'Anda tidak dapat melepas peran administrator Anda sendiri: situs harus selalu punya administrator.';
  }
  return null;
}

/** Why `actor` may not deactivate `target`, or null when they may (nobody deactivates themselves). */
export function deactivateRefusal(actorId: number, targetId: number): string | null {
  return actorId === targetId ? 'Anda tidak dapat menonaktifkan akun Anda sendiri.' : null;
}

/** The list's query: `?q=nama-atau-email&halaman=2`; anything unreadable is ignored. */
export interface UserQuery {
  /** Part of the name or address, lower-cased; '' for everyone. */
  q: string;
  page: number;
}

/** Reads the list's query from the address (a bad page is the first). */
export function parseUserQuery(params: URLSearchParams): UserQuery {
  const q = (params.get('q') ?? '').trim().toLowerCase().slice(0, USER_SEARCH_MAX);
  return { q, page: listPage(params) };
}

/** The query as the address's search, '' without one; page 1 left out. */
export function userSearch(query: UserQuery): string {
  return listSearch({ q: query.q }, query.page);
}

/** One account as the staff list and the user's page show it. */
export interface UserRow {
  id: number;
  /** null while an invitation waits for its owner to choose one */
  login: string | null;
  name: string;
  email: string;
  roles: UserRole[];
  status: UserStatus;
  createdAt: string;
  deactivatedAt: string | null;
  invitedAt: string | null;
}

/** A role list as staff read it: "Editor, Penulis"; "—" for none. */
export function rolesText(roles: readonly UserRole[]): string {
  return roles.length === 0 ? '—' : roles.map((r) => ROLE_LABELS[r]).join(', ');
}

/** The administrators' forms for another account's sign-in (issue 25), by their `intent`. */
export const USER_ACCESS_INTENTS = {
  endSession: 'end-session',
  endSessions: 'end-sessions',
  removeSecondFactor: 'remove-second-factor',
} as const;
