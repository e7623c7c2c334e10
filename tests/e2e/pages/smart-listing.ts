import type { Locator, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';

/** The home page's smart listing (content/pages.yaml `sl1list`, issue 22). */
export class SmartListing {
  readonly root: Locator;
  /** The category filter's links. */
  readonly filter: Locator;
  readonly arrows: Locator;
  readonly prev: Locator;
  readonly next: Locator;
  /** The post titles in order, the featured post's first. */
  readonly titles: Locator;
  readonly featuredTitle: Locator;
  /** Small posts (each a card), in order. */
  readonly smallPosts: Locator;
  /** What the listing says once a page arrives. */
  readonly status: Locator;

  constructor(
    readonly page: Page,
    readonly title = 'Kabar per Kategori',
  ) {
    this.root = page.getByRole('region', { name: title });
    this.filter = this.root.getByRole('navigation', { name: 'Kategori berita' });
    this.arrows = this.root.getByRole('navigation', { name: 'Halaman berita' });
    this.prev = this.arrows.getByRole('link', { name: /Sebelumnya/ });
    this.next = this.arrows.getByRole('link', { name: /Berikutnya/ });
    this.titles = this.root.locator('.jet-smart-listing').getByRole('heading', { level: 3 });
    this.featuredTitle = this.root.locator('.jet-smart-listing__featured').getByRole('heading');
    this.smallPosts = this.root.locator('.jet-smart-listing__post');
    this.status = this.root.getByRole('status');
  }

  /** A category of the filter, by its exact name. */
  category(name: string): Locator {
    return this.filter.getByRole('link', { name, exact: true });
  }

  /** Resolves once the listing's behaviour has taken it over (widgets/behaviours.ts marks it). */
  async enhanced(): Promise<void> {
    // Widgets below the fold are taken over once they come near the window (issue 24): as a visitor, scroll there.
    await this.root.scrollIntoViewIfNeeded();
    await this.root.and(this.page.locator('[data-enhanced=""]')).waitFor();
  }
}

/** Published news titles of a category, newest first (the listing's order), from the seeded database. */
export function categoryNewsTitles(databaseFile: string, slug: string): string[] {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return (
      db
        .prepare(
          `select p.title from post p
           join post_term pt on pt.post_id = p.id
           join term t on t.id = pt.term_id and t.taxonomy = 'category' and t.slug = ?
           where p.type = 'post' and p.status = 'publish'
           order by p.published_at desc, p.id desc`,
        )
        .all(slug) as Array<{ title: string }>
    ).map((r) => r.title);
  } finally {
    db.close();
  }
}
