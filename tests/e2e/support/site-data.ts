import SQLite from 'better-sqlite3';

/**
 * Expected content, read from the seeded template database (never hard-coded, so that the specs
 * follow content/*.yaml as it changes).
 */
export class SiteData {
  constructor(private readonly databaseFile: string) {}

  private query<T>(sql: string, ...params: unknown[]): T[] {
    const db = new SQLite(this.databaseFile, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }

  /** Titles of published news posts (type post), newest first, id desc breaking ties. */
  newsTitles({ offset = 0, limit = 1_000 }: { offset?: number; limit?: number } = {}): string[] {
    return this.query<{ title: string }>(
      `select title from post where type = 'post' and status = 'publish'
       order by published_at desc, id desc limit ? offset ?`,
      limit,
      offset,
    ).map((r) => r.title);
  }

  /** Slug and title of the newest published news post. */
  newestPost(): { slug: string; title: string } {
    const [post] = this.query<{ slug: string; title: string }>(
      `select slug, title from post where type = 'post' and status = 'publish'
       order by published_at desc, id desc limit 1`,
    );
    if (!post) throw new Error('the template database has no published news post');
    return post;
  }

  /** Number of published gallery items (post type galeri). */
  galleryCount(): number {
    return this.query<{ n: number }>(`select count(*) as n from post where type = 'galeri' and status = 'publish'`)[0]
      ?.n as number;
  }

  /** Slug and title of a published page. */
  page(slug: string): { slug: string; title: string } | undefined {
    return this.query<{ slug: string; title: string }>(
      `select slug, title from post where type = 'page' and status = 'publish' and slug = ?`,
      slug,
    )[0];
  }
}
