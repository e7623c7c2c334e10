import SQLite from 'better-sqlite3';
import { expect, test } from './fixtures';
import { addComments, addReviews, ReviewCard, ReviewsWidget, waitForReviews } from './pages/reviews';
import { activity, GUEST, unique } from './support/review-posts';

// Issue 4 "Tests" (reviews): comments and replies two levels deep, and a review's many comment threads.

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
