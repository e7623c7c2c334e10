import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { liveRow } from '../support/live-db';

/** A new visitor's registration: a login and address no other test uses. */
export function newMember(label: string) {
  const id = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    login: `e2e.${id}`,
    email: `e2e.${id}@example.com`,
    name: `Murid ${id}`,
    password: 'Belajar#2025',
  };
}

/** The header's account part: "Masuk" for visitors, the user's name and "Keluar" once signed in. */
export class AccountNav {
  readonly nav: Locator;
  readonly signInLink: Locator;
  readonly signOutButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('banner').getByRole('navigation', { name: 'Akun' });
    this.signInLink = this.nav.getByRole('link', { name: 'Masuk' });
    this.signOutButton = this.nav.getByRole('button', { name: 'Keluar' });
  }

  /** The signed-in user's name as the header shows it. */
  userName(name: string): Locator {
    return this.nav.getByText(name, { exact: true });
  }
}

/** The live checklist of the password rule under a new-password field (spec 000 §5). */
export class PasswordRules {
  constructor(readonly root: Locator) {}

  /** One rule's line, by its label ("Huruf besar" …); its `data-state` is pending, met or unmet. */
  rule(label: string): Locator {
    return this.root.getByRole('listitem').filter({ hasText: label });
  }
}

/** /daftar/: registration. */
export class RegisterPage {
  readonly login: Locator;
  readonly email: Locator;
  readonly name: Locator;
  readonly password: Locator;
  readonly rules: PasswordRules;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    const form = page.getByRole('main');
    this.login = form.getByLabel('Nama pengguna', { exact: true });
    this.email = form.getByLabel('E-mail', { exact: true });
    this.name = form.getByLabel('Nama lengkap', { exact: true });
    this.password = form.getByLabel('Kata sandi', { exact: true });
    this.rules = new PasswordRules(form.locator('.password-rules'));
    this.submit = form.getByRole('button', { name: 'Daftar' });
  }

  async goto() {
    await this.page.goto('/daftar/');
  }

  /** Fills everything but the password. */
  async fillDetails(member: { login: string; email: string; name: string }) {
    await this.login.fill(member.login);
    await this.email.fill(member.email);
    await this.name.fill(member.name);
  }
}

/** /masuk/: sign-in by login or e-mail. */
export class SignInPage {
  readonly login: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;
  /** The ALTCHA widget the form shows when the account asks for a verification (issue 15). */
  readonly captcha: Locator;
  /** The widget's checkbox: checked once the proof of work is done. */
  readonly captchaCheckbox: Locator;
  /** Without JavaScript: the note that the verification needs it (in a `<noscript>`, which text and role locators skip). */
  readonly captchaNote: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.login = main.getByLabel('Nama pengguna atau e-mail');
    this.password = main.getByLabel('Kata sandi', { exact: true });
    this.submit = main.getByRole('button', { name: 'Masuk' });
    this.alert = main.getByRole('alert');
    this.captcha = main.locator('form altcha-widget');
    this.captchaCheckbox = this.captcha.getByRole('checkbox');
    this.captchaNote = main.locator('.account-captcha p');
  }

  async goto(redirectTo?: string) {
    await this.page.goto(redirectTo ? `/masuk/?redirect_to=${encodeURIComponent(redirectTo)}` : '/masuk/');
  }

  async signIn(login: string, password: string) {
    await this.login.fill(login);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/**
 * Wrong passwords for `login` posted to /masuk/ from `count` different addresses (the server trusts
 * X-Forwarded-For from a proxy on this machine, and the tests reach it from there): an attacker with
 * many addresses. Returns the statuses.
 */
export async function failSignInsFromManyAddresses(
  request: APIRequestContext,
  login: string,
  count: number,
): Promise<number[]> {
  const net = Math.floor(Math.random() * 200) + 20;
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await request.post('/masuk/', {
      form: { login, password: `Tebakan#${i}x` },
      headers: { 'x-forwarded-for': `10.${net}.${i}.1` },
      maxRedirects: 0,
    });
    statuses.push(response.status());
  }
  return statuses;
}

/** /lupa-kata-sandi/: asks for a reset link. */
export class LostPasswordPage {
  readonly email: Locator;
  readonly submit: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.email = main.getByLabel('E-mail');
    this.submit = main.getByRole('button', { name: 'Kirim tautan' });
    this.notice = main.getByRole('status').filter({ hasText: 'Jika alamat itu terdaftar' });
  }

  async goto() {
    await this.page.goto('/lupa-kata-sandi/');
  }
}

/** /atur-ulang-kata-sandi/?token=…: the new password, twice. */
export class ResetPasswordPage {
  readonly password: Locator;
  readonly confirm: Locator;
  readonly rules: PasswordRules;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.password = main.getByLabel('Kata sandi baru', { exact: true });
    this.confirm = main.getByLabel('Ulangi kata sandi baru');
    this.rules = new PasswordRules(main.locator('.password-rules'));
    this.submit = main.getByRole('button', { name: 'Simpan kata sandi' });
  }
}

/** Reads the server's live database (the outbox and accounts), as a developer following a reset link would. */
export class AccountsData {
  constructor(private readonly databaseFile: string) {}

  private get<T>(sql: string, ...params: unknown[]): T | undefined {
    return liveRow<T>(this.databaseFile, sql, ...params);
  }

  /** The reset link of the newest outbox message to `email`. */
  resetLink(email: string): string {
    const mail = this.get<{ body: string }>(
      'select body from outbox where recipient = ? order by id desc limit 1',
      email.toLowerCase(),
    );
    const link = mail?.body.match(/https?:\/\/\S+\/atur-ulang-kata-sandi\/\?token=[A-Za-z0-9_-]+/)?.[0];
    if (!link) throw new Error(`the outbox has no reset link for ${email}`);
    return link;
  }

  /** Whether an account with this login exists. */
  hasAccount(login: string): boolean {
    return this.get('select id from app_user where login = ?', login) !== undefined;
  }
}
