import { summarize } from '~/content/posts.server';
import type { Db } from '~/db';
import { htmlToText, sanitizeRichText } from '~/lib/html.server';
import type { PostSummary, SinglePost } from './posts';

/** Types served at /{slug}/ (spec 000 §1: the post query covers post, page and e-landing-page). */
const ROOT_TYPES = ['page', 'e-landing-page', 'post'] as const;

export interface ContentRow {
  id: number;
  type: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  tree: string | null;
  published_at: string;
  modified_at: string;
  featured_media_id: number | null;
}

const COLUMNS = [
  'id',
  'type',
  'slug',
  'title',
  'excerpt',
  'content',
  'tree',
  'published_at',
  'modified_at',
  'featured_media_id',
] as const;

/** The published page or post at /{slug}/ (pages win over posts of the same slug), or a gallery item. */
export async function findContent(db: Db, slug: string, type?: 'galeri' | 'ekskul'): Promise<ContentRow | undefined> {
  const rows = await db
    .selectFrom('post')
    .select(COLUMNS)
    .where('slug', '=', slug)
    .where('status', '=', 'publish')
    .where('type', 'in', type ? [type] : [...ROOT_TYPES])
    .execute();
  return rows.sort((a, b) => rank(a.type) - rank(b.type))[0];
}

export async function findContentById(db: Db, id: number): Promise<ContentRow | undefined> {
  return db.selectFrom('post').select(COLUMNS).where('id', '=', id).where('status', '=', 'publish').executeTakeFirst();
}

function rank(type: string): number {
  const i = (ROOT_TYPES as readonly string[]).indexOf(type);
  return i < 0 ? 99 : i;
}

export async function loadSinglePost(db: Db, row: ContentRow): Promise<SinglePost> {
  const [[summary], tags] = await Promise.all([
    summarize(db, [row]),
    db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .select(['term.name', 'term.slug'])
      .where('post_term.post_id', '=', row.id)
      .where('term.taxonomy', '=', 'post_tag')
      .orderBy('term.name')
      .execute(),
  ]);
  return { summary: summary as PostSummary, html: sanitizeRichText(row.content), tags, modifiedAt: row.modified_at };
}

/** A meta description: the excerpt, else the start of the body text. */
export function describeContent(row: Pick<ContentRow, 'excerpt' | 'content'>, fallback: string): string {
  const text = row.excerpt || htmlToText(row.content);
  if (!text) return fallback;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}
