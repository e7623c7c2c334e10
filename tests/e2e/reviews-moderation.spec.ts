import { expect, test } from './fixtures';
import { ReviewsWidget, signInAs, waitForReviews } from './pages/reviews';
import { auditPage } from './support/axe';
import { GUEST, unique } from './support/review-posts';

// Issue 4 "Tests" (reviews): moderation by an editor.

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
