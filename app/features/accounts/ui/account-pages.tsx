import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { EMAIL_MAX_LENGTH } from '~/lib/email';
import { AltchaWidget } from '~/ui/captcha';
import type { AccountFormState, HeaderUser } from '../model';
import { ConfirmPasswordField, FormMessages, PasswordField, TextField, usePasswordGate } from './fields';

/** What every account page's view gets from its loader. */
export interface AccountPageProps {
  page: { user: HeaderUser | null; redirectTo: string };
  /** The action's answer after a post that did not redirect. */
  state?: AccountFormState;
}

/** `?redirect_to=…` for links between the sign-in and registration pages (home needs none). */
function withRedirect(path: string, redirectTo: string): string {
  return redirectTo === '/' ? path : `${path}?redirect_to=${encodeURIComponent(redirectTo)}`;
}

function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="account-page">
      <h1 className="page-title">{title}</h1>
      {children}
    </section>
  );
}

/** A page whose emailed link no longer works: why (`children`), and where to go instead (`next`). */
function LinkGone({
  title,
  role,
  next,
  children,
}: {
  title: string;
  role?: 'alert';
  next: ReactNode;
  children: ReactNode;
}) {
  return (
    <AccountPage title={title}>
      <p className="account-message account-message--error" role={role}>
        {children}
      </p>
      <p className="account-links">{next}</p>
    </AccountPage>
  );
}

/** The submit button; marked busy while its form is on its way. */
function SubmitButton({ children, blocked = false }: { children: ReactNode; blocked?: boolean }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <button
      type="submit"
      className="button account-form__submit"
      aria-disabled={blocked || undefined}
      data-loading={busy || undefined}
    >
      {children}
    </button>
  );
}

function SignedInNote({ user }: { user: HeaderUser | null }) {
  if (!user) return null;
  return (
    <p className="account-message">
      Anda sudah masuk sebagai <strong>{user.name}</strong>. <a href="/">Kembali ke beranda</a>
    </p>
  );
}

/**
 * The captcha of a sign-in to an account with many failed tries (issue 15): the challenge came with
 * the action's answer and solves itself as soon as the widget shows; its solution is posted as the
 * field `altcha` with the form. The ALTCHA code loads only here, when asked for.
 */
function SignInCaptcha({ challenge }: { challenge: string }) {
  return (
    <div className="account-captcha">
      {/* The captcha needs JavaScript: without it the visitor has the message above and this note. */}
      <noscript>
        <p className="account-field__hint">
          Verifikasi ini memerlukan JavaScript. Aktifkan JavaScript, lalu coba lagi.
        </p>
      </noscript>
      {/* A new challenge (after another failed try) is a new widget. */}
      <AltchaWidget
        key={challenge}
        className="account-captcha__widget"
        challenge={challenge}
        auto="onload"
        loadingText="Memuat verifikasi…"
        failedText="Verifikasi tidak dapat dimuat. Muat ulang halaman, lalu coba lagi."
      />
    </div>
  );
}

/** The login field's attributes: the account's name (or, signing in, its e-mail), kept as typed. */
const LOGIN = {
  name: 'login',
  autoComplete: 'username',
  autoCapitalize: 'none',
  spellCheck: false,
  required: true,
} as const;

/** The e-mail field of an account (registration, a forgotten password). */
const EMAIL = {
  name: 'email',
  type: 'email',
  label: 'E-mail',
  autoComplete: 'email',
  required: true,
  maxLength: EMAIL_MAX_LENGTH,
} as const;

/** The login a person chooses (registration, an invitation): LOGIN_PATTERN, told as a hint. */
function NewLoginField({ value, error }: { value: string | undefined; error: string | undefined }) {
  return (
    <TextField
      {...LOGIN}
      label="Nama pengguna"
      hint="3–60 karakter: huruf, angka, titik, garis bawah atau tanda hubung."
      minLength={3}
      maxLength={60}
      defaultValue={value}
      error={error}
    />
  );
}

/** /masuk/: sign-in by login or e-mail. */
export function SignInView({ page, state }: AccountPageProps) {
  const values = state?.values ?? {};
  const errors = state?.fieldErrors ?? {};
  const redirectTo = values.redirect_to || page.redirectTo;
  return (
    <AccountPage title="Masuk">
      <SignedInNote user={page.user} />
      <FormMessages state={state} />
      <Form method="post" className="account-form">
        <input type="hidden" name="redirect_to" value={redirectTo} />
        <TextField
          {...LOGIN}
          label="Nama pengguna atau e-mail"
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={values.login}
          error={errors.login}
        />
        <TextField
          name="password"
          type="password"
          label="Kata sandi"
          autoComplete="current-password"
          required
          maxLength={200}
          error={errors.password}
        />
        {state?.captcha ? <SignInCaptcha challenge={state.captcha} /> : null}
        <SubmitButton>Masuk</SubmitButton>
      </Form>
      <ul className="account-links">
        <li>
          <a href="/lupa-kata-sandi/">Lupa kata sandi?</a>
        </li>
        <li>
          Belum punya akun? <a href={withRedirect('/daftar/', redirectTo)}>Daftar</a>
        </li>
      </ul>
    </AccountPage>
  );
}

/** /daftar/: a new subscriber account. */
export function RegisterView({ page, state }: AccountPageProps) {
  const values = state?.values ?? {};
  const errors = state?.fieldErrors ?? {};
  const redirectTo = values.redirect_to || page.redirectTo;
  const gate = usePasswordGate(false);
  return (
    <AccountPage title="Daftar">
      <SignedInNote user={page.user} />
      <FormMessages state={state} />
      <Form method="post" className="account-form" onSubmit={gate.guard}>
        <input type="hidden" name="redirect_to" value={redirectTo} />
        <NewLoginField value={values.login} error={errors.login} />
        <TextField {...EMAIL} defaultValue={values.email} error={errors.email} />
        <TextField
          name="display_name"
          label="Nama lengkap"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.display_name}
          error={errors.display_name}
        />
        <PasswordField gate={gate} label="Kata sandi" error={errors.password} />
        <SubmitButton blocked={gate.blocked}>Daftar</SubmitButton>
      </Form>
      <p className="account-links">
        Sudah punya akun? <a href={withRedirect('/masuk/', redirectTo)}>Masuk</a>
      </p>
    </AccountPage>
  );
}

/** /lupa-kata-sandi/: asks for a reset link; the answer never tells whether the address is known. */
export function LostPasswordView({ state }: AccountPageProps) {
  const errors = state?.fieldErrors ?? {};
  return (
    <AccountPage title="Lupa kata sandi">
      <FormMessages state={state} />
      {state?.notice ? null : (
        <>
          <p>Tulis alamat e-mail akun Anda. Kami akan mengirim tautan untuk memilih kata sandi baru.</p>
          <Form method="post" className="account-form">
            <TextField {...EMAIL} defaultValue={state?.values?.email} error={errors.email} />
            <SubmitButton>Kirim tautan</SubmitButton>
          </Form>
        </>
      )}
      <p className="account-links">
        <a href="/masuk/">Kembali ke halaman masuk</a>
      </p>
    </AccountPage>
  );
}

/** /atur-ulang-kata-sandi/?token=…: a new password, twice, from a reset link. */
export function ResetPasswordView({
  page,
  state,
}: AccountPageProps & { page: AccountPageProps['page'] & { token: string; tokenValid: boolean } }) {
  const errors = state?.fieldErrors ?? {};
  const gate = usePasswordGate(true);
  if (!page.tokenValid) {
    return (
      <LinkGone title="Atur ulang kata sandi" next={<a href="/lupa-kata-sandi/">Minta tautan baru</a>}>
        Tautan ini tidak berlaku lagi: sudah dipakai, kedaluwarsa, atau tidak lengkap.
      </LinkGone>
    );
  }
  return (
    <AccountPage title="Atur ulang kata sandi">
      <FormMessages state={state} />
      <Form method="post" className="account-form" onSubmit={gate.guard}>
        <input type="hidden" name="token" value={page.token} />
        <PasswordField gate={gate} label="Kata sandi baru" error={errors.password} />
        <ConfirmPasswordField gate={gate} label="Ulangi kata sandi baru" error={errors.password_confirm} />
        <SubmitButton blocked={gate.blocked}>Simpan kata sandi</SubmitButton>
      </Form>
    </AccountPage>
  );
}

/** /keluar/: a GET shows this confirmation; signing out is its POST. */
export function SignOutView({ page, state }: AccountPageProps) {
  return (
    <AccountPage title="Keluar">
      <FormMessages state={state} />
      {page.user ? (
        <Form method="post" className="account-form">
          <p>
            Anda masuk sebagai <strong>{page.user.name}</strong>. Keluar dari akun ini?
          </p>
          <SubmitButton>Keluar</SubmitButton>
        </Form>
      ) : (
        <p>
          Anda belum masuk. <a href="/masuk/">Masuk</a>
        </p>
      )}
    </AccountPage>
  );
}

/** What the invitation page's loader gives (features/accounts/invitation.server.ts). */
export interface InvitationViewData {
  token: string;
  state: 'open' | 'used' | 'expired' | 'unknown';
  message: string | null;
  name: string | null;
  email: string | null;
}

/**
 * /terima-undangan/?token=…: an invited person chooses a login and a password (issue 14 "Users"); a
 * used, expired or unknown link says which, and where to go instead.
 */
export function AcceptInvitationView({ page, state }: { page: InvitationViewData; state?: AccountFormState }) {
  const values = state?.values ?? {};
  const errors = state?.fieldErrors ?? {};
  const gate = usePasswordGate(true);
  if (page.state !== 'open') {
    return (
      <LinkGone title="Undangan" role="alert" next={<a href="/masuk/">Ke halaman masuk</a>}>
        {page.message}
      </LinkGone>
    );
  }
  return (
    <AccountPage title="Terima undangan">
      <p>
        Selamat datang, <strong>{page.name}</strong>. Pilih nama pengguna dan kata sandi untuk akun{' '}
        <strong>{page.email}</strong>.
      </p>
      <FormMessages state={state} />
      <Form method="post" className="account-form" onSubmit={gate.guard}>
        <input type="hidden" name="token" value={page.token} />
        <NewLoginField value={values.login} error={errors.login} />
        <PasswordField gate={gate} label="Kata sandi" error={errors.password} />
        <ConfirmPasswordField gate={gate} label="Ulangi kata sandi" error={errors.password_confirm} />
        <SubmitButton blocked={gate.blocked}>Simpan dan masuk</SubmitButton>
      </Form>
    </AccountPage>
  );
}

/**
 * /masuk/kode/: the second step of signing in to an account with a second factor (issue 25): the code
 * from the authenticator app. Without a waiting password step (expired, or opened directly) it sends the
 * person back to the password.
 */
export function SignInCodeView({ page, state }: { page: { open: boolean }; state?: AccountFormState }) {
  if (!page.open && !state) {
    return (
      <LinkGone title="Kode verifikasi" next={<a href="/masuk/">Ke halaman masuk</a>}>
        Langkah masuk ini sudah kedaluwarsa atau belum dimulai. Masukkan nama pengguna dan kata sandi Anda.
      </LinkGone>
    );
  }
  return (
    <AccountPage title="Kode verifikasi">
      <p>Buka aplikasi autentikator di ponsel Anda dan masukkan kode 6 angka untuk akun ini.</p>
      <FormMessages state={state} />
      <Form method="post" className="account-form">
        <TextField
          name="code"
          label="Kode 6 angka"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 \-]*"
          maxLength={9}
          required
          error={state?.fieldErrors?.code}
        />
        <SubmitButton>Lanjutkan</SubmitButton>
      </Form>
      <p className="account-links">
        <a href="/masuk/">Masuk dengan akun lain</a>
      </p>
    </AccountPage>
  );
}
