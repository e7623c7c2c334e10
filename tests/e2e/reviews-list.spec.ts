import SQLite from 'better-sqlite3';
import { expect, test } from './fixtures';
import { addReviews, ReviewCard, ReviewsWidget, waitForReviews } from './pages/reviews';
import { SiteHeader } from './pages/site';
import { activity, unique } from './support/review-posts';
import { SiteData } from './support/site-data';

// Issue 4 "Tests" (reviews): what the list of reviews shows (the rating bars, the staff badge), its
// pages, a page from the page cache, and the widget on a phone.

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
