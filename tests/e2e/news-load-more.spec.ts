import { expect, test } from './fixtures';
import { NewsList } from './pages/news-list';
import { waitForHydration, waitForRouterIdle } from './pages/site';

// spec 000 §4 (`ecsload`, change_url): load more appends the next page and writes {path}/page/{n}/.
for (const { path, next } of [
  { path: '/berita/', next: '/berita/page/2/' },
  { path: '/', next: '/page/2/' },
]) {
  test(`load more on ${path} appends the next 10 posts and moves the address to ${next}`, async ({
    page,
    siteData,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const news = new NewsList(page);
    await expect(news.titles).toHaveText(siteData.newsTitles({ limit: 10 }));
    const pageHeadings = await page.getByRole('heading', { level: 1 }).allInnerTexts();

    await news.loadMore.click();
    await expect(news.titles).toHaveText(siteData.newsTitles({ limit: 20 }));
    expect(new Set(await news.titles.allInnerTexts()).size).toBe(20);
    await expect(page).toHaveURL(next);

    await page.goBack();
    await expect(page).toHaveURL(path);
    await waitForRouterIdle(page);
    // Still the same page: Back must not lose the parts of it that the server rendered.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageHeadings);
    await expect(news.titles.first()).toHaveText(siteData.newestPost().title);
  });
}
