/**
 * What the WordPress export reader (`wxr.server.ts`) hands out, in document order (issue 26): the channel
 * first, then authors, terms and items as the file holds them. Plain data, so the pure mapping rules
 * (`model.ts`) and the writer read them without the parser.
 */

/** The exported site: `link` (or `baseSiteUrl`) is the old site's origin that links inside bodies start with. */
export interface WxrChannel {
  title: string;
  link: string;
  wxrVersion: string;
  baseSiteUrl: string;
  baseBlogUrl: string;
}

/** `wp:author`: a user of the old site, matched by login or e-mail on import. */
export interface WxrAuthor {
  id: number | null;
  login: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

/** `wp:category`, `wp:tag` or `wp:term` read into one shape (WordPress writes a category under several of them). */
export interface WxrTerm {
  id: number | null;
  taxonomy: string;
  slug: string;
  name: string;
  /** The parent's slug, as WordPress writes it; empty for a top-level term. */
  parentSlug: string;
  description: string;
}

/** A `<category domain="…" nicename="…">` of an item: one of its terms (or, for a menu item, its menu). */
export interface WxrItemTerm {
  domain: string;
  nicename: string;
  name: string;
}

export interface WxrMeta {
  key: string;
  value: string;
}

/** `wp:comment`, as exported (`approved` is '1', '0', 'spam' or 'trash'). */
export interface WxrComment {
  id: number | null;
  author: string;
  authorEmail: string;
  authorUrl: string;
  authorIp: string;
  date: string;
  dateGmt: string;
  content: string;
  approved: string;
  type: string;
  parent: number;
  userId: number;
  meta: WxrMeta[];
}

/** One `<item>`: a post of any type (post, page, attachment, nav_menu_item, a custom type …). */
export interface WxrItem {
  /** Line of the file where the item starts (for messages). */
  line: number;
  postId: number | null;
  guid: string;
  title: string;
  link: string;
  pubDate: string;
  creator: string;
  content: string;
  excerpt: string;
  /** Local time of the old site, `YYYY-MM-DD HH:MM:SS`. */
  postDate: string;
  /** UTC, `YYYY-MM-DD HH:MM:SS`; `0000-00-00 00:00:00` for drafts never published. */
  postDateGmt: string;
  postModified: string;
  postModifiedGmt: string;
  commentStatus: string;
  pingStatus: string;
  postName: string;
  status: string;
  postParent: number;
  menuOrder: number;
  postType: string;
  postPassword: string;
  isSticky: boolean;
  attachmentUrl: string;
  terms: WxrItemTerm[];
  meta: WxrMeta[];
  comments: WxrComment[];
}

export type WxrRecord =
  | { kind: 'channel'; channel: WxrChannel }
  | { kind: 'author'; author: WxrAuthor }
  | { kind: 'term'; term: WxrTerm }
  | { kind: 'item'; item: WxrItem };

/** Why a file was refused; `code` is stable, `message` is for staff (Indonesian) and names the place. */
export type WxrErrorCode =
  | 'not-wxr'
  | 'version'
  | 'encoding'
  | 'doctype'
  | 'xml'
  | 'truncated'
  | 'too-deep'
  | 'too-large'
  | 'unreadable';

/** A refused export: nothing after the refusal is read. */
export class WxrError extends Error {
  constructor(
    readonly code: WxrErrorCode,
    message: string,
    /** One-based line of the file, when known. */
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'WxrError';
  }
}

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 keeps a whole string alive for as
 * long as any slice of it lives: a slug or URL kept for each item would keep each item's body (or the parser's
 * whole 256 KB chunk) in memory, and a large export would not fit. Prepending makes a new string, which slicing
 * flattens into a copy.
 */
export const own = (text: string): string => ` ${text}`.slice(1);
