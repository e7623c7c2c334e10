import type { Db } from '~/db';

/** The demo school's accounts (issue 4); returns the administrator, who authors the seeded content. */
export async function seedUsers(db: Db, seededAt: string): Promise<{ id: number }> {
  const admin = await db
    .insertInto('app_user')
    .values({
      login: 'admin',
      email: 'admin@smptunasbangsa.sch.id',
      display_name: 'Admin Sekolah',
      password_hash: '!',
      created_at: seededAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: admin.id, role: 'administrator' }).execute();
  return admin;
}
