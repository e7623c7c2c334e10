import { describe, expect, test } from 'vitest';
import type { ReviewComment, ReviewItem } from '../model';
import { reviewOf as review } from './reviews.fixtures';
import {
  commentCount,
  jumpPage,
  type ListState,
  listReducer,
  pageCount,
  pagerItems,
  withComment,
} from './reviews-list';

const comment = (id: number, parent_id = 0, children: ReviewComment[] = []): ReviewComment => ({
  id,
  source: 'post',
  post_id: 5,
  parent_id,
  review_id: 1,
  author: { id: '', name: `Tamu ${id}`, mail: '', avatar: '' },
  date: { raw: '2024-05-01T00:00:00Z', human_diff: '1 hari yang lalu' },
  content: `Komentar ${id}`,
  approved: true,
  children,
  verifications: [],
});

const state = (list: ReviewItem[], total = list.length, rating = 70): ListState => ({ page: 0, list, total, rating });

describe('the reviews list', () => {
  test('a created review goes on top, the total grows by one and the average is the answer’s', () => {
    const pinned = review(1, { pinned: true });
    const next = listReducer(state([pinned, review(2)], 12, 70), { type: 'created', item: review(9), rating: 74 });
    expect(next.list.map((r) => r.id)).toEqual([9, 1, 2]);
    expect(next.total).toBe(13);
    expect(next.rating).toBe(74);
  });

  test('a page answer replaces the list, total and average', () => {
    const next = listReducer(state([review(1)]), {
      type: 'page',
      page: 2,
      data: { list: [review(21), review(22)], total: 23, rating: 55 },
    });
    expect(next).toEqual({ page: 2, list: [review(21), review(22)], total: 23, rating: 55 });
  });

  test('a vote answer sets the counts and the voter’s state of that review only', () => {
    const next = listReducer(state([review(1), review(2)]), {
      type: 'approval',
      id: 2,
      like: 4,
      dislike: 1,
      approval: { like: true, dislike: false },
    });
    expect(next.list[0]).toEqual(review(1));
    expect(next.list[1]).toMatchObject({ like: 4, dislike: 1, approval: { like: true, dislike: false } });
  });

  test('a guest’s stored votes mark their reviews', () => {
    const next = listReducer(state([review(1), review(2)]), {
      type: 'guest-approvals',
      rated: { 2: { like: false, dislike: true } },
    });
    expect(next.list.map((r) => r.approval)).toEqual([
      { like: false, dislike: false },
      { like: false, dislike: true },
    ]);
  });

  test('moderation replaces a review, or removes it when deleted, with the answer’s totals', () => {
    const approved = listReducer(state([review(1, { approved: false }), review(2)], 1, 80), {
      type: 'moderated',
      id: 1,
      item: review(1, { approved: true }),
      rating: 75,
      total: 2,
    });
    expect(approved.list.map((r) => [r.id, r.approved])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect([approved.total, approved.rating]).toEqual([2, 75]);
    const deleted = listReducer(approved, { type: 'moderated', id: 2, item: null, rating: 60, total: 1 });
    expect(deleted.list.map((r) => r.id)).toEqual([1]);
    expect(deleted.total).toBe(1);
  });
});

describe('comments and replies (spec 000 §4)', () => {
  test('a new comment goes on top of its review', () => {
    const next = listReducer(state([review(1, { comments: [comment(10)] }), review(2)]), {
      type: 'comment',
      reviewId: 1,
      comment: comment(11),
    });
    expect(next.list[0]!.comments.map((c) => c.id)).toEqual([11, 10]);
    expect(next.list[1]!.comments).toEqual([]);
  });

  test('a reply goes on top of its parent’s children, at any depth, and nowhere else', () => {
    const tree = [comment(10, 0, [comment(12, 10)]), comment(20, 0, [comment(21, 20, [comment(22, 21)])])];
    const underTop = withComment(tree, comment(13, 10));
    expect(underTop[0]!.children.map((c) => c.id)).toEqual([13, 12]);
    expect(underTop[1]).toBe(tree[1]);
    const deep = withComment(tree, comment(23, 21));
    expect(deep[1]!.children[0]!.children.map((c) => c.id)).toEqual([23, 22]);
    expect(deep[0]).toBe(tree[0]);
  });

  test('a reply whose parent is not shown goes on top', () => {
    expect(withComment([comment(10)], comment(99, 55)).map((c) => c.id)).toEqual([99, 10]);
  });

  test('comments are counted at every level', () => {
    expect(commentCount([comment(10, 0, [comment(12, 10), comment(13, 10)]), comment(20)])).toBe(4);
    expect(commentCount([])).toBe(0);
  });
});

describe('paging', () => {
  test('pages of a total, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  test('the fast jump moves 5 pages and stops at the ends', () => {
    expect(jumpPage(1, 20, 1)).toBe(6);
    expect(jumpPage(18, 20, 1)).toBe(20);
    expect(jumpPage(7, 20, -1)).toBe(2);
    expect(jumpPage(3, 20, -1)).toBe(1);
  });

  test('the pager shows the ends and the neighbours, a gap for more than one page left out', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pagerItems(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pagerItems(10, 10)).toEqual([1, null, 9, 10]);
  });
});
