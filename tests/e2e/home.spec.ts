import { expect, test } from './fixtures';
import { NewsList } from './pages/news-list';

test('the home page lists the newest news posts', async ({ page, siteData }) => {
  await page.goto('/');
  // The list shows 10 posts a page (issue 2 §4), newest first.
  await expect(new NewsList(page).titles).toHaveText(siteData.newsTitles({ limit: 10 }));
});

test('the home page has a title, a description, a canonical link and Open Graph tags', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
});

test('a news title on the home page opens that post', async ({ page, siteData }) => {
  const newest = siteData.newestPost();
  await page.goto('/');
  await new NewsList(page).articles.first().getByRole('link', { name: newest.title, exact: true }).click();
  await expect(page).toHaveURL(`/${newest.slug}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
  await expect(page).toHaveTitle(new RegExp(newest.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});
