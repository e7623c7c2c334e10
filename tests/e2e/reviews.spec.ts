import SQLite from 'better-sqlite3';
import { expect, test } from './fixtures';
import {
  addComments,
  addOwnReview,
  addReviews,
  type Guest,
  ReviewCard,
  ReviewsWidget,
  reviewStored,
  SimpleReviewWidget,
  scoreText,
  signInAs,
  waitForReviews,
} from './pages/reviews';
import { SiteHeader, waitForHydration } from './pages/site';
import { auditPage } from './support/axe';
import type { SiteServer } from './support/server';
import { SiteData } from './support/site-data';
import { ALL_SCRIPTS, holdRequests } from './support/slow-phone';

// Issue 4 "Tests" (reviews): a guest's review with a rating per field, already reviewed, replies two
// levels deep, likes, visitor HTML shown as text, moderation by an editor, the keyboard, a phone, the
// pages of the list and the gallery's simple widget. The tests of one worker share its database: each
// test works on its own post (or only adds), and reads what it expects from the live database.

const XSS = '<img src=x onerror="window.__xss=1">';
const GUEST: Guest = { name: 'Tamu Uji', mail: 'tamu.uji@example.com' };

/** A suffix that keeps this run's titles apart. */
const unique = () => Math.random().toString(36).slice(2, 8);

/** An extracurricular activity (newest first) and its address. */
function activity(siteData: SiteData, index: number) {
  const item = siteData.listedItems('ekskul')[index];
  if (!item) throw new Error(`the demo school has no activity number ${index + 1}`);
  return { id: item.id, path: `/ekskul/${item.slug}/` };
}

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

test('each bar’s colour follows its percent and never shows under 10%; staff replies carry their badge', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, 9);
  const { fields } = siteData.reviewSource('ekskul');
  // One-star reviews on top: 20%, the lowest a review can give, next to the seeded high ones.
  addReviews(site, post.id, [
    { title: `Kurang ${unique()}`, stars: fields.map(() => 1), fields, createdAt: '2099-02-01T00:00:00.000Z' },
  ]);
  const widget = new ReviewsWidget(page);
  await page.goto(post.path);
  await waitForReviews(page);

  const bars = widget.root.locator('.jet-reviews-points-field');
  const seen = new Set<string>();
  for (const bar of await bars.all()) {
    const shown = (await bar.locator('.jet-reviews-points-field__value').textContent()) ?? '';
    const [value, max] = shown.replace(',', '.').split('/').map(Number);
    const percent = (100 * (value as number)) / (max as number);
    const expected =
      percent >= 80
        ? 'very-high'
        : percent >= 60
          ? 'high'
          : percent >= 40
            ? 'medium'
            : percent >= 22
              ? 'low'
              : 'very-low';
    await expect(bar).toHaveAttribute('data-rating', expected);
    const width = await bar
      .locator('.jet-reviews-points-field__fill')
      .evaluate((el) => (el as HTMLElement).style.width);
    expect(Number.parseFloat(width)).toBeGreaterThanOrEqual(10);
    seen.add(expected);
  }
  expect(seen).toContain('very-low');
  expect(seen).toContain('very-high');

  // The seed answers a comment on each activity from the school's staff: open that review's comments.
  const db = new SQLite(site.databaseFile, { readonly: true });
  const order = db
    .prepare('select id from review where post_id = ? and approved = 1 order by pinned desc, created_at desc, id desc')
    .all(post.id) as Array<{ id: number }>;
  const { review_id: answered } = db
    .prepare('select review_id from review_comment where post_id = ? and user_id is not null')
    .get(post.id) as { review_id: number };
  db.close();
  const page1Based = Math.floor(order.findIndex((r) => r.id === answered) / 10) + 1;
  if (page1Based > 1) {
    await page.goto(`${post.path}?ulasan=${page1Based}#ulasan`);
    await waitForReviews(page);
  }
  const card = new ReviewCard(widget.root.locator(`li[data-review-id="${answered}"]`));
  await card.commentsToggle.click();
  const badge = card.commentsRegion.locator('[data-verification="staff"]');
  await expect(badge).toHaveText('Staf sekolah');
  await expect(badge).toHaveAttribute('title', 'Ditulis oleh staf sekolah');
});

test('a reply to a comment hangs under it, and a reply to that reply under the same comment, on top', async ({
  page,
  siteData,
}) => {
  const post = activity(siteData, 1);
  const widget = new ReviewsWidget(page);
  await page.goto(post.path);
  await waitForReviews(page);
  const card = new ReviewCard(widget.reviews.first());
  const tag = unique();
  const [comment, reply, replyToReply] = [`Setuju ${tag}`, `Terima kasih ${tag}`, `Sama-sama ${tag}`];

  await card.writeComment.click();
  await ReviewCard.sendComment(card.root, 'Komentar', comment, GUEST);
  // spec 000 §4: the new comment is on top and the list is open.
  await expect(card.commentsToggle).toHaveAttribute('aria-expanded', 'true');
  const topLevel = card.commentsRegion.locator('ol.jet-reviews-comments[data-depth="0"]');
  await expect.poll(async () => (await ReviewCard.commentTexts(topLevel))[0]).toBe(comment);

  const first = card.comment(comment);
  await first.getByRole('button', { name: 'Balas', exact: true }).click();
  // The guest's name and e-mail are remembered from the comment: only the text is typed.
  await ReviewCard.sendComment(first, /^Balasan untuk/, reply);
  const replies = first.locator('xpath=./ol');
  await expect.poll(() => ReviewCard.commentTexts(replies)).toEqual([reply]);

  const second = card.comment(reply);
  await second.getByRole('button', { name: 'Balas', exact: true }).click();
  await ReviewCard.sendComment(second, /^Balasan untuk/, replyToReply);
  await expect.poll(() => ReviewCard.commentTexts(replies)).toEqual([replyToReply, reply]);
  await expect(second.locator('xpath=./ol')).toHaveCount(0);

  // The server stored the same tree.
  await page.reload();
  await waitForReviews(page);
  const again = new ReviewCard(widget.reviews.first());
  await again.commentsToggle.click();
  await expect(again.comment(comment)).toBeVisible();
  expect(await ReviewCard.commentTexts(again.comment(comment).locator('xpath=./ol'))).toEqual([replyToReply, reply]);
});

test('like, dislike and taking the vote back update the counts; a guest’s vote is remembered', async ({
  page,
  siteData,
}) => {
  const post = activity(siteData, 2);
  const widget = new ReviewsWidget(page);
  await page.goto(post.path);
  await waitForReviews(page);
  const card = new ReviewCard(widget.reviews.first());
  const likes = await ReviewCard.count(card.like);
  const dislikes = await ReviewCard.count(card.dislike);
  await expect(card.like).toHaveAttribute('aria-pressed', 'false');

  await card.like.click();
  await expect(card.like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.like).toHaveAccessibleName(`Suka ${likes + 1}`);

  // A dislike moves the vote.
  await card.dislike.click();
  await expect(card.dislike).toHaveAttribute('aria-pressed', 'true');
  await expect(card.like).toHaveAttribute('aria-pressed', 'false');
  await expect(card.like).toHaveAccessibleName(`Suka ${likes}`);
  await expect(card.dislike).toHaveAccessibleName(`Tidak suka ${dislikes + 1}`);

  await page.reload();
  await waitForReviews(page);
  await expect(card.dislike).toHaveAttribute('aria-pressed', 'true');
  await expect(card.dislike).toHaveAccessibleName(`Tidak suka ${dislikes + 1}`);

  // The same kind again takes the vote back.
  await card.dislike.click();
  await expect(card.dislike).toHaveAttribute('aria-pressed', 'false');
  await expect(card.dislike).toHaveAccessibleName(`Tidak suka ${dislikes}`);
  await expect(card.like).toHaveAccessibleName(`Suka ${likes}`);
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

test('on news posts a review waits for a moderator; an editor approves it and everyone sees it', async ({
  page,
  browser,
  site,
  siteData,
}) => {
  const source = siteData.reviewSource('post');
  expect(source.needsModeration).toBe(true);
  const news = siteData.newestPost();
  const path = `/${news.slug}/`;
  const widget = new ReviewsWidget(page);
  await page.goto(path);
  await waitForReviews(page);
  const total = await widget.total();
  const title = `Beritanya bagus ${unique()}`;
  await widget.writeReview(
    { title, content: 'Terima kasih atas liputannya.', stars: [4], guest: GUEST },
    source.fields,
  );
  await expect(widget.formMessage).toHaveText('*Your review must be approved by the moderator');
  await expect(widget.review(title)).toHaveCount(0);
  await expect(widget.heading).toHaveText(`Ulasan (${total})`);

  const editor = siteData.userWithRole('editor');
  const context = await browser.newContext({ baseURL: site.url });
  try {
    await signInAs(context, site, editor.id);
    const staff = await context.newPage();
    await staff.goto(path);
    await waitForReviews(staff);
    const pending = new ReviewsWidget(staff).review(title);
    await expect(pending).toContainText('Menunggu persetujuan');
    await pending.getByRole('button', { name: 'Setujui', exact: true }).click();
    await expect(pending.getByRole('button', { name: 'Batalkan persetujuan', exact: true })).toBeVisible();
    await expect(pending).not.toContainText('Menunggu persetujuan');
    // The editor's page (moderation controls) passes axe too.
    expect(await auditPage(staff)).toEqual([]);
  } finally {
    await context.close();
  }

  await page.reload();
  await waitForReviews(page);
  await expect(widget.review(title)).toHaveCount(1);
  await expect(widget.heading).toHaveText(`Ulasan (${total + 1})`);
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

test('the list pages forward, back and by five, pinned reviews first, and scrolls back to the widget', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, 3);
  const { fields } = siteData.reviewSource('ekskul');
  const tag = unique();
  addReviews(
    site,
    post.id,
    Array.from({ length: 15 }, (_, i) => ({
      title: `Ulasan ${tag} ${i + 1}`,
      stars: fields.map(() => 1 + (i % 5)),
      fields,
      // The oldest one is pinned: it still comes first.
      pinned: i === 0,
      createdAt: `2099-01-01T00:00:${String(10 + i).padStart(2, '0')}.000Z`,
    })),
  );
  const live = new SiteData(site.databaseFile);
  const titles = live.reviewTitles(post.id);
  const pages = Math.ceil(titles.length / 10);
  expect(pages).toBeGreaterThanOrEqual(3);
  const widget = new ReviewsWidget(page);
  const header = new SiteHeader(page);

  await page.goto(post.path);
  await waitForReviews(page);
  expect(await widget.titles()).toEqual(titles.slice(0, 10));
  await expect(widget.reviews.first()).toContainText('Disematkan');
  await expect(widget.reviews.first()).toHaveAttribute('data-pinned', 'true');
  await expect(widget.pager.getByRole('link', { name: 'Halaman 1' })).toHaveAttribute('aria-current', 'page');

  const button = (name: string) => widget.pager.getByRole('link', { name, exact: true });
  // Each new page scrolls back to the widget's top, just below the sticky header (a visitor clicks the
  // pager again once the page has stopped moving).
  const scrolledBack = () =>
    expect
      .poll(async () => Math.abs((await widget.root.boundingBox())!.y - (await header.bottom())))
      .toBeLessThanOrEqual(2);
  await button('Berikutnya').click();
  await expect.poll(() => widget.titles()).toEqual(titles.slice(10, 20));
  await expect(button('Halaman 2')).toHaveAttribute('aria-current', 'page');
  await scrolledBack();

  await button('Maju 5 halaman').click();
  await expect(button(`Halaman ${pages}`)).toHaveAttribute('aria-current', 'page');
  expect(await widget.titles()).toEqual(titles.slice((pages - 1) * 10, pages * 10));
  await expect(button('Berikutnya')).toHaveAttribute('aria-disabled', 'true');
  await scrolledBack();

  await button('Sebelumnya').click();
  await expect(button(`Halaman ${pages - 1}`)).toHaveAttribute('aria-current', 'page');
  await scrolledBack();
  await button('Mundur 5 halaman').click();
  await expect(button('Halaman 1')).toHaveAttribute('aria-current', 'page');
  expect(await widget.titles()).toEqual(titles.slice(0, 10));
});

test('a page from the page cache fetches its first page of reviews again after it loads', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, 4);
  const { fields } = siteData.reviewSource('ekskul');
  // The HTML as the page cache keeps it; then a review is written.
  const cached = await (await page.request.get(post.path)).text();
  const title = `Ditulis setelahnya ${unique()}`;
  addReviews(site, post.id, [{ title, stars: fields.map(() => 5), fields, createdAt: '2099-06-01T00:00:00.000Z' }]);
  const live = new SiteData(site.databaseFile);
  const widget = new ReviewsWidget(page);

  // A minute later the cache still answers with the old page.
  await page.clock.setFixedTime(Date.now() + 60_000);
  await page.route(`**${post.path}`, (route) => route.fulfill({ contentType: 'text/html', body: cached }));
  await page.goto(post.path);
  expect(cached).not.toContain(title);
  await waitForReviews(page);
  await expect(widget.review(title)).toHaveCount(1);
  expect(await widget.titles()).toEqual(live.reviewTitles(post.id).slice(0, 10));
  await expect(widget.heading).toHaveText(`Ulasan (${live.reviewSummary(post.id).total})`);
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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the widget with its form, details and comments fits the screen', async ({ page, siteData }) => {
    const widget = new ReviewsWidget(page);
    await page.goto(activity(siteData, 1).path);
    await waitForReviews(page);
    await widget.writeButton.click();
    const card = new ReviewCard(widget.reviews.first());
    await card.root.getByRole('button', { name: 'Rincian nilai' }).click();
    if ((await card.commentsToggle.count()) > 0) await card.commentsToggle.click();
    await card.writeComment.click();
    await expect(widget.form).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await widget.root.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });
});

test('the gallery’s simple widget: a visitor is sent to sign in; a user writes a review and removes it', async ({
  page,
  site,
  siteData,
}) => {
  const item = siteData.listedItems('galeri')[0];
  if (!item) throw new Error('the demo school has no gallery item');
  expect(siteData.reviewSource('galeri').widget).toBe('simple');
  const path = `/galeri/${item.slug}/`;
  const simple = new SimpleReviewWidget(page);

  await page.goto(path);
  await waitForReviews(page);
  await expect(simple.signIn).toHaveAttribute('href', `/masuk/?redirect_to=${encodeURIComponent(path)}`);
  await expect(simple.form).toHaveCount(0);

  const parent = siteData.userWithRole('subscriber');
  await signInAs(page.context(), site, parent.id);
  await page.reload();
  await waitForReviews(page);
  const title = `Dokumentasinya rapi ${unique()}`;
  await simple.form.getByLabel('Judul ulasan', { exact: true }).fill(title);
  await simple.form.getByLabel('Ulasan', { exact: true }).fill('Fotonya jelas dan lengkap.');
  await simple.form.getByRole('radio', { name: '4 dari 5' }).check({ force: true });
  await simple.form.getByRole('button', { name: 'Kirim ulasan' }).click();
  // The page reloads with the user's own review; its remove button works once the widget's script runs.
  await expect(simple.own).toContainText(title);
  await waitForReviews(page);
  await expect(simple.own).toContainText('4/5');
  await expect(simple.form).toHaveCount(0);

  page.once('dialog', (d) => void d.accept());
  await simple.removeOwn.click();
  await expect(simple.form).toBeVisible();
  await expect(simple.own).toHaveCount(0);
});

test('a review with more than 50 comment threads shows the newest 50, and "Muat komentar lainnya" the rest, from the keyboard', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, 8);
  const { fields } = siteData.reviewSource('ekskul');
  const tag = unique();
  const title = `Banyak komentar ${tag}`;
  // Dated ahead of every other review: it is first on the first page.
  addReviews(site, post.id, [{ title, stars: fields.map(() => 5), fields, createdAt: '2099-03-01T00:00:00.000Z' }]);
  const db = new SQLite(site.databaseFile, { readonly: true });
  const { id: reviewId } = db.prepare('select id from review where title = ?').get(title) as { id: number };
  db.close();
  const texts = Array.from({ length: 53 }, (_, i) => `Komentar ${tag} ${i + 1}`);
  addComments(site, reviewId, post.id, texts);
  const newestFirst = [...texts].reverse();

  await page.goto(post.path);
  await waitForReviews(page);
  const widget = new ReviewsWidget(page);
  const card = new ReviewCard(widget.root.locator(`li[data-review-id="${reviewId}"]`));
  const threads = card.commentsRegion.locator('ol.jet-reviews-comments[data-depth="0"]');
  await card.commentsToggle.focus();
  await page.keyboard.press('Enter');
  await expect(card.commentsToggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => ReviewCard.commentTexts(threads)).toEqual(newestFirst.slice(0, 50));

  const more = card.commentsRegion.getByRole('button', { name: 'Muat komentar lainnya (3)' });
  await expect(more).toBeVisible();
  await more.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => ReviewCard.commentTexts(threads)).toEqual(newestFirst);
  await expect(more).toHaveCount(0);
  // The button has gone: the focus is on the first comment it loaded.
  await expect(card.comment(newestFirst[50] as string)).toBeFocused();
});

test('a tap on "Hapus ulasan saya" while the page’s script is still loading is kept: the review is removed', async ({
  page,
  site,
  siteData,
}) => {
  const item = siteData.listedItems('galeri')[2];
  if (!item) throw new Error('the demo school has no third gallery item');
  const path = `/galeri/${item.slug}/`;
  const user = siteData.userWithRole('subscriber');
  const title = `Ketuk awal ${unique()}`;
  addOwnReview(site, item.id, user.id, title);
  await signInAs(page.context(), site, user.id);
  const simple = new SimpleReviewWidget(page);

  const release = await holdRequests(page, ALL_SCRIPTS);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(simple.own).toContainText(title);
  await simple.removeOwn.click();
  release();
  await expect(page).toHaveURL(`${path}?ulasan_status=review-removed#ulasan`);
  await waitForHydration(page);
  await expect(simple.root.getByRole('status').filter({ hasText: 'Ulasan Anda telah dihapus.' })).toBeVisible();
  await expect(simple.own).toHaveCount(0);
  expect(reviewStored(site, title)).toBe(false);
});
