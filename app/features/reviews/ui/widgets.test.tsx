import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { ReviewComment, ReviewItem, ReviewsWidgetData, SimpleReviewData, UserData } from '../model';
import { RatingBar, RatingInput } from './rating';
import { reviewOf } from './reviews.fixtures';
import { ReviewsWidget } from './reviews-widget';
import { SimpleReview } from './simple-review';

/** Server renders of the reviews widgets: the HTML a visitor gets first, and what hydration expects. */

const XSS = '<img src=x onerror="window.__xss=1">';

const review = (id: number, over: Partial<ReviewItem> = {}): ReviewItem =>
  reviewOf(id, {
    content: 'Kegiatannya seru.',
    type_slug: 'ekskul',
    rating_data: [
      { field_label: 'Pelatih', field_value: 5, field_step: 1, field_max: 5 },
      { field_label: 'Fasilitas', field_value: 3, field_step: 1, field_max: 5 },
    ],
    like: 2,
    dislike: 1,
    ...over,
  });

/** A top-level comment on review 1 by `name`. */
const comment = (name: string, content: string): ReviewComment => ({
  id: 4,
  source: 'post',
  post_id: 5,
  parent_id: 0,
  review_id: 1,
  author: { id: '', name, mail: '', avatar: '' },
  date: { raw: '', human_diff: '' },
  content,
  approved: true,
  children: [],
  verifications: [],
});

const guest: UserData = {
  id: '',
  name: '',
  mail: '',
  roles: ['guest'],
  canReview: { allowed: true, message: '' },
  canComment: { allowed: true },
  canRate: true,
  canModerate: false,
};

const editor: UserData = {
  ...guest,
  id: '3',
  name: 'Bu Rina',
  mail: 'rina@example.com',
  roles: ['editor'],
  canModerate: true,
};

function widget(over: Partial<ReviewsWidgetData> = {}): ReviewsWidgetData {
  return {
    source: 'post',
    sourceId: 5,
    settings: { allowGuests: true, commentsAllowed: true, approvalAllowed: true, needsModeration: false },
    type: {
      slug: 'ekskul',
      name: 'Ekskul',
      fields: [
        { label: 'Pelatih', step: 1, max: 5 },
        { label: 'Fasilitas', step: 1, max: 5 },
      ],
    },
    pageSize: 10,
    first: { list: [review(1, { pinned: true }), review(2)], total: 2, rating: 80 },
    user: guest,
    reviewed: false,
    captcha: { enabled: false },
    renderedAt: Date.now(),
    ...over,
  };
}

const render = (data: ReviewsWidgetData) => renderToString(<ReviewsWidget data={data} path="/ekskul/futsal/" />);

/** The `<li>` of one review. */
function reviewHtml(html: string, id: number): string {
  const start = html.indexOf(`data-review-id="${id}"`);
  const end = html.indexOf('data-review-id=', start + 1);
  return html.slice(start, end === -1 ? undefined : end);
}

describe('rating bars (spec 000 §5)', () => {
  test.each([
    [100, 'very-high', 100],
    [80, 'very-high', 80],
    [79, 'high', 79],
    [45, 'medium', 45],
    [22, 'low', 22],
    [21, 'very-low', 21],
    [4, 'very-low', 10],
    [0, 'very-low', 10],
  ])('%d%% is %s and %d%% wide', (percent, cls, width) => {
    const html = renderToString(<RatingBar percent={percent} value="x" />);
    expect(html).toContain(`data-rating="${cls}"`);
    expect(html).toContain(`style="width:${width}%"`);
  });

  test('a star field is a labelled radio group with the current value checked', () => {
    const html = renderToString(
      <RatingInput field={{ label: 'Pelatih', step: 1, max: 5 }} value={4} onChange={() => {}} />,
    );
    expect(html).toMatch(/<fieldset class="jet-reviews-rating-input"><legend>Pelatih<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*value="4"/);
    expect(html).toContain('4 dari 5');
  });

  test('a field with many steps is a slider', () => {
    const html = renderToString(
      <RatingInput field={{ label: 'Nilai', step: 0.5, max: 10 }} value={7.5} onChange={() => {}} />,
    );
    expect(html).toMatch(/<input[^>]*type="range"[^>]*min="0.5"[^>]*max="10"[^>]*step="0.5"/);
  });
});

describe('the reviews widget', () => {
  test('the heading counts the reviews; the average shows as a bar and a score out of 5', () => {
    const html = render(widget({ first: { list: [review(1)], total: 7, rating: 63 } }));
    expect(html).toMatch(/Ulasan <span class="jet-reviews-advanced__count">\(<!-- -->7<!-- -->\)<\/span>/);
    expect(html).toMatch(/data-rating="high"[\s\S]*Nilai rata-rata[\s\S]*width:63%[\s\S]*3,2\/5/);
  });

  test('visitor text is shown as text, never as markup', () => {
    const html = render(
      widget({
        first: {
          list: [
            review(1, {
              title: XSS,
              content: XSS,
              author: { id: '', name: XSS, mail: '', avatar: '' },
              comments: [comment(XSS, XSS)],
            }),
          ],
          total: 1,
          rating: 80,
        },
      }),
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
  });

  test('pinned reviews keep the server’s order and carry a mark; pending ones say so', () => {
    const html = render(
      widget({ first: { list: [review(1, { pinned: true }), review(2, { approved: false })], total: 1, rating: 80 } }),
    );
    expect(html.indexOf('data-review-id="1"')).toBeLessThan(html.indexOf('data-review-id="2"'));
    expect(reviewHtml(html, 1)).toContain('data-pinned="true"');
    expect(reviewHtml(html, 1)).toContain('Disematkan');
    expect(reviewHtml(html, 2)).not.toContain('Disematkan');
    expect(reviewHtml(html, 2)).toContain('data-pending="true"');
    expect(reviewHtml(html, 2)).toContain('Menunggu persetujuan');
  });

  test('reviews with more than one rating field have a details toggle, closed at first', () => {
    const one = [{ field_label: 'Rating', field_value: 4, field_step: 1, field_max: 5 }];
    const html = render(
      widget({ first: { list: [review(1), review(2, { rating_data: one })], total: 2, rating: 80 } }),
    );
    expect(reviewHtml(html, 1)).toMatch(
      /<button[^>]*aria-expanded="false"[^>]*aria-controls="[^"]+"[^>]*>Rincian nilai/,
    );
    expect(reviewHtml(html, 1)).toMatch(
      /class="jet-reviews-advanced__review-details"[^>]*hidden=""[\s\S]*Pelatih[\s\S]*5\/5[\s\S]*Fasilitas[\s\S]*3\/5/,
    );
    expect(reviewHtml(html, 2)).not.toContain('Rincian nilai');
  });

  test('verification badges show their label and explain themselves', () => {
    const html = render(
      widget({
        first: {
          list: [review(1, { verifications: [{ slug: 'staff', label: 'Guru', message: 'Akun staf sekolah' }] })],
          total: 1,
          rating: 80,
        },
      }),
    );
    expect(html).toMatch(/data-verification="staff" title="Akun staf sekolah">[\s\S]*Guru<\/span>/);
  });

  test('likes and dislikes are toggle buttons with their counts', () => {
    const html = reviewHtml(render(widget()), 2);
    expect(html).toMatch(
      /aria-pressed="false"[^>]*>[\s\S]*Suka <span class="jet-reviews-approval-button__count">2<\/span>/,
    );
    expect(html).toMatch(/Tidak suka <span class="jet-reviews-approval-button__count">1<\/span>/);
    const noVotes = render(widget({ settings: { ...widget().settings, approvalAllowed: false } }));
    expect(noVotes).not.toContain('aria-pressed');
  });

  test('comments: a form button, and a shown/hidden list with its count', () => {
    const withComments = review(1, { comments: [comment('Budi', 'Setuju')] });
    const html = reviewHtml(render(widget({ first: { list: [withComments], total: 1, rating: 80 } })), 1);
    expect(html).toMatch(/aria-expanded="false"[^>]*>Tulis komentar/);
    expect(html).toMatch(/aria-expanded="false"[^>]*>Tampilkan komentar<!-- --> \(<!-- -->1<!-- -->\)/);
    expect(html).toMatch(/class="jet-reviews-advanced__review-comments"[^>]*hidden=""/);
  });

  test('a guest may write a review; where guests may not, they are sent to sign in', () => {
    expect(render(widget())).toMatch(/<button type="button" class="button" hidden="">Tulis ulasan<\/button>/);
    const closed = render(
      widget({ user: { ...guest, canReview: { allowed: false, message: 'Silakan masuk untuk menulis ulasan.' } } }),
    );
    expect(closed).not.toContain('Tulis ulasan</button>');
    expect(closed).toContain('Silakan masuk untuk menulis ulasan.');
    expect(closed).toContain('href="/masuk/?redirect_to=%2Fekskul%2Ffutsal%2F"');
  });

  test('a user who has reviewed sees the label instead of the form', () => {
    const html = render(widget({ user: { ...editor, canModerate: false }, reviewed: true }));
    expect(html).toContain('*Already reviewed');
    expect(html).not.toContain('Tulis ulasan</button>');
  });

  test('moderation buttons only for editors', () => {
    expect(render(widget())).not.toContain('Moderasi ulasan');
    const html = render(
      widget({
        user: editor,
        first: { list: [review(1, { pinned: true }), review(2, { approved: false })], total: 1, rating: 80 },
      }),
    );
    expect(reviewHtml(html, 1)).toMatch(/Moderasi ulasan[\s\S]*Batalkan persetujuan[\s\S]*Lepas sematan[\s\S]*Hapus/);
    expect(reviewHtml(html, 2)).toMatch(/Moderasi ulasan[\s\S]*>Setujui<[\s\S]*>Sematkan<[\s\S]*Hapus/);
  });

  test('pages: none for one page; previous, next, the jumps and the numbers for more', () => {
    expect(render(widget())).not.toContain('Halaman ulasan');
    const html = render(widget({ first: { list: [review(1)], total: 95, rating: 80 } }));
    expect(html).toContain('<nav class="jet-reviews-widget-pagination" aria-label="Halaman ulasan">');
    expect(html).toMatch(/aria-label="Mundur 5 halaman" aria-disabled="true"/);
    expect(html).toMatch(/aria-label="Halaman 1" aria-current="page"/);
    expect(html).toContain('aria-label="Halaman 10"');
    expect(html).toContain('aria-label="Maju 5 halaman"');
    expect(html).toContain('>Berikutnya</a>');
  });

  test('no reviews yet: an invitation instead of an empty list', () => {
    const html = render(widget({ first: { list: [], total: 0, rating: 0 } }));
    expect(html).toContain('Belum ada ulasan');
    expect(html).not.toContain('Nilai rata-rata');
  });
});

describe('the simple review widget', () => {
  const simple = (over: Partial<SimpleReviewData> = {}): SimpleReviewData => ({
    postId: 40,
    // The default review type (spec 000 §9).
    fields: [{ label: 'Rating', step: 1, max: 5 }],
    user: null,
    own: null,
    list: [review(1, { title: XSS })],
    total: 1,
    rating: 80,
    ...over,
  });
  const renderSimple = (data: SimpleReviewData) => renderToString(<SimpleReview data={data} path="/galeri/pentas/" />);

  test('a visitor gets the sign-in link and the approved reviews, as text', () => {
    const html = renderSimple(simple());
    expect(html).toContain('href="/masuk/?redirect_to=%2Fgaleri%2Fpentas%2F">Masuk untuk menulis ulasan</a>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<form');
  });

  test('a signed-in user without a review gets the form with a 1-5 rating', () => {
    const html = renderSimple(simple({ user: { id: 3, name: 'Sari' } }));
    expect(html).toContain('<form class="jet-reviews-simple__form"');
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).not.toContain('Masuk untuk menulis ulasan');
  });

  test('a user with a review sees it and can remove it', () => {
    const html = renderSimple(simple({ user: { id: 3, name: 'Sari' }, own: review(8, { title: 'Punyaku' }) }));
    expect(html).toMatch(/Ulasan Anda[\s\S]*Punyaku[\s\S]*Hapus ulasan saya/);
    // Issue 21: a form that posts to the page without the script; the button is never disabled.
    expect(html).toContain('<form action="/galeri/pentas/#ulasan" method="post">');
    expect(html).toContain('name="jet_reviews_action" value="remove_review"');
    expect(html).not.toContain('disabled');
    expect(html).not.toContain('jet-reviews-simple__form');
  });
});
