/** Who is signed in, as every layer sees it: the user of a request and the roles (spec 000 §6). */

/** Roles of signed-in users (spec 000 §6); anonymous visitors have the role `guest` only. */
export const USER_ROLES = ['administrator', 'editor', 'author', 'subscriber'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user of a request, as every feature sees it. */
export interface SessionUser {
  id: number;
  login: string;
  name: string;
  email: string;
  roles: UserRole[];
  /** The session's id (its cookie token's hash): nonces and staff tokens are bound to it (issue 21). */
  session: string;
  /**
   * The administrators require a second factor and this staff user has none yet (issue 25): every staff
   * screen, form and wire call refuses it until it is set up. Read with the session, never remembered.
   */
  secondFactorDue?: boolean;
}
