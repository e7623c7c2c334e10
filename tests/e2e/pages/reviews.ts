import { randomBytes } from 'node:crypto';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { hashToken } from '../../../app/features/accounts/session.server';
import type { SiteServer } from '../support/server';
import { waitForHydration } from './site';

/**
 * The reviews widget below a post (spec 000 §2-§5, calls 9-12) and the gallery's simple review
 * widget (calls 14, 15), located by role and name as a visitor finds them.
 */

/** A guest's name and e-mail for the forms. */
export interface Guest {
  name: string;
  mail: string;
}

/** What a review form is filled with. */
export interface ReviewInput {
  title: string;
  content: string;
  /** stars per rating field, in the type's order */
  stars: number[];
  guest?: Guest;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Resolves once the page is hydrated and the reviews widget too: its code is a chunk loaded after the
 * page's own; until it has run React keeps the server's HTML, whose buttons do nothing. The live
 * widget says so with `data-hydrated`.
 */
export async function waitForReviews(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForFunction(() => {
    const el = document.querySelector('.jet-reviews-advanced, .jet-reviews-simple');
    return el?.hasAttribute('data-hydrated') === true;
  });
}

/** The full reviews widget of a post. */
export class ReviewsWidget {
  /** The widget: a region named by its heading, "Ulasan (n)". */
  readonly root: Locator;
  readonly heading: Locator;
  /** "Tulis ulasan": opens the new-review form. */
  readonly writeButton: Locator;
  readonly form: Locator;
  /** The message where the form was (sent, already reviewed, to be moderated …). */
  readonly formMessage: Locator;
  /** The average as "4,2/5". */
  readonly average: Locator;
  /** The reviews of the page shown, in order. */
  readonly reviews: Locator;
  readonly pager: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: /^Ulasan \(\d+\)$/ });
    this.heading = this.root.getByRole('heading', { level: 2 });
    this.writeButton = this.root.getByRole('button', { name: 'Tulis ulasan', exact: true });
    this.form = this.root.locator('form.jet-reviews-advanced__form');
    this.formMessage = this.root.locator('.jet-reviews-advanced__new-review .jet-reviews-message');
    this.average = this.root.locator('.jet-reviews-advanced__summary .jet-reviews-points-field__value');
    this.reviews = this.root.locator('.jet-reviews-advanced__reviews > li');
    this.pager = this.root.getByRole('navigation', { name: 'Halaman ulasan' });
  }

  /** The number in the heading. */
  async total(): Promise<number> {
    const text = (await this.heading.textContent()) ?? '';
    return Number(/\((\d+)\)/.exec(text)?.[1] ?? Number.NaN);
  }

  /** A review by its title. */
  review(title: string): Locator {
    return this.reviews.filter({ has: this.page.getByRole('heading', { level: 3, name: title, exact: true }) });
  }

  /** The reviews' titles in the order shown. */
  titles(): Promise<string[]> {
    return this.reviews.locator('.jet-reviews-advanced__review-title').allTextContents();
  }

  /** A text field of the new-review form by its label. */
  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The star of a rating field ("3 dari 5" in the group named by the field). */
  star(fieldLabel: string, stars: number, max = 5): Locator {
    return this.form
      .getByRole('group', { name: fieldLabel, exact: true })
      .getByRole('radio', { name: `${stars} dari ${max}` });
  }

  /** Opens the form, fills it with the mouse and sends it. */
  async writeReview(input: ReviewInput, fieldLabels: string[]): Promise<void> {
    await this.writeButton.click();
    await this.field('Judul ulasan').fill(input.title);
    await this.field('Ulasan').fill(input.content);
    for (const [i, label] of fieldLabels.entries()) await this.star(label, input.stars[i] ?? 5).check({ force: true });
    if (input.guest) {
      await this.field('Nama').fill(input.guest.name);
      await this.field('E-mail').fill(input.guest.mail);
    }
    await this.form.getByRole('button', { name: 'Kirim ulasan' }).click();
  }
}

/** A comment's own text, relative to its `li` (not its replies' texts). */
const OWN_TEXT = 'xpath=./article/p[contains(@class, "jet-reviews-comment-item__content")]';

/** One review of the list. */
export class ReviewCard {
  readonly title: Locator;
  readonly like: Locator;
  readonly dislike: Locator;
  readonly writeComment: Locator;
  readonly commentsToggle: Locator;
  readonly commentsRegion: Locator;
  readonly details: Locator;

  constructor(readonly root: Locator) {
    this.title = root.locator('.jet-reviews-advanced__review-title');
    this.like = root.getByRole('button', { name: /^Suka \d+$/ });
    this.dislike = root.getByRole('button', { name: /^Tidak suka \d+$/ });
    this.writeComment = root.getByRole('button', { name: 'Tulis komentar', exact: true });
    this.commentsToggle = root.getByRole('button', { name: /^(Tampilkan|Sembunyikan) komentar \(\d+\)$/ });
    this.commentsRegion = root.locator('.jet-reviews-advanced__review-comments');
    this.details = root.locator('.jet-reviews-advanced__review-details');
  }

  /** The count on a like or dislike button. */
  static async count(button: Locator): Promise<number> {
    return Number(await button.locator('.jet-reviews-approval-button__count').textContent());
  }

  /** A comment or reply (at any depth) by its text. */
  comment(text: string): Locator {
    return this.root.locator('li.jet-reviews-comment-item').filter({
      has: this.root.page().locator(OWN_TEXT, { hasText: new RegExp(`^${escapeRegExp(text)}$`) }),
    });
  }

  /** The texts of a comment list's own items (not their replies), in order. */
  static async commentTexts(list: Locator): Promise<string[]> {
    return list.locator(`xpath=./li/${OWN_TEXT.slice('xpath=./'.length)}`).allTextContents();
  }

  /** Fills and sends an open comment or reply form inside `scope`. */
  static async sendComment(scope: Locator, label: string | RegExp, text: string, guest?: Guest): Promise<void> {
    const form = scope.locator('form.jet-reviews-comment-form').first();
    await form.getByLabel(label).fill(text);
    if (guest) {
      await form.getByLabel('Nama', { exact: true }).fill(guest.name);
      await form.getByLabel('E-mail', { exact: true }).fill(guest.mail);
    }
    await form.getByRole('button', { name: /^Kirim (komentar|balasan)$/ }).click();
    await expect(form).toBeHidden();
  }
}

/** The gallery's simple review widget. */
export class SimpleReviewWidget {
  readonly root: Locator;
  readonly signIn: Locator;
  readonly form: Locator;
  readonly own: Locator;
  readonly removeOwn: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: /^Ulasan \(\d+\)$/ });
    this.signIn = this.root.getByRole('link', { name: 'Masuk untuk menulis ulasan' });
    this.form = this.root.locator('form.jet-reviews-simple__form');
    this.own = this.root.locator('.jet-reviews-simple__own');
    this.removeOwn = this.root.getByRole('button', { name: 'Hapus ulasan saya' });
  }
}

/**
 * Signs a browser context in as a user: a session row in the server's database (only the token's
 * hash is stored, as the app does) and the `session` cookie. The /masuk/ form has its own spec.
 */
export async function signInAs(context: BrowserContext, site: SiteServer, userId: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const db = new SQLite(site.databaseFile, { timeout: 10_000 });
  try {
    db.prepare('insert into session (id, user_id, created_at, expires_at) values (?, ?, ?, ?)').run(
      hashToken(token),
      userId,
      new Date(now).toISOString(),
      new Date(now + 86_400_000).toISOString(),
    );
  } finally {
    db.close();
  }
  await context.addCookies([{ name: 'session', value: token, url: site.url }]);
}

/** Approved reviews added straight to the server's database (a factory for paging tests). */
export function addReviews(
  site: SiteServer,
  postId: number,
  reviews: Array<{ title: string; stars: number[]; fields: string[]; pinned?: boolean; createdAt: string }>,
): void {
  const db = new SQLite(site.databaseFile, { timeout: 10_000 });
  try {
    const insert = db.prepare(
      `insert into review (source, post_id, author_key, user_id, author_name, author_mail, title, content,
         rating_data, rating, approved, pinned, created_at)
       values ('post', ?, ?, null, ?, '', ?, ?, ?, ?, 1, ?, ?)`,
    );
    // The list answers its total and average from review_summary, which the server keeps with every write.
    const summarize = db.prepare(
      `insert into review_summary (post_id, approved_count, rating_sum) values (?, 1, ?)
       on conflict (post_id) do update set approved_count = approved_count + 1, rating_sum = rating_sum + excluded.rating_sum`,
    );
    db.transaction(() => {
      for (const [i, r] of reviews.entries()) {
        const data = r.fields.map((label, f) => ({
          field_label: label,
          field_value: r.stars[f] ?? 5,
          field_step: 1,
          field_max: 5,
        }));
        const rating = Math.round(data.reduce((s, f) => s + (100 * f.field_value) / 5, 0) / data.length);
        insert.run(
          postId,
          `guest_factory${i}x${postId}`,
          `Penulis ${i + 1}`,
          r.title,
          `Isi ${r.title}`,
          JSON.stringify(data),
          rating,
          r.pinned ? 1 : 0,
          r.createdAt,
        );
        summarize.run(postId, rating);
      }
    })();
  } finally {
    db.close();
  }
}

/** Approved comments (threads, no replies) added straight to a review, oldest first in the order given. */
export function addComments(site: SiteServer, reviewId: number, postId: number, contents: string[]): void {
  const db = new SQLite(site.databaseFile, { timeout: 10_000 });
  try {
    const insert = db.prepare(
      `insert into review_comment (review_id, parent_id, post_id, author_key, user_id, author_name, author_mail,
         content, created_at)
       values (?, null, ?, 'guest_factorycomments', null, 'Tamu', 'tamu@example.com', ?, ?)`,
    );
    db.transaction(() => {
      for (const content of contents) insert.run(reviewId, postId, content, new Date().toISOString());
    })();
  } finally {
    db.close();
  }
}

/** A signed-in user's own approved review of a post (the simple widget's), added straight to the database. */
export function addOwnReview(site: SiteServer, postId: number, userId: number, title: string): void {
  const db = new SQLite(site.databaseFile, { timeout: 10_000 });
  try {
    const data = [{ field_label: 'Rating', field_value: 4, field_step: 1, field_max: 5 }];
    db.transaction(() => {
      db.prepare(
        `insert into review (source, post_id, author_key, user_id, author_name, author_mail, title, content,
           rating_data, rating, approved, pinned, created_at)
         values ('post', ?, ?, ?, 'Pengguna', '', ?, ?, ?, 80, 1, 0, ?)`,
      ).run(postId, `user:${userId}`, userId, title, `Isi ${title}`, JSON.stringify(data), new Date().toISOString());
      db.prepare(
        `insert into review_summary (post_id, approved_count, rating_sum) values (?, 1, 80)
         on conflict (post_id) do update set approved_count = approved_count + 1, rating_sum = rating_sum + 80`,
      ).run(postId);
    })();
  } finally {
    db.close();
  }
}

/** Whether a review with this title is stored. */
export function reviewStored(site: SiteServer, title: string): boolean {
  const db = new SQLite(site.databaseFile, { readonly: true });
  try {
    return db.prepare('select 1 from review where title = ?').get(title) !== undefined;
  } finally {
    db.close();
  }
}

/** The score the widget shows for an average percent ("4,2/5"). */
export function scoreText(percent: number): string {
  return `${String(Math.round(percent / 2) / 10).replace('.', ',')}/5`;
}
