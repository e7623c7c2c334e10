import { SITE_OPTIONS } from '~/content/options';
import type { Db } from '~/db';
import { isStaff } from '~/lib/permissions';
import type { UserRole } from '~/lib/user';
import { mustEnrol } from './second-factor';

/**
 * The administrators' rule that staff must have a second factor (issue 25), as the session reader and
 * the code step both read it: kept apart from the code step so that reading a session needs none of it.
 */

/** Whether the administrators require a second factor of every staff role (site option, read fresh). */
export async function secondFactorRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('site_option')
    .select('value')
    .where('name', '=', SITE_OPTIONS.staffSecondFactor.name)
    .executeTakeFirst();
  if (!row) return SITE_OPTIONS.staffSecondFactor.fallback;
  try {
    return SITE_OPTIONS.staffSecondFactor.schema.parse(JSON.parse(row.value));
  } catch {
    return SITE_OPTIONS.staffSecondFactor.fallback;
  }
}

/** Whether the account signs in with a second factor (a confirmed secret). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether this user must set up the second factor before anything else in the staff area (the
 * administrators' rule, a staff role, no second factor yet). Two small reads on every staff request:
 * the rule is a security switch, never a remembered copy.
 */
export async function mustEnrolNow(db: Db, user: { id: number; roles?: readonly UserRole[] }): Promise<boolean> {
  const roles =
    user.roles ??
    (await db.selectFrom('user_role').select('role').where('user_id', '=', user.id).execute()).map(
      (r) => r.role as UserRole,
    );
  if (!isStaff({ roles: [...roles] })) return false;
  if (!(await secondFactorRequired(db))) return false;
  return mustEnrol({ staff: true, enrolled: await hasSecondFactor(db, user.id) }, true);
}
