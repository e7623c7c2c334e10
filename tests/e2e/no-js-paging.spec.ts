import { expect, test } from './fixtures';
import { NewsList } from './pages/news-list';

test.use({ javaScriptEnabled: false });

// DESIGN.md "Progressive enhancement": paging works before any JavaScript arrives.
test('without JavaScript /page/2/ lists the 11th to 20th newest posts and links to /page/3/', async ({
  page,
  siteData,
}) => {
  await page.goto('/page/2/');
  const news = new NewsList(page);
  await expect(news.titles).toHaveText(siteData.newsTitles({ offset: 10, limit: 10 }));
  await expect(news.loadMore).toHaveAttribute('href', '/page/3/');

  await news.loadMore.click();
  await expect(page).toHaveURL('/page/3/');
  await expect(news.titles).toHaveText(siteData.newsTitles({ offset: 20, limit: 10 }));
});
