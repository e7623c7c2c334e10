import type { ReviewItem } from '../model';

/** A review as the wire carries it, for the widgets' tests; `over` sets what a test cares about. */
export const reviewOf = (id: number, over: Partial<ReviewItem> = {}): ReviewItem => ({
  id,
  source: 'post',
  post_id: 5,
  author: { id: '', name: 'Sari', mail: '', avatar: '' },
  date: { raw: '2024-05-01T00:00:00Z', human_diff: '1 hari yang lalu' },
  title: `Ulasan ${id}`,
  content: 'Bagus',
  type_slug: 'default',
  rating_data: [{ field_label: 'Rating', field_value: 4, field_step: 1, field_max: 5 }],
  rating: 80,
  comments: [],
  comments_total: over.comments?.length ?? 0,
  approved: true,
  like: 0,
  dislike: 0,
  approval: { like: false, dislike: false },
  pinned: false,
  verifications: [],
  ...over,
});
