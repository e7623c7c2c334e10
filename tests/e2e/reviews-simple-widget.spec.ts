import { expect, test } from './fixtures';
import { addOwnReview, reviewStored, SimpleReviewWidget, signInAs, waitForReviews } from './pages/reviews';
import { waitForHydration } from './pages/site';
import { unique } from './support/review-posts';
import { ALL_SCRIPTS, holdRequests } from './support/slow-phone';

// Issue 4 "Tests" (reviews): the gallery's simple widget.

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
