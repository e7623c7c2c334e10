import type { Db } from '~/db';
import { hashPassword } from '~/features/accounts/password.server';
import type { UserRole } from '~/lib/user';

/**
 * The demo school's accounts (issue 4). Their passwords are for development only (listed in the
 * README); they meet the password rule, so they also show what it asks for.
 */
export const DEMO_USERS: ReadonlyArray<{
  login: string;
  email: string;
  displayName: string;
  password: string;
  role: UserRole;
}> = [
  {
    login: 'admin',
    email: 'admin@smptunasbangsa.sch.id',
    displayName: 'Admin Sekolah',
    password: 'Admin#Tunas2025',
    role: 'administrator',
  },
  {
    login: 'editor',
    email: 'editor@smptunasbangsa.sch.id',
    displayName: 'Ratna Wulandari',
    password: 'Editor#Tunas2025',
    role: 'editor',
  },
  {
    login: 'orangtua',
    email: 'orangtua@example.com',
    displayName: 'Budi Santoso',
    password: 'OrangTua#2025',
    role: 'subscriber',
  },
  {
    login: 'siswa',
    email: 'siswa@example.com',
    displayName: 'Sari Dewi',
    password: 'Siswa#Tunas2025',
    role: 'subscriber',
  },
];

/** Creates the demo accounts with their roles; returns the administrator, who authors the seeded content. */
export async function seedUsers(db: Db, seededAt: string): Promise<{ id: number }> {
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  let admin: { id: number } | undefined;
  for (const [i, user] of DEMO_USERS.entries()) {
    const row = await db
      .insertInto('app_user')
      .values({
        login: user.login,
        email: user.email,
        display_name: user.displayName,
        password_hash: hashes[i] as string,
        created_at: seededAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_role').values({ user_id: row.id, role: user.role }).execute();
    if (user.role === 'administrator') admin ??= row;
  }
  if (!admin) throw new Error('seedUsers: the demo accounts have no administrator');
  return admin;
}
