import { data } from 'react-router';
import { z } from 'zod';
import { hasSecondFactor } from '~/features/accounts/second-factor-rule.server';
import { listSessions } from '~/features/accounts/sessions.server';
import { changeRole, changeUserAccess, findUser, setActive } from '~/features/accounts/staff.server';
import { parseRole, USER_ACCESS_INTENTS } from '~/features/accounts/staff-model';
import { UserSignInSection } from '~/features/accounts/ui/staff-account';
import { UserPage, userPath } from '~/features/accounts/ui/staff-users';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { recentChanges } from '~/staff/admin/audit.server';
import { ChangeList } from '~/staff/admin/ui/change-list';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/users-edit';

// Issue 14 "Users": /admin/pengguna/<id>/, an account's role, its status, and the audit log of the
// changes it made and of those made to it. The audit log's reader and list belong to the admin feature;
// this route composes them with the accounts feature's page (a feature never imports another).

const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));

function targetId(params: { id?: string }): number {
  const parsed = idParam.safeParse(params.id ?? '');
  if (!parsed.success) throw data({ message: 'Pengguna ini tidak ditemukan.' }, { status: 404 });
  return parsed.data;
}

const INVITED: Record<string, string> = {
  terkirim: 'Undangan terkirim. Tautannya berlaku 7 hari dan hanya bisa dipakai sekali.',
  diperbarui: 'Undangan baru terkirim; tautan di undangan sebelumnya tidak berlaku lagi.',
};

export const loader = staffLoader(
  'users',
  async ({ request, context, params, user: actor }: StaffLoaderArgs<Route.LoaderArgs>) => {
    const id = targetId(params);
    const user = await findUser(context.db, id);
    if (!user) throw data({ message: 'Pengguna ini tidak ditemukan.' }, { status: 404 });
    const [byUser, aboutUser, sessions, secondFactor] = await Promise.all([
      recentChanges(context.db, { userId: id }),
      recentChanges(context.db, { subjectType: 'user', subjectId: id }),
      listSessions(context.db, id, actor.session),
      hasSecondFactor(context.db, id),
    ]);
    const invited = INVITED[new URL(request.url).searchParams.get('undangan') ?? ''];
    return { user, self: actor.id === id, byUser, aboutUser, sessions, secondFactor, invited: invited ?? null };
  },
);

export const action = staffAction(
  'users',
  async ({ context, params, user: actor, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = targetId(params);
    let outcome: Awaited<ReturnType<typeof changeRole>>;
    if (fields.intent === 'role') {
      const role = parseRole(fields.role);
      if (!role) return data({ ok: false, message: 'Pilih salah satu peran dari daftar.' }, { status: 400 });
      outcome = await changeRole(context.db, actor.id, id, role);
    } else if (fields.intent === 'deactivate' || fields.intent === 'activate') {
      outcome = await setActive(context.db, actor.id, id, fields.intent === 'activate');
    } else if (Object.values(USER_ACCESS_INTENTS).some((i) => i === fields.intent)) {
      // Issue 25: the account's sessions and second factor.
      outcome = await changeUserAccess(context.db, actor.id, id, fields.intent ?? '', fields.sesi);
    } else {
      return data({ ok: false, message: 'Tindakan ini tidak dikenal.' }, { status: 400 });
    }
    if ('missing' in outcome) throw data({ message: 'Pengguna ini tidak ditemukan.' }, { status: 404 });
    return data(outcome, { status: outcome.ok ? 200 : 409 });
  },
);

export default function UsersEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { user, self, byUser, aboutUser, sessions, secondFactor, invited } = loaderData;
  const notice = actionData ?? (invited ? { ok: true, message: invited } : null);
  return (
    <UserPage user={user} self={self} notice={notice}>
      <UserSignInSection name={user.name} sessions={sessions} secondFactor={secondFactor} action={userPath(user.id)} />
      <section className="staff-changes" aria-labelledby="perubahan-oleh">
        <h2 id="perubahan-oleh">Perubahan oleh pengguna ini</h2>
        <ChangeList changes={byUser} caption={`20 perubahan terakhir oleh ${user.name}`} />
      </section>
      <section className="staff-changes" aria-labelledby="perubahan-pada">
        <h2 id="perubahan-pada">Perubahan pada akun ini</h2>
        <ChangeList changes={aboutUser} caption={`Perubahan terakhir pada akun ${user.name}`} />
      </section>
    </UserPage>
  );
}

export { StaffError as ErrorBoundary };
