import SQLite from 'better-sqlite3';
import { expect, test } from './fixtures';
import { ReviewCard, ReviewsWidget, scoreText, waitForReviews } from './pages/reviews';
import { auditPage } from './support/axe';
import { activity, GUEST, unique } from './support/review-posts';
import type { SiteServer } from './support/server';
import { SiteData } from './support/site-data';

// Issue 4 "Tests" (reviews): a guest's review with a rating per field, already reviewed, visitor HTML
// shown as text, the form from the keyboard, its field errors, and the captcha.

const XSS = '<img src=x onerror="window.__xss=1">';

/** The activity every review-writing test uses (a review changes the activity's rating meta: one activity only). */
const WRITTEN = 0;

/** Turns the reviews' captcha (site option `reviews_captcha`) on or off in the server's database. */
function setCaptcha(site: SiteServer, on: boolean) {
  const db = new SQLite(site.databaseFile, { timeout: 10_000 });
  try {
    db.prepare(
      `insert into site_option (name, value) values ('reviews_captcha', ?) on conflict (name) do update set value = excluded.value`,
    ).run(JSON.stringify(on));
  } finally {
    db.close();
  }
}

/** The score the widget shows for a post now. */
function shownScore(live: SiteData, postId: number): string {
  return scoreText(Math.round(live.reviewSummary(postId).average * 100) / 100);
}

test('a guest rates each field of an activity: the review comes first, the count and the average follow; the next visit says already reviewed', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, WRITTEN);
  const { fields, allowGuests } = siteData.reviewSource('ekskul');
  expect(fields.length).toBeGreaterThanOrEqual(2);
  expect(allowGuests).toBe(true);
  const live = new SiteData(site.databaseFile);
  const before = live.reviewSummary(post.id);
  const widget = new ReviewsWidget(page);

  await page.goto(post.path);
  await waitForReviews(page);
  await expect(widget.heading).toHaveText(`Ulasan (${before.total})`);
  await expect(widget.average).toHaveText(shownScore(live, post.id));

  const title = `Jadwalnya sering berubah ${unique()}`;
  // Low stars, different per field, so the average must move down.
  const stars = fields.map((_, i) => (i % 2 === 0 ? 1 : 2));
  await widget.writeReview(
    { title, content: 'Latihan sering mundur.\nSemoga lebih rapi.', stars, guest: GUEST },
    fields,
  );

  await expect(widget.reviews.first().locator('.jet-reviews-advanced__review-title')).toHaveText(title);
  const after = live.reviewSummary(post.id);
  expect(after.total).toBe(before.total + 1);
  expect(after.average).toBeLessThan(before.average);
  await expect(widget.heading).toHaveText(`Ulasan (${after.total})`);
  await expect(widget.average).toHaveText(shownScore(live, post.id));
  await expect(widget.form).toHaveCount(0);
  await expect(widget.writeButton).toHaveCount(0);

  // More than one field: the details show each one.
  const card = new ReviewCard(widget.reviews.first());
  await expect(card.details).toBeHidden();
  await card.root.getByRole('button', { name: 'Rincian nilai' }).click();
  await expect(card.details).toBeVisible();
  for (const [i, label] of fields.entries()) {
    await expect(card.details.locator('.jet-reviews-points-field').nth(i)).toHaveText(`${label}${stars[i]}/5`);
  }

  // The guest is remembered: the form is replaced by the label, and the server kept the review.
  await page.reload();
  await waitForReviews(page);
  await expect(widget.formMessage).toHaveText('*Already reviewed');
  await expect(widget.writeButton).toHaveCount(0);
  await expect(widget.review(title)).toHaveCount(1);
});

test('HTML and scripts in a title, a text, a name and a comment show as text and never run', async ({
  page,
  siteData,
}) => {
  const post = activity(siteData, WRITTEN);
  const { fields } = siteData.reviewSource('ekskul');
  const widget = new ReviewsWidget(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(post.path);
  await waitForReviews(page);
  const title = `${XSS} ${unique()}`;
  await widget.writeReview(
    {
      title,
      content: `${XSS}<script>window.__xss=2</script>`,
      stars: fields.map(() => 4),
      guest: { ...GUEST, name: XSS },
    },
    fields,
  );
  const card = new ReviewCard(widget.review(title));
  await expect(card.root).toHaveCount(1);
  await card.writeComment.click();
  await ReviewCard.sendComment(card.root, 'Komentar', XSS);

  const check = async () => {
    await expect(card.root.locator('.jet-reviews-user-data__name').first()).toHaveText(XSS);
    await expect(card.root.locator('.jet-reviews-advanced__review-content')).toHaveText(
      `${XSS}<script>window.__xss=2</script>`,
    );
    await expect(card.comment(XSS)).toHaveCount(1);
    await expect(widget.root.locator('img, script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  };
  await check();
  // The server's render escapes them too.
  await page.reload();
  await waitForReviews(page);
  await card.commentsToggle.click();
  await check();
  expect(dialogs).toEqual([]);
});

test('the review form is opened, filled, rated and sent with the keyboard alone', async ({ page, siteData }) => {
  const post = activity(siteData, WRITTEN);
  const { fields } = siteData.reviewSource('ekskul');
  const widget = new ReviewsWidget(page);
  await page.goto(post.path);
  await waitForReviews(page);

  // Tab from the top of the page to the button.
  const isOpenButton = () => page.evaluate(() => document.activeElement?.textContent === 'Tulis ulasan');
  for (let i = 0; i < 300 && !(await isOpenButton()); i++) await page.keyboard.press('Tab');
  await expect(widget.writeButton).toBeFocused();
  await page.keyboard.press('Enter');

  const title = `Ketik saja ${unique()}`;
  await expect(widget.field('Judul ulasan')).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await expect(widget.field('Ulasan')).toBeFocused();
  await page.keyboard.type('Semua dengan papan ketik.');
  // Each field is a radio group: Tab enters it on the chosen star (5), the arrows move the choice.
  const expected: number[] = [];
  for (const [i, label] of fields.entries()) {
    await page.keyboard.press('Tab');
    await expect(widget.star(label, 5)).toBeFocused();
    for (let k = 0; k < i + 1; k++) await page.keyboard.press('ArrowLeft');
    expected.push(5 - (i + 1));
    await expect(widget.star(label, 5 - (i + 1))).toBeChecked();
  }
  await page.keyboard.press('Tab');
  await expect(widget.field('Nama')).toBeFocused();
  await page.keyboard.type(GUEST.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(GUEST.mail);
  await page.keyboard.press('Tab');
  await expect(widget.form.getByRole('button', { name: 'Batal' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(widget.form.getByRole('button', { name: 'Kirim ulasan' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(widget.reviews.first().locator('.jet-reviews-advanced__review-title')).toHaveText(title);
  // The focus is not lost: it lands on the message that replaced the form.
  await expect(widget.formMessage).toBeFocused();
  const card = new ReviewCard(widget.reviews.first());
  await card.root.getByRole('button', { name: 'Rincian nilai' }).press('Enter');
  for (const [i, label] of fields.entries()) {
    await expect(card.details.locator('.jet-reviews-points-field').nth(i)).toHaveText(`${label}${expected[i]}/5`);
  }
});

test('a touched field left empty or wrong says so, and the send button waits for a valid form', async ({
  page,
  siteData,
}) => {
  const widget = new ReviewsWidget(page);
  await page.goto(activity(siteData, 1).path);
  await waitForReviews(page);
  await widget.writeButton.click();
  const send = widget.form.getByRole('button', { name: 'Kirim ulasan' });
  await widget.field('Judul ulasan').fill('Judul');
  await widget.field('Ulasan').fill('Isi');
  await widget.field('Nama').fill('Tamu');
  await widget.field('E-mail').fill('bukan-email');
  await widget.field('Nama').focus();
  await expect(widget.field('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.field('E-mail')).toHaveAccessibleDescription('*This field is required or not valid');
  await expect(send).toHaveCount(0);
  await widget.field('E-mail').fill('tamu@sekolah.sch.id');
  await expect(send).toBeVisible();
  await expect(widget.field('E-mail')).not.toHaveAttribute('aria-invalid', 'true');
  await widget.form.getByRole('button', { name: 'Batal' }).click();
  await expect(widget.form).toHaveCount(0);
  await expect(widget.writeButton).toBeFocused();
});

test('with the captcha on, the form solves an ALTCHA challenge for its action and sends the token', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, WRITTEN);
  const widget = new ReviewsWidget(page);
  const challenges: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/captcha-challenge')) challenges.push(new URL(r.url()).searchParams.get('action') ?? '');
  });
  // The site option is read on every call; it is turned off again whatever happens.
  setCaptcha(site, true);
  try {
    await page.goto(post.path);
    await waitForReviews(page);
    await widget.writeButton.click();
    await expect(widget.form.locator('altcha-widget')).toBeAttached();
    // The widget's own markup passes axe too.
    await expect(widget.form.locator('altcha-widget input[type="checkbox"]')).toBeVisible();
    expect(await auditPage(page)).toEqual([]);
    const title = `Dengan captcha ${unique()}`;
    const sent = page.waitForRequest((r) => r.url().endsWith('/submit-review'));
    await widget.field('Judul ulasan').fill(title);
    await widget.field('Ulasan').fill('Dikirim setelah captcha terpecahkan.');
    await widget.field('Nama').fill(GUEST.name);
    await widget.field('E-mail').fill(GUEST.mail);
    await widget.form.getByRole('button', { name: 'Kirim ulasan' }).click();
    const body = (await sent).postDataJSON() as { captcha_token?: string };
    expect(body.captcha_token?.length ?? 0).toBeGreaterThan(20);
    await expect(widget.reviews.first().locator('.jet-reviews-advanced__review-title')).toHaveText(title);
    expect(challenges).toContain('submit_review');
  } finally {
    setCaptcha(site, false);
  }
});
