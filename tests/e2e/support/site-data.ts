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

  /** Published items of a post type, newest first (id desc breaking ties), with their terms and meta. */
  listedItems(type: string): ListedItem[] {
    const posts = this.query<{ id: number; slug: string; title: string; published_at: string }>(
      `select id, slug, title, published_at from post where type = ? and status = 'publish'
       order by published_at desc, id desc`,
      type,
    );
    const terms = this.query<{ post_id: number; term_id: number }>(
      `select pt.post_id, pt.term_id from post_term pt join post p on p.id = pt.post_id where p.type = ?`,
      type,
    );
    const meta = this.query<{ post_id: number; meta_key: string; value: string | number }>(
      `select m.post_id, m.meta_key, coalesce(m.value_text, m.value_number, m.value_date) as value
       from post_meta m join post p on p.id = m.post_id where p.type = ? order by m.id desc`,
      type,
    );
    return posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      publishedAt: p.published_at,
      termIds: terms.filter((t) => t.post_id === p.id).map((t) => t.term_id),
      // Read newest row first, so the first row of a repeated key is the one that stays.
      meta: Object.fromEntries(meta.filter((m) => m.post_id === p.id).map((m) => [m.meta_key, m.value])),
    }));
  }

  /**
   * A gallery item's photos in slider order: the featured image, then the media ids its gallery field
   * (meta `foto_kegiatan`, ids joined by commas) names, each once.
   */
  galleryPhotos(slug: string): Array<{ id: number; alt: string; file: string }> {
    const [post] = this.query<{ featured: number | null; field: string | null }>(
      `select p.featured_media_id as featured, m.value_text as field from post p
       left join post_meta m on m.post_id = p.id and m.meta_key = 'foto_kegiatan'
       where p.type = 'galeri' and p.slug = ?`,
      slug,
    );
    if (!post) throw new Error(`the template database has no gallery item ${slug}`);
    const ids = [post.featured, ...(post.field ?? '').split(',').map(Number)].filter(
      (id, i, all): id is number => typeof id === 'number' && id > 0 && all.indexOf(id) === i,
    );
    const media = this.query<{ id: number; alt: string; file: string }>(
      `select id, alt, file from media where id in (${ids.map(() => '?').join(',') || 'null'})`,
      ...ids,
    );
    return ids.flatMap((id) => media.filter((m) => m.id === id));
  }

  /** The terms of a taxonomy, by name. */
  terms(taxonomy: string): TermRow[] {
    return this.query<{ id: number; slug: string; name: string; parent_id: number | null }>(
      `select id, slug, name, parent_id from term where taxonomy = ? order by name, id`,
      taxonomy,
    ).map((t) => ({ id: t.id, slug: t.slug, name: t.name, parentId: t.parent_id }));
  }

  /** A stored smart filter (content/filters.yaml) by id. */
  filter(id: number): FilterRow {
    const [row] = this.query<{
      id: number;
      type: string;
      label: string;
      active_label: string;
      query_type: string;
      query_var: string;
      source: string;
      settings: string;
    }>(
      `select id, type, label, active_label, query_type, query_var, source, settings from smart_filter where id = ?`,
      id,
    );
    if (!row) throw new Error(`the template database has no smart filter ${id}`);
    return {
      id: row.id,
      type: row.type,
      label: row.label,
      activeLabel: row.active_label,
      queryType: row.query_type,
      queryVar: row.query_var,
      source: JSON.parse(row.source) as FilterRow['source'],
      settings: JSON.parse(row.settings) as Record<string, unknown>,
    };
  }

  /** The settings of the listing widget (grid or posts) with this query id on a page. */
  listingSettings(pageSlug: string, queryId: string): Record<string, unknown> {
    const [page] = this.query<{ tree: string | null }>(
      `select tree from post where type = 'page' and status = 'publish' and slug = ?`,
      pageSlug,
    );
    const walk = (nodes: TreeNode[]): Record<string, unknown> | undefined => {
      for (const node of nodes) {
        const listing = node.widget === 'jet-listing-grid' || node.widget === 'posts';
        if (listing && node.settings?.queryId === queryId) return node.settings;
        const found = walk(node.children ?? []);
        if (found) return found;
      }
      return undefined;
    };
    const settings = walk(page?.tree ? (JSON.parse(page.tree) as TreeNode[]) : []);
    if (!settings) throw new Error(`the page ${pageSlug} has no listing with query id ${queryId}`);
    return settings;
  }

  /** The first seeded account with a role (content: seed/users.ts). */
  userWithRole(role: string): { id: number; login: string; name: string } {
    const [user] = this.query<{ id: number; login: string; name: string }>(
      `select u.id, u.login, u.display_name as name from app_user u join user_role r on r.user_id = u.id
       where r.role = ? order by u.id limit 1`,
      role,
    );
    if (!user) throw new Error(`the database has no user with the role ${role}`);
    return user;
  }

  /** How a post type takes reviews (content/reviews.yaml): its widget and the labels of its rating fields. */
  reviewSource(postType: string): { widget: string; fields: string[]; allowGuests: boolean; needsModeration: boolean } {
    const [row] = this.query<{ widget: string; fields: string; allow_guests: number; needs_moderation: number }>(
      `select s.widget, t.fields, s.allow_guests, s.needs_moderation from review_source s
       join review_type t on t.id = s.review_type_id where s.post_type = ?`,
      postType,
    );
    if (!row) throw new Error(`the post type ${postType} takes no reviews`);
    return {
      widget: row.widget,
      fields: (JSON.parse(row.fields) as Array<{ label: string }>).map((f) => f.label),
      allowGuests: row.allow_guests === 1,
      needsModeration: row.needs_moderation === 1,
    };
  }

  /** The approved reviews of a post: how many and their average percent (as the widget's heading and average show). */
  reviewSummary(postId: number): { total: number; average: number } {
    const [row] = this.query<{ total: number; average: number | null }>(
      `select count(*) as total, avg(rating) as average from review where post_id = ? and approved = 1`,
      postId,
    );
    return { total: row?.total ?? 0, average: row?.average ?? 0 };
  }

  /** The titles of a post's approved reviews in the widget's order: pinned first, then newest first. */
  reviewTitles(postId: number): string[] {
    return this.query<{ title: string }>(
      `select title from review where post_id = ? and approved = 1 order by pinned desc, created_at desc, id desc`,
      postId,
    ).map((r) => r.title);
  }

  /** Ids of the templates that are popups (features/popups/settings.ts `POPUP_META`). */
  popupIds(): number[] {
    return this.query<{ id: number }>(
      `select p.id from post p join post_meta m on m.post_id = p.id
       where p.type = 'template' and m.meta_key = '_jet_popup_settings' order by p.id`,
    ).map((r) => r.id);
  }

  /** A popup template's id by its slug. */
  popupId(slug: string): number {
    const [row] = this.query<{ id: number }>(`select id from post where type = 'template' and slug = ?`, slug);
    if (!row) throw new Error(`no template ${slug} in the template database`);
    return row.id;
  }
}

/** A published item of a listing, from which the filter specs compute what a filter should show. */
export interface ListedItem {
  id: number;
  slug: string;
  title: string;
  /** ISO UTC text, as stored. */
  publishedAt: string;
  /** Ids of every term the item has, in any taxonomy. */
  termIds: number[];
  /** Meta values by key (text or number, as stored). */
  meta: Record<string, string | number>;
}

/** A term of a taxonomy. */
export interface TermRow {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
}

/** A stored smart filter, as far as the specs read it. */
export interface FilterRow {
  id: number;
  type: string;
  label: string;
  /** How the active-filters list names it. */
  activeLabel: string;
  queryType: string;
  queryVar: string;
  /** Where its options come from; manual options are listed. */
  source: { kind: string; options?: Array<{ value: string; label: string }> };
  settings: Record<string, unknown>;
}

/** A page-builder element of a page's tree (content/pages.yaml). */
interface TreeNode {
  widget?: string;
  settings?: Record<string, unknown>;
  children?: TreeNode[];
}
