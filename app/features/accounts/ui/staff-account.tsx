import { Form } from 'react-router';
import { formatSchoolDateTime } from '~/content/posts';
import {
  CsrfField,
  StaffHead,
  StaffMessage,
  StaffNotice,
  type StaffNoticeData,
  StaffSubmit,
  StaffTable,
  StaffTextField,
} from '~/ui/staff';
import { PASSWORD_MAX_LENGTH } from '../model';
import { OWN_ACCOUNT_INTENTS, type SessionRow } from '../second-factor';
import { USER_ACCESS_INTENTS } from '../staff-model';

/** The second factor as the page shows it (features/accounts/second-factor.server.ts `SecondFactorView`). */
interface SecondFactorProps {
  enrolled: boolean;
  required: boolean;
  setup: { secret: string; uri: string } | null;
}

export interface OwnAccountScreenProps {
  name: string;
  login: string;
  secondFactor: SecondFactorProps;
  sessions: SessionRow[];
  mustEnrol: boolean;
  /** What the last form did. */
  notice: (StaffNoticeData & { errors?: Record<string, string> }) | null;
  /** The page's address (its forms post here). */
  action: string;
}

/** The code field of the second factor's forms: six digits, as the phone's keyboard and autofill know them. */
function CodeField({ id, error }: { id: string; error?: string | undefined }) {
  return (
    <StaffTextField
      id={id}
      name="code"
      label="Kode 6 angka"
      hint="Kode yang sedang tampil di aplikasi autentikator."
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 \-]*"
      maxLength={9}
      required
      error={error}
    />
  );
}

/**
 * The staff member's own account (issue 25): the second factor (its secret and the code that turns it on,
 * or the code that turns it off), the password change, and the sessions list.
 */
export function OwnAccountScreen({
  name,
  login,
  secondFactor,
  sessions,
  mustEnrol,
  notice,
  action,
}: OwnAccountScreenProps) {
  const errors = notice?.errors ?? {};
  return (
    <section className="staff-account">
      <StaffHead title="Akun saya" heading={`Akun saya: ${name}`} />
      {mustEnrol ? (
        <StaffMessage error>
          Administrator mewajibkan verifikasi dua langkah untuk semua staf. Aktifkan di bawah ini sebelum membuka bagian
          lain ruang staf.
        </StaffMessage>
      ) : null}
      <StaffNotice notice={notice} />
      <p>
        Nama pengguna: <strong>{login}</strong>
      </p>

      <h2 id="faktor-kedua">Verifikasi dua langkah</h2>
      {secondFactor.enrolled ? (
        <>
          <p>
            <strong>Aktif.</strong> Setiap kali masuk, setelah kata sandi Anda diminta kode dari aplikasi autentikator.
          </p>
          {secondFactor.required ? (
            <p className="staff-hint">Administrator mewajibkannya untuk staf, jadi tidak dapat dimatikan.</p>
          ) : (
            <Form method="post" action={action} className="staff-form">
              <CsrfField />
              <input type="hidden" name="intent" value={OWN_ACCOUNT_INTENTS.turnOff} />
              <p className="staff-hint">Untuk mematikannya, masukkan kode yang sedang tampil di aplikasi.</p>
              <CodeField id="faktor-kedua-matikan-kode" error={errors.code} />
              <StaffSubmit label="Matikan verifikasi dua langkah" />
            </Form>
          )}
        </>
      ) : secondFactor.setup ? (
        <Form method="post" action={action} className="staff-form">
          <CsrfField />
          <input type="hidden" name="intent" value={OWN_ACCOUNT_INTENTS.enrol} />
          <ol>
            <li>
              Pasang aplikasi autentikator di ponsel Anda (misalnya Google Authenticator, Microsoft Authenticator, atau
              Aegis).
            </li>
            <li>
              Tambahkan akun dengan memasukkan kunci ini secara manual (jenis: berbasis waktu):
              <br />
              <code className="staff-account__secret" data-secret>
                {secondFactor.setup.secret}
              </code>
              <br />
              atau buka alamat ini di ponsel: <code className="staff-account__uri">{secondFactor.setup.uri}</code>
            </li>
            <li>Masukkan kode 6 angka yang tampil di aplikasi untuk memastikan semuanya benar.</li>
          </ol>
          <CodeField id="faktor-kedua-kode" error={errors.code} />
          <StaffSubmit label="Aktifkan verifikasi dua langkah" />
        </Form>
      ) : null}

      {mustEnrol ? null : (
        <>
          <h2 id="kata-sandi">Ganti kata sandi</h2>
          <Form method="post" action={action} className="staff-form">
            <CsrfField />
            <input type="hidden" name="intent" value={OWN_ACCOUNT_INTENTS.password} />
            {errors.form ? <StaffMessage error>{errors.form}</StaffMessage> : null}
            <StaffTextField
              id="akun-kata-sandi-lama"
              name="current_password"
              type="password"
              label="Kata sandi saat ini"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={errors.current_password}
            />
            <StaffTextField
              id="akun-kata-sandi-baru"
              name="password"
              type="password"
              label="Kata sandi baru"
              hint="Minimal 8 karakter, dengan huruf kecil, huruf besar, angka dan karakter khusus."
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={errors.password}
            />
            <StaffTextField
              id="akun-kata-sandi-ulang"
              name="password_confirm"
              type="password"
              label="Ulangi kata sandi baru"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={errors.password_confirm}
            />
            <p className="staff-hint">Semua sesi lain akun ini berakhir; sesi ini tetap masuk.</p>
            <StaffSubmit label="Ganti kata sandi" />
          </Form>

          <h2 id="sesi">Sesi yang masuk</h2>
          <SessionList sessions={sessions} action={action} endIntent={OWN_ACCOUNT_INTENTS.endSession} own />
          {sessions.some((s) => !s.current) ? (
            <Form method="post" action={action} className="admin-actions">
              <CsrfField />
              <input type="hidden" name="intent" value={OWN_ACCOUNT_INTENTS.endOthers} />
              <button type="submit" className="button button--secondary">
                Keluar dari semua perangkat lain
              </button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * An account's sessions, each with its browser, address, start and last use, and a button that ends it
 * (the form posts `intent` = `endIntent` and `sesi` = the session's id). The current one is marked and
 * has no button on the owner's page (`own`): "Keluar" ends it.
 */
export function SessionList({
  sessions,
  action,
  endIntent,
  own = false,
}: {
  sessions: SessionRow[];
  action: string;
  endIntent: string;
  own?: boolean;
}) {
  return (
    <StaffTable
      caption="Sesi akun ini, yang terbaru lebih dulu"
      columns={['Perangkat', 'Alamat IP', 'Masuk', 'Terakhir aktif', 'Tindakan']}
      rows={sessions.length}
      empty="Tidak ada sesi yang masuk."
    >
      {sessions.map((s) => (
        <tr key={s.id} data-current={s.current || undefined}>
          <th scope="row" title={s.userAgent ?? undefined}>
            {s.current ? `${s.device} (sesi ini)` : s.device}
          </th>
          <td>{s.ipAddress ?? '—'}</td>
          <td>{formatSchoolDateTime(s.createdAt)}</td>
          <td>{s.lastSeenAt ? formatSchoolDateTime(s.lastSeenAt) : '—'}</td>
          <td>
            {own && s.current ? null : (
              <Form method="post" action={action}>
                <CsrfField />
                <input type="hidden" name="intent" value={endIntent} />
                <input type="hidden" name="sesi" value={s.id} />
                <button type="submit" className="button button--secondary">
                  Akhiri sesi
                  <span className="visually-hidden">{` ${s.device}, ${formatSchoolDateTime(s.createdAt)}`}</span>
                </button>
              </Form>
            )}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

/**
 * A user's sign-in as administrators see it on the user's page (issue 25): the account's sessions, each
 * revocable, all of them at once, and its second factor, which they can remove (a lost phone).
 */
export function UserSignInSection({
  name,
  sessions,
  secondFactor,
  action,
}: {
  name: string;
  sessions: SessionRow[];
  secondFactor: boolean;
  action: string;
}) {
  return (
    <section aria-labelledby="sesi-pengguna">
      <h2 id="sesi-pengguna">Sesi yang masuk</h2>
      <SessionList sessions={sessions} action={action} endIntent={USER_ACCESS_INTENTS.endSession} />
      {sessions.length > 0 ? (
        <Form method="post" action={action} className="admin-actions">
          <CsrfField />
          <input type="hidden" name="intent" value={USER_ACCESS_INTENTS.endSessions} />
          <button type="submit" className="button button--secondary">
            Akhiri semua sesi {name}
          </button>
        </Form>
      ) : null}
      <h3>Verifikasi dua langkah</h3>
      {secondFactor ? (
        <Form method="post" action={action} className="admin-actions">
          <CsrfField />
          <input type="hidden" name="intent" value={USER_ACCESS_INTENTS.removeSecondFactor} />
          <p className="staff-hint">
            Aktif. Jika ponselnya hilang, hapus agar ia dapat masuk dengan kata sandi lalu memasangnya lagi.
          </p>
          <button type="submit" className="button button--secondary">
            Hapus verifikasi dua langkah
          </button>
        </Form>
      ) : (
        <p>Tidak aktif.</p>
      )}
    </section>
  );
}
