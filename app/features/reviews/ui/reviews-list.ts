import { type ApprovalState, PAGE_JUMP, type ReviewComment, type ReviewItem, type ReviewsPage } from '../model';

/** The list a reviews widget shows: one page of reviews (0-based, as call 9 counts), the total and the average. */
export interface ListState {
  page: number;
  list: ReviewItem[];
  /** approved reviews of the source */
  total: number;
  /** average percent */
  rating: number;
}

/** What changes the list (spec 000 §4 "Review form", approval and comments). */
export type ListAction =
  /** call 9 answered a page */
  | { type: 'page'; page: number; data: ReviewsPage }
  /** call 10 answered `review-created`: the review on top, one more in total, the new average */
  | { type: 'created'; item: ReviewItem; rating: number }
  /** a moderator changed a review (null: deleted) */
  | { type: 'moderated'; id: number; item: ReviewItem | null; rating: number; total: number }
  /** call 12 answered */
  | { type: 'approval'; id: number; like: number; dislike: number; approval: ApprovalState }
  /** a guest's own like states, read from local storage after the page hydrated */
  | { type: 'guest-approvals'; rated: Record<number, ApprovalState> }
  /** call 11 answered: a comment (parent 0) or a reply */
  | { type: 'comment'; reviewId: number; comment: ReviewComment };

/** The reviews list reducer: pure, so the widget's rules are tested without a browser. */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'page':
      return { page: action.page, list: action.data.list, total: action.data.total, rating: action.data.rating };
    case 'created':
      return {
        ...state,
        list: [action.item, ...state.list.filter((r) => r.id !== action.item.id)],
        total: state.total + 1,
        rating: action.rating,
      };
    case 'moderated': {
      const { item } = action;
      return {
        ...state,
        list: item
          ? state.list.map((r) => (r.id === action.id ? item : r))
          : state.list.filter((r) => r.id !== action.id),
        total: action.total,
        rating: action.rating,
      };
    }
    case 'approval':
      return {
        ...state,
        list: state.list.map((r) =>
          r.id === action.id ? { ...r, like: action.like, dislike: action.dislike, approval: action.approval } : r,
        ),
      };
    case 'guest-approvals':
      return {
        ...state,
        list: state.list.map((r) => (action.rated[r.id] ? { ...r, approval: action.rated[r.id]! } : r)),
      };
    case 'comment':
      return {
        ...state,
        list: state.list.map((r) =>
          r.id === action.reviewId
            ? {
                ...r,
                comments: withComment(r.comments, action.comment),
                comments_total: r.comments_total + (action.comment.parent_id === 0 ? 1 : 0),
              }
            : r,
        ),
      };
  }
}

/**
 * A comment tree with a new comment: a comment (parent 0) at the top of the review's list, a reply at
 * the top of its parent's children (spec 000 §4). A reply whose parent is not shown goes on top.
 */
export function withComment(comments: ReviewComment[], comment: ReviewComment): ReviewComment[] {
  if (comment.parent_id !== 0) {
    const placed = placeReply(comments, comment);
    if (placed) return placed;
  }
  return [comment, ...comments];
}

function placeReply(comments: ReviewComment[], reply: ReviewComment): ReviewComment[] | null {
  let found = false;
  const next = comments.map((c) => {
    if (found) return c;
    if (c.id === reply.parent_id) {
      found = true;
      return { ...c, children: [reply, ...c.children] };
    }
    const children = placeReply(c.children, reply);
    if (children) {
      found = true;
      return { ...c, children };
    }
    return c;
  });
  return found ? next : null;
}

/** Comments and replies of a review, all levels. */
export function commentCount(comments: ReviewComment[]): number {
  return comments.reduce((n, c) => n + 1 + commentCount(c.children), 0);
}

/** Pages of a list (at least one, so an empty list still shows page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The page a jump of PAGE_JUMP pages back (-1) or forward (1) lands on, 1-based, within the pages (spec 000 §9). */
export function jumpPage(current: number, pages: number, direction: -1 | 1): number {
  return Math.min(pages, Math.max(1, current + direction * PAGE_JUMP));
}

/** The page numbers a pager shows (1-based): the first, the last and two around the current; null for a gap. */
export function pagerItems(current: number, pages: number): Array<number | null> {
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(p - last === 2 ? last + 1 : null);
    out.push(p);
  }
  return out;
}
