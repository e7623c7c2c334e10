import { expect, test } from './fixtures';
import { addOwnReview, addReviews, ReviewsWidget, reviewStored, SimpleReviewWidget, signInAs } from './pages/reviews';
import { activity, unique } from './support/review-posts';
import { SiteData } from './support/site-data';

// DESIGN.md "Progressive enhancement" for the reviews widget: with JavaScript off the pager's links
// render the page of reviews they name (`?ulasan=N`), and the new-review form is a plain POST that the
// page answers with a redirect back to the reviews and a message. The tests of one worker share its
// database: these use activities of their own (reviews-write.spec.ts uses 0, reviews-list.spec.ts 3 and 4).

test.use({ javaScriptEnabled: false });

test('the pager’s links render the page they name; a page past the end shows the last one', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, 6);
  const { fields } = siteData.reviewSource('ekskul');
  const tag = unique();
  addReviews(
    site,
    post.id,
    Array.from({ length: 12 }, (_, i) => ({
      title: `Tanpa skrip ${tag} ${i + 1}`,
      stars: fields.map(() => 1 + (i % 5)),
      fields,
      createdAt: `2099-02-01T00:00:${String(10 + i).padStart(2, '0')}.000Z`,
    })),
  );
  const titles = new SiteData(site.databaseFile).reviewTitles(post.id);
  const pages = Math.ceil(titles.length / 10);
  expect(pages).toBeGreaterThanOrEqual(2);
  const widget = new ReviewsWidget(page);
  const link = (name: string) => widget.pager.getByRole('link', { name, exact: true });

  await page.goto(post.path);
  expect(await widget.titles()).toEqual(titles.slice(0, 10));
  await expect(link('Halaman 1')).toHaveAttribute('aria-current', 'page');
  await expect(link('Sebelumnya')).toHaveAttribute('aria-disabled', 'true');

  await link('Halaman 2').click();
  await expect(page).toHaveURL(`${post.path}?ulasan=2#ulasan`);
  expect(await widget.titles()).toEqual(titles.slice(10, 20));
  await expect(link('Halaman 2')).toHaveAttribute('aria-current', 'page');

  await link('Sebelumnya').click();
  await expect(page).toHaveURL(`${post.path}#ulasan`);
  expect(await widget.titles()).toEqual(titles.slice(0, 10));

  await page.goto(`${post.path}?ulasan=999`);
  expect(await widget.titles()).toEqual(titles.slice((pages - 1) * 10, pages * 10));
  await expect(link(`Halaman ${pages}`)).toHaveAttribute('aria-current', 'page');
  await expect(link('Berikutnya')).toHaveAttribute('aria-disabled', 'true');

  await page.goto(`${post.path}?ulasan=dua`);
  expect(await widget.titles()).toEqual(titles.slice(0, 10));
});

test('a visitor writes a review without JavaScript: thanked, shown on top, as text; a second one is refused', async ({
  page,
  site,
  siteData,
}) => {
  const post = activity(siteData, 7);
  const { fields } = siteData.reviewSource('ekskul');
  const widget = new ReviewsWidget(page);
  const form = widget.root.locator('form.jet-reviews-advanced__form--no-js');
  const status = widget.root.getByRole('status');
  const mail = `tanpa.skrip.${unique()}@example.com`;
  const title = `<script>window.__xss=1</script> Tanpa skrip ${unique()}`;

  async function send(reviewTitle: string) {
    await form.getByLabel('Judul ulasan', { exact: true }).fill(reviewTitle);
    await form.getByLabel('Ulasan', { exact: true }).fill('Latihannya rutin dan menyenangkan.');
    for (const [i, label] of fields.entries()) {
      await form.getByLabel(label, { exact: true }).selectOption(String(5 - i));
    }
    await form.getByLabel('Nama', { exact: true }).fill('Tamu Tanpa Skrip');
    await form.getByLabel('E-mail', { exact: true }).fill(mail);
    await form.getByRole('button', { name: 'Kirim ulasan' }).click();
  }

  await page.goto(post.path);
  // The script's "Tulis ulasan" button would do nothing here: only the plain form is offered.
  await expect(widget.root.getByRole('button', { name: 'Tulis ulasan' })).toBeHidden();
  await expect(form).toBeVisible();
  const before = await widget.total();
  await send(title);
  await expect(page).toHaveURL(`${post.path}?ulasan_status=review-created#ulasan`);
  await expect(status).toHaveText('Terima kasih, ulasan Anda sudah tampil.');
  // On top of the list, below the pinned review.
  const newest = widget.root.locator('.jet-reviews-advanced__reviews > li:not([data-pinned="true"])').first();
  await expect(newest.getByRole('heading', { level: 3 })).toHaveText(title);
  expect(await widget.titles()).toEqual(new SiteData(site.databaseFile).reviewTitles(post.id).slice(0, 10));
  expect(await widget.total()).toBe(before + 1);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  await send(`Sekali lagi ${unique()}`);
  await expect(page).toHaveURL(`${post.path}?ulasan_status=already-created#ulasan`);
  await expect(status).toHaveText('*Already reviewed');
  expect(await widget.total()).toBe(before + 1);
});

test('a user removes their own review in the gallery’s simple widget without JavaScript', async ({
  page,
  site,
  siteData,
}) => {
  const item = siteData.listedItems('galeri')[1];
  if (!item) throw new Error('the demo school has no second gallery item');
  const path = `/galeri/${item.slug}/`;
  const user = siteData.userWithRole('subscriber');
  const title = `Tanpa skrip, hapus ${unique()}`;
  addOwnReview(site, item.id, user.id, title);
  await signInAs(page.context(), site, user.id);
  const simple = new SimpleReviewWidget(page);

  await page.goto(path);
  await expect(simple.own).toContainText(title);
  await simple.removeOwn.click();
  await expect(page).toHaveURL(`${path}?ulasan_status=review-removed#ulasan`);
  await expect(simple.root.getByRole('status').filter({ hasText: 'Ulasan Anda telah dihapus.' })).toBeVisible();
  await expect(simple.own).toHaveCount(0);
  await expect(simple.root).not.toContainText(title);
  expect(reviewStored(site, title)).toBe(false);
});
