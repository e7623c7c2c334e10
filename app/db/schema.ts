import type { Generated, Insertable, Selectable } from 'kysely';

/** Post types the site stores (spec 000 §1: post, page, e-landing-page, galeri, templates). */
export const POST_TYPES = ['post', 'page', 'e-landing-page', 'galeri', 'ekskul', 'template'] as const;
export const POST_STATUSES = ['publish', 'draft', 'private'] as const;

export interface PostTable {
  id: Generated<number>;
  type: string;
  status: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitized-on-render HTML body (posts) */
  content: string;
  /** Element tree as JSON text (pages, templates); null for plain posts */
  tree: string | null;
  parent_id: number | null;
  author_id: number | null;
  featured_media_id: number | null;
  /** ISO-8601 UTC text, e.g. 2025-08-14T07:00:00.000Z; sorts as text on both dialects */
  published_at: string;
  modified_at: string;
  menu_order: number;
  /** The page editor's unpublished copy of `tree` (issue 14 "Pages", migration 0018); null: none */
  draft_tree: Generated<string | null>;
  /** when the draft was last changed; null without a draft */
  draft_saved_at: Generated<string | null>;
  /** Counts the changes of `tree` and `draft_tree` by staff (optimistic concurrency) */
  tree_version: Generated<number>;
}

export interface TermTable {
  id: Generated<number>;
  taxonomy: string;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
}

export interface PostTermTable {
  post_id: number;
  term_id: number;
}

/** Typed meta: exactly one of the value columns is set; indexed per key for filtering. */
export interface PostMetaTable {
  id: Generated<number>;
  post_id: number;
  meta_key: string;
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
}

export interface MediaTable {
  id: Generated<number>;
  /** Path below the uploads folder, without width and extension: 2025/08/upacara */
  file: string;
  alt: string;
  /** Shown under the photo in a gallery item's slider and lightbox; '' is none (migration 0029) */
  caption: Generated<string>;
  width: number;
  height: number;
  /** JSON text: [{ width, height, formats: ['webp','jpg'] }] */
  sizes: string;
  created_at: string;
  /** 'ready'; an upload is 'processing' until its copies exist, 'failed' after its last try (issue 14) */
  status: Generated<string>;
}

export interface MenuTable {
  id: Generated<number>;
  slug: string;
  name: string;
  location: string | null;
  /** JSON object: the menu's own settings (features/menu/settings.ts); `{}` is every default */
  settings: Generated<string>;
}

export interface MenuItemTable {
  id: Generated<number>;
  menu_id: number;
  parent_id: number | null;
  position: number;
  title: string;
  url: string;
  target: string | null;
  icon: string | null;
  badge: string | null;
  description: string | null;
  mega_template_id: number | null;
  classes: string;
  /** the link's title attribute */
  attr_title: string | null;
  /** the link's rel (WordPress's XFN field) */
  xfn: string | null;
  /** 'elementor' or 'default': which template route the original mobile menu asks (original-wire.md §5) */
  mega_content_type: Generated<string>;
}

export interface UserTable {
  id: Generated<number>;
  login: string;
  email: string;
  display_name: string;
  password_hash: string;
  created_at: string;
  /** when staff deactivated the account (it cannot sign in); null while active (migration 0014) */
  deactivated_at: Generated<string | null>;
  /** when the open invitation was sent; null once its owner accepted it, or for accounts never invited */
  invited_at: Generated<string | null>;
}

export interface UserRoleTable {
  user_id: number;
  role: string;
}

export interface OptionTable {
  name: string;
  /** JSON text */
  value: string;
}

/** A stored smart filter (content/filters.yaml); the JSON columns hold FilterRecord's parts (features/filters/settings.ts). */
export interface SmartFilterTable {
  /** Chosen by the seed file, not generated: pages name filters by id. */
  id: number;
  name: string;
  type: string;
  label: string;
  active_label: string;
  query_type: string;
  query_var: string;
  query_var_suffix: string;
  apply_type: string;
  /** JSON text: OptionsSource */
  source: string;
  /** JSON text: { enabled, rule, counterMode, showCounter } */
  indexer: string;
  /** JSON text: FilterControlSettings */
  settings: string;
  /** Counts the record's saves by staff (optimistic concurrency, issue 14 "Filters"). */
  version: Generated<number>;
}

/** A signed-in browser (issue 4). The cookie holds a random token; only its SHA-256 is stored. */
export interface SessionTable {
  /** hex SHA-256 of the cookie's token */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** the browser's User-Agent at sign-in, cut to 300 characters (migration 0026) */
  user_agent: string | null;
  /** the browser's address at sign-in (migration 0026) */
  ip_address: string | null;
  /** when a request last carried the cookie, kept to within minutes (migration 0026) */
  last_seen_at: string | null;
}

/** An account's authenticator secret (issue 25): confirmed by a first code; the newest time step a code was taken for. */
export interface UserTotpTable {
  user_id: number;
  /** base32 */
  secret: string;
  created_at: string;
  /** null while enrolment waits for its first code */
  confirmed_at: string | null;
  last_step: number | null;
}

/** A correct password waiting for its second factor (issue 25): grants nothing; only the token's hash is kept. */
export interface SignInChallengeTable {
  token_hash: string;
  user_id: number;
  redirect_to: string;
  created_at: string;
  expires_at: string;
}

/** A password reset link: single use (used_at), short-lived (expires_at); only the token's hash is kept. */
export interface PasswordResetTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A staff invitation's link (issue 14 "Users"): single use, seven days; only the token's hash is kept. */
export interface UserInvitationTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Every message: kept here instead of sent when no SMTP_URL is set (also copied to data/outbox/), else queued for SMTP. */
export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  /** Extra headers as a JSON object (List-Unsubscribe on newsletter mail). */
  headers: Generated<string>;
  created_at: string;
  /**
   * 'written' (no SMTP: the outbox is where it goes), or through SMTP (migration 0027, lib/mail-queue.server.ts)
   * 'queued' | 'sending' | 'sent' | 'failed'
   */
  status: Generated<string>;
  /** tries begun through SMTP */
  attempts: Generated<number>;
  next_try_at: string | null;
  /** the sending server process, `host|boot|pid|instance` (lib/job-claim.ts `claimerId`) */
  claimed_by: string | null;
  claimed_at: string | null;
  sent_at: string | null;
  /** the last failed try's reason */
  error: string | null;
}

/**
 * A newsletter subscriber (issue 13, call 17): one row per address, pending until the link of the
 * confirmation mail is followed (double opt-in).
 */
export interface SubscriberTable {
  id: Generated<number>;
  /** Lower-cased, unique. */
  email: string;
  /** The list the form named (`target_list_id`), '' for the site's own. */
  list_id: string;
  /** The form's extra fields (`additional`), a JSON object of strings. */
  fields: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/** A post kept in a server-side data store (issue 13): `owner` is `user:<id>` or a `guest_…` id. */
export interface StoreItemTable {
  id: Generated<number>;
  owner: string;
  store: string;
  post_id: number;
  added_at: string;
}

/** When a store guest was last seen (issue 13): guests unseen longer than their cookie lives are removed. */
export interface StoreGuestTable {
  /** the `guest_…` id of the visitor's store cookie */
  id: string;
  seen_at: string;
}

/** Fixed-window counters shared by every app process (sign-in, registration, reviews, comments). */
export interface RateLimitTable {
  /** what is limited and for whom, e.g. `signin:addr:127.0.0.1` */
  bucket: string;
  /** the window's first minute, in minutes since the epoch */
  window_start: number;
  hits: number;
}

/** A review type: its rating fields (spec 000 §3 "Review type"). */
export interface ReviewTypeTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  /** JSON text: [{ label, step, max }] */
  fields: string;
}

/** Which posts take reviews, and how (one row per post type). */
export interface ReviewSourceTable {
  post_type: string;
  review_type_id: number;
  /** 0/1 flags */
  allow_guests: number;
  comments_allowed: number;
  approval_allowed: number;
  needs_moderation: number;
  /** 0/1: this source's reviews and comments need the captcha (migration 0013) */
  captcha: Generated<number>;
  /** `full`: the reviews widget (calls 9-12); `simple`: the simple review widget (calls 14, 15) */
  widget: string;
}

export interface ReviewTable {
  id: Generated<number>;
  /** the wire's `source` (always 'post' here: reviews are of posts) */
  source: string;
  post_id: number;
  /** who wrote it: `user:{id}` or the guest id `guest_…`; unique per post (one review per source) */
  author_key: string;
  user_id: number | null;
  author_name: string;
  author_mail: string;
  title: string;
  content: string;
  /** JSON text: [{ field_label, field_value, field_step, field_max }] */
  rating_data: string;
  /** rounded mean of 100 × value / max over the fields (an integer percent) */
  rating: number;
  approved: number;
  /** 0/1: rejected by staff, kept but never shown (pending: neither approved nor rejected; migration 0013) */
  rejected: Generated<number>;
  pinned: number;
  created_at: string;
}

/** One like or dislike per voter and review (call 12). */
export interface ReviewVoteTable {
  review_id: number;
  voter_key: string;
  /** 1 like, -1 dislike */
  vote: number;
}

export interface ReviewCommentTable {
  id: Generated<number>;
  review_id: number;
  parent_id: number | null;
  post_id: number;
  author_key: string;
  user_id: number | null;
  author_name: string;
  author_mail: string;
  content: string;
  created_at: string;
}

/** The approved reviews of a post, counted in the transaction that changes them (the list reads one row, not 10,000). */
export interface ReviewSummaryTable {
  post_id: number;
  approved_count: number;
  /** sum of the approved reviews' `rating` (percent); the average is rating_sum / approved_count */
  rating_sum: number;
}

/** Captcha solutions already used (single use across processes); rows expire with their challenge. */
export interface ReviewCaptchaUsedTable {
  /** hex SHA-256 of the challenge's signature */
  id: string;
  /** ISO time after which the challenge is refused anyway (the row may go) */
  expires_at: string;
}

/** One change made by staff (issue 14); the newest id is the content version (lib/content-version.server.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  /** what was done, e.g. `post.publish`, `review.approve` */
  action: string;
  /** what it was done to, e.g. `post`, `review`, `menu` */
  subject_type: string;
  subject_id: number | null;
  /** a short human-readable line, e.g. the post's title */
  summary: string;
  at: string;
  /** 1 when the public sees the change (it ends the cached pages: content version), 0 otherwise */
  public: Generated<number>;
}

/** Which part of a post a write touched (content/posts-write.server.ts). */
export type ContentPart = 'post' | 'meta' | 'terms' | 'deleted';

/** One write of a post, its meta or its terms (issue 23): the change log a reader follows by id. */
export interface ContentChangeTable {
  id: Generated<number>;
  post_id: number;
  part: ContentPart;
  /** the meta keys or taxonomies touched, comma-separated; '' for the row itself or a deletion */
  names: string;
  at: string;
}

/** How many posts each type has in each status (issue 24), kept by triggers (migration 0024). */
export interface PostCountTable {
  type: string;
  status: string;
  n: number;
}

/** An earlier version of a post (issue 14, the news editor): kept by each save, restorable. */
export interface PostRevisionTable {
  id: Generated<number>;
  post_id: number;
  /** who saved the version that replaced this one */
  user_id: number | null;
  title: string;
  excerpt: string;
  content: string;
  saved_at: string;
  /** A page's or template's element tree before a publish replaced it (migration 0018); null for posts */
  tree: Generated<string | null>;
}

/** The background job of one uploaded photo (issue 14 "Gallery", migration 0015). */
export interface MediaJobTable {
  id: Generated<number>;
  media_id: number;
  post_id: number | null;
  user_id: number | null;
  /** the staged original's file name in the staging folder */
  source: string;
  /** the file's name on the uploader's computer, to name it in messages */
  original_name: string;
  /** 'pending' | 'running' | 'done' | 'failed' */
  status: string;
  attempts: Generated<number>;
  next_try_at: string;
  claimed_at: string | null;
  /** the claiming server process, `host|boot|pid|instance` (migration 0021; model.ts `claimerId`) */
  claimed_by: string | null;
  /** renewed while the claiming process works on the job (migration 0021) */
  heartbeat_at: string | null;
  /** the files chosen together with this one (the upload screen's token; null without JavaScript) */
  upload_batch: string | null;
  /** this file's place among them, from 0 */
  batch_position: number | null;
  error: string | null;
  created_at: string;
}

/** What a WordPress export brought, by the old site's id (issue 26, migration 0028). */
export interface ImportItemTable {
  id: Generated<number>;
  /** the old site's address, without a trailing slash */
  source: string;
  /** 'post' | 'media' | 'term' | 'menu-item' | 'comment' | 'author' */
  kind: string;
  wp_id: number;
  guid: string | null;
  /** post.id, media.id, term.id, menu_item.id, review_comment.id or app_user.id, by kind */
  local_id: number;
  /** a hash of the record as imported */
  digest: string;
  /** the item's path (and query) on the old site, for its redirect */
  old_path: string | null;
  imported_at: string;
  updated_at: string;
}

/** An import started from the staff area, run as a job (issue 26, migration 0028). */
export interface ImportRunTable {
  id: Generated<number>;
  user_id: number | null;
  file: string;
  original_name: string;
  /** JSON { dryRun, fetchMedia } */
  options: string;
  /** 'pending' | 'running' | 'done' | 'failed' */
  status: string;
  done: Generated<number>;
  total: Generated<number>;
  /** JSON ImportReport */
  report: string | null;
  error: string | null;
  claimed_by: string | null;
  claimed_at: string | null;
  heartbeat_at: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface Database {
  post: PostTable;
  term: TermTable;
  post_term: PostTermTable;
  post_meta: PostMetaTable;
  media: MediaTable;
  menu: MenuTable;
  menu_item: MenuItemTable;
  app_user: UserTable;
  user_role: UserRoleTable;
  site_option: OptionTable;
  smart_filter: SmartFilterTable;
  session: SessionTable;
  user_totp: UserTotpTable;
  sign_in_challenge: SignInChallengeTable;
  password_reset: PasswordResetTable;
  user_invitation: UserInvitationTable;
  outbox: OutboxTable;
  subscriber: SubscriberTable;
  store_item: StoreItemTable;
  store_guest: StoreGuestTable;
  rate_limit: RateLimitTable;
  review_type: ReviewTypeTable;
  review_source: ReviewSourceTable;
  review: ReviewTable;
  review_vote: ReviewVoteTable;
  review_comment: ReviewCommentTable;
  review_summary: ReviewSummaryTable;
  review_captcha_used: ReviewCaptchaUsedTable;
  audit_log: AuditLogTable;
  post_revision: PostRevisionTable;
  media_job: MediaJobTable;
  import_item: ImportItemTable;
  import_run: ImportRunTable;
  content_change: ContentChangeTable;
  post_count: PostCountTable;
}

export type Post = Selectable<PostTable>;
export type NewPost = Insertable<PostTable>;
export type Media = Selectable<MediaTable>;
export type SmartFilterRow = Selectable<SmartFilterTable>;
