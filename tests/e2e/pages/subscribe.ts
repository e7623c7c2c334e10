import type { Locator, Page } from '@playwright/test';
import { liveRow } from '../support/live-db';

/** The newsletter form in the page's footer (issue 13 "Subscribe"). */
export class FooterSubscribeForm {
  readonly form: Locator;
  readonly email: Locator;
  readonly button: Locator;
  readonly fieldError: Locator;
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.form = page.locator('footer form.jet-subscribe-form');
    this.email = this.form.getByRole('textbox', { name: 'Alamat e-mail' });
    this.button = this.form.getByRole('button', { name: 'Berlangganan' });
    this.fieldError = this.form.locator('.jet-subscribe-form__field-error');
    this.message = this.form.getByRole('status');
  }

  async subscribe(email: string): Promise<void> {
    await this.email.fill(email);
    await this.button.click();
  }
}

/** The newsletter's rows and mails in the server's live database. */
export class NewsletterData {
  constructor(private readonly databaseFile: string) {}

  /** A link of the newest mail to `email` whose path is `path` (the confirmation or the unsubscribe link). */
  link(email: string, path: string): string {
    const mail = liveRow<{ body: string }>(
      this.databaseFile,
      'select body from outbox where recipient = ? order by id desc limit 1',
      email,
    );
    const link = mail?.body.match(new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?\\S+`))?.[0];
    if (!link) throw new Error(`the outbox has no ${path} link for ${email}`);
    return link;
  }

  /** The subscriber's status (pending, confirmed, unsubscribed), undefined without a row. */
  status(email: string): string | undefined {
    return liveRow<{ status: string }>(this.databaseFile, 'select status from subscriber where email = ?', email)
      ?.status;
  }
}
