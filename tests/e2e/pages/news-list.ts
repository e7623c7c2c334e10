import type { Locator, Page } from '@playwright/test';

/** The load-more news list (spec 000 §3-4) on the home page, /berita/ and their /page/N/ pages. */
export class NewsList {
  /** The news cards, the server's first page and any appended by load more. */
  readonly articles: Locator;
  /** Each card's title heading, in list order. */
  readonly titles: Locator;
  /** The load-more control: a link to the next page that JavaScript turns into an in-place load. */
  readonly loadMore: Locator;

  constructor(readonly page: Page) {
    // `ecs-posts` is the original widget's class for the list (spec 000); the page itself is an article too.
    // The page's main list comes first (/berita/ has a smaller list below it too).
    this.articles = page.locator('.ecs-posts').first().getByRole('article');
    this.titles = this.articles.getByRole('heading');
    this.loadMore = page.getByRole('link', { name: 'Muat lebih banyak' });
  }
}
