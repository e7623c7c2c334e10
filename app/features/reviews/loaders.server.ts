import type { Db } from '~/db';
import { canModerate } from '~/lib/permissions';
import type { SessionUser } from '~/lib/user';
import { captchaEnabled } from './captcha.server';
import {
  LABELS,
  REVIEWS_PAGE_SIZE,
  type ReviewFormStatus,
  type ReviewsWidgetData,
  type SimpleReviewData,
  type UserData,
} from './model';
import { listReviews, reviewItem } from './read.server';
import { findSource, type ReviewSource, userKey } from './sources.server';

/** The page loaders of the two review widgets (the UI renders what they return). */

/** The id of the review a signed-in user wrote of a post, if any (approved or not). */
async function ownReviewId(db: Db, postId: number, user: SessionUser | null): Promise<number | null> {
  if (!user) return null;
  const row = await db
    .selectFrom('review')
    .select('id')
    .where('post_id', '=', postId)
    .where('author_key', '=', userKey(user.id))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** spec 000 §3 "User data": what the visitor may do on this source. */
function userData(source: ReviewSource, user: SessionUser | null, reviewed: boolean): UserData {
  const { settings } = source;
  if (!user) {
    return {
      id: '',
      name: '',
      mail: '',
      roles: ['guest'],
      canReview: {
        allowed: settings.allowGuests,
        message: settings.allowGuests ? '' : 'Silakan masuk untuk menulis ulasan.',
      },
      canComment: { allowed: settings.commentsAllowed && settings.allowGuests },
      canRate: settings.approvalAllowed && settings.allowGuests,
      canModerate: false,
    };
  }
  return {
    id: String(user.id),
    name: user.name,
    mail: user.email,
    roles: [...user.roles],
    canReview: { allowed: !reviewed, message: reviewed ? LABELS.alreadyReviewed : '' },
    canComment: { allowed: settings.commentsAllowed },
    canRate: settings.approvalAllowed,
    canModerate: canModerate(user),
  };
}

/**
 * The reviews of a post page, for whichever widget its post type uses (the other is null; both are
 * null for a type without reviews). The source is looked up once per page.
 */
export async function loadPostReviews(
  db: Db,
  {
    postId,
    user,
    page = 0,
    formStatus = null,
  }: {
    postId: number;
    user: SessionUser | null;
    /** 0-based page of the full widget; past the last page the last one shows */
    page?: number;
    formStatus?: ReviewFormStatus | null;
  },
): Promise<{ reviews: ReviewsWidgetData | null; simpleReview: SimpleReviewData | null }> {
  const source = await findSource(db, postId);
  if (!source) return { reviews: null, simpleReview: null };
  if (source.widget === 'simple')
    return { reviews: null, simpleReview: await simpleWidget(db, source, user, formStatus) };
  return { reviews: await fullWidget(db, source, user, page, formStatus), simpleReview: null };
}

/** The full reviews widget (news, activities). Moderators' lists include pending reviews. */
async function fullWidget(
  db: Db,
  source: ReviewSource,
  user: SessionUser | null,
  page: number,
  formStatus: ReviewFormStatus | null,
): Promise<ReviewsWidgetData> {
  const actor = { user, guestId: null };
  const asked = Number.isSafeInteger(page) && page > 0 ? page : 0;
  const [listed, own, captcha] = await Promise.all([
    listReviews(db, source, { page: asked, pageSize: REVIEWS_PAGE_SIZE, actor }),
    ownReviewId(db, source.postId, user),
    captchaEnabled(db, source),
  ]);
  let shown = asked;
  let first = listed;
  const last = Math.max(0, Math.ceil(listed.total / REVIEWS_PAGE_SIZE) - 1);
  if (asked > last) {
    shown = last;
    first = await listReviews(db, source, { page: last, pageSize: REVIEWS_PAGE_SIZE, actor });
  }
  return {
    source: 'post',
    sourceId: source.postId,
    settings: source.settings,
    type: { slug: source.type.slug, name: source.type.name, fields: source.type.fields },
    pageSize: REVIEWS_PAGE_SIZE,
    first,
    user: userData(source, user, own !== null),
    reviewed: own !== null,
    captcha: { enabled: captcha },
    renderedAt: Date.now(),
    page: shown,
    formStatus,
  };
}

/** The simple review widget (the gallery's). */
async function simpleWidget(
  db: Db,
  source: ReviewSource,
  user: SessionUser | null,
  formStatus: ReviewFormStatus | null,
): Promise<SimpleReviewData> {
  const [page, ownId] = await Promise.all([
    // Everyone sees the same list: approved reviews only, even for moderators.
    listReviews(db, source, { page: 0, pageSize: REVIEWS_PAGE_SIZE, actor: { user: null, guestId: null } }),
    ownReviewId(db, source.postId, user),
  ]);
  const own = ownId === null ? null : await reviewItem(db, ownId, source, { user, guestId: null });
  return {
    postId: source.postId,
    fields: source.type.fields,
    user: user ? { id: user.id, name: user.name } : null,
    own,
    list: page.list,
    total: page.total,
    rating: page.rating,
    formStatus,
  };
}
