import { expect, test } from './fixtures';
import { ReviewCard, ReviewsWidget, waitForReviews } from './pages/reviews';
import { activity } from './support/review-posts';

// Issue 4 "Tests" (reviews): likes and dislikes.

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
