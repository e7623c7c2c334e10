import type { Db } from '~/db';
import { isStaff } from '~/lib/permissions';
import type { SessionUser } from '~/lib/user';
import { mustEnrol, OWN_ACCOUNT_INTENTS, type SessionRow } from './second-factor';
import {
  confirmSecondFactor,
  type SecondFactorView,
  secondFactorView,
  turnOffSecondFactor,
} from './second-factor.server';
import { mustEnrolNow } from './second-factor-rule.server';
import { changePassword, endOtherSessions, endSessionOf, listSessions, recordSessionsEnded } from './sessions.server';

/**
 * The staff member's own account page (issue 25, `/admin/akun/`): the second factor (set up, or turned
 * off with a current code), the password change, and the account's sessions, each revocable.
 */

/** What the page shows. */
export interface OwnAccountData {
  name: string;
  login: string;
  secondFactor: SecondFactorView;
  sessions: SessionRow[];
  /** The staff area sent the user here: the administrators require a second factor and they have none. */
  mustEnrol: boolean;
}

/** The page's data for the signed-in user. */
export async function ownAccountPage(db: Db, user: SessionUser): Promise<OwnAccountData> {
  const [secondFactor, sessions] = await Promise.all([
    secondFactorView(db, user),
    listSessions(db, user.id, user.session),
  ]);
  const must = mustEnrol({ staff: isStaff(user), enrolled: secondFactor.enrolled }, secondFactor.required);
  return { name: user.name, login: user.login, secondFactor, sessions, mustEnrol: must };
}

/** What a form of the page did: its message, whether it was done, and messages per field of a refused form. */
export interface OwnAccountAnswer {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
}

/**
 * A post of the page: its answer and status. While the user must still set up the second factor, only
 * the enrolment is taken (the staff area's rule: nothing else until it is done).
 */
export async function changeOwnAccount(
  db: Db,
  user: SessionUser,
  fields: Record<string, string>,
): Promise<{ answer: OwnAccountAnswer; status: number }> {
  const intent = fields.intent ?? '';
  if (intent === OWN_ACCOUNT_INTENTS.enrol) return answered(await confirmSecondFactor(db, user.id, fields.code));
  if (await mustEnrolNow(db, user)) {
    return answered({ ok: false, message: 'Aktifkan verifikasi dua langkah terlebih dahulu.' }, 403);
  }
  switch (intent) {
    case OWN_ACCOUNT_INTENTS.turnOff:
      return answered(await turnOffSecondFactor(db, user, fields.code));
    case OWN_ACCOUNT_INTENTS.endSession: {
      if (fields.sesi === user.session) {
        return answered({ ok: false, message: 'Untuk mengakhiri sesi ini, gunakan tombol Keluar.' });
      }
      const ended = await endSessionOf(db, user.id, fields.sesi ?? '');
      if (ended) await recordSessionsEnded(db, user.id, user.id, 'Satu sesi diakhiri oleh pemiliknya');
      return answered(
        ended
          ? { ok: true, message: 'Sesi itu telah diakhiri: perangkatnya harus masuk lagi.' }
          : { ok: false, message: 'Sesi itu sudah berakhir.' },
      );
    }
    case OWN_ACCOUNT_INTENTS.endOthers: {
      const ended = await endOtherSessions(db, user.id, user.session);
      await recordSessionsEnded(db, user.id, user.id, `${ended} sesi lain diakhiri oleh pemiliknya`);
      return answered({ ok: true, message: `${ended} sesi lain telah diakhiri. Sesi ini tetap masuk.` });
    }
    case OWN_ACCOUNT_INTENTS.password: {
      const change = await changePassword(db, user, fields);
      return change.ok
        ? answered({ ok: true, message: change.message })
        : answered({ ok: false, message: 'Kata sandi belum diganti.', errors: change.errors });
    }
    default:
      return answered({ ok: false, message: 'Tindakan ini tidak dikenal.' });
  }
}

function answered(answer: OwnAccountAnswer, refusedStatus = 400) {
  return { answer, status: answer.ok ? 200 : refusedStatus };
}
