import { useId, useRef, useState } from 'react';
import { nextApproval, type ReviewComment, type ReviewItem } from '../model';
import { fetchCommentsPage, type ModerationOperation, moderateReview, updateApproval } from './api';
import { AuthorLine } from './author';
import { CommentForm, CommentList } from './comments';
import { ToggleButton, useReviewsEnv, voterId } from './context';
import { browserStorage, rememberRating } from './guest-data';
import { FieldBar, RatingBar, scoreOutOfFive } from './rating';
import { commentCount } from './reviews-list';

/** One review: author, title, rating (with details), text, likes, comments and, for editors, moderation. */
export function ReviewCard({ review }: { review: ReviewItem }) {
  const env = useReviewsEnv();
  const titleId = useId();
  const detailsId = useId();
  const commentsId = useId();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [commentFormOpen, setCommentFormOpen] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const commentButton = useRef<HTMLButtonElement>(null);
  const count = commentCount(review.comments);
  const canComment = env.settings.commentsAllowed && env.user.canComment.allowed;
  const canRate = env.settings.approvalAllowed && env.user.canRate;
  const hasDetails = review.rating_data.length > 1;

  return (
    <li
      className="jet-reviews-advanced__review"
      data-review-id={review.id}
      data-pinned={review.pinned || undefined}
      data-pending={!review.approved || undefined}
    >
      <article aria-labelledby={titleId}>
        <header className="jet-reviews-advanced__review-header">
          <AuthorLine author={review.author} date={review.date} verifications={review.verifications} />
          <p className="jet-reviews-advanced__review-marks">
            {review.pinned ? (
              <span className="jet-reviews-advanced__review-pin">
                <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="M10 1l5 5-2 1-2.5 2.5L10 13l-1.5 1.5L6 12l-4 4-.5-.5 4-4L3 9l1.5-1.5L8 7l2.5-2.5z" />
                </svg>
                Disematkan
              </span>
            ) : null}
            {!review.approved ? (
              <span className="jet-reviews-advanced__review-pending">Menunggu persetujuan</span>
            ) : null}
          </p>
          <h3 className="jet-reviews-advanced__review-title" id={titleId}>
            {review.title}
          </h3>
          <div className="jet-reviews-advanced__review-rating">
            {/* A review without rated fields (imported comments' holder, issue 26) has no rating to show. */}
            {review.rating_data.length > 0 ? (
              <RatingBar percent={review.rating} label="Nilai" value={`${scoreOutOfFive(review.rating)}/5`} />
            ) : null}
            {hasDetails ? (
              <ToggleButton
                aria-expanded={detailsOpen}
                aria-controls={detailsId}
                onClick={() => setDetailsOpen((o) => !o)}
              >
                Rincian nilai
              </ToggleButton>
            ) : null}
          </div>
          {hasDetails ? (
            <div className="jet-reviews-advanced__review-details" id={detailsId} hidden={!detailsOpen}>
              {review.rating_data.map((f) => (
                <FieldBar key={f.field_label} field={f} />
              ))}
            </div>
          ) : null}
        </header>
        <p className="jet-reviews-advanced__review-content">{review.content}</p>
        <footer className="jet-reviews-advanced__review-footer">
          {canRate ? <Approval review={review} /> : null}
          {canComment ? (
            <ToggleButton
              ref={commentButton}
              aria-expanded={commentFormOpen}
              onClick={() => setCommentFormOpen((o) => !o)}
            >
              Tulis komentar
            </ToggleButton>
          ) : null}
          {count > 0 ? (
            <ToggleButton
              aria-expanded={commentsOpen}
              aria-controls={commentsId}
              onClick={() => setCommentsOpen((o) => !o)}
            >
              {commentsOpen ? 'Sembunyikan komentar' : 'Tampilkan komentar'} ({count})
            </ToggleButton>
          ) : null}
        </footer>
        {env.user.canModerate ? <Moderation review={review} /> : null}
        {commentFormOpen ? (
          <CommentForm
            reviewId={review.id}
            parentId={0}
            label="Komentar"
            onCancel={() => {
              setCommentFormOpen(false);
              commentButton.current?.focus();
            }}
            onSent={(comment) => {
              env.dispatch({ type: 'comment', reviewId: review.id, comment });
              // spec 000 §4: a new comment goes to the top and the list opens.
              setCommentsOpen(true);
              setCommentFormOpen(false);
              env.announce('Komentar terkirim');
              commentButton.current?.focus();
            }}
          />
        ) : null}
        {count > 0 ? (
          <div className="jet-reviews-advanced__review-comments" id={commentsId} hidden={!commentsOpen}>
            <MoreComments review={review} />
          </div>
        ) : null}
      </article>
    </li>
  );
}

/**
 * A review's comment threads: call 9's newest 50, then 50 more at each "Muat komentar lainnya"
 * (issue 21, `get-review-comments`). A thread already shown is not shown twice (new comments move
 * the pages on); the first thread loaded takes the focus when the button goes.
 */
function MoreComments({ review }: { review: ReviewItem }) {
  const env = useReviewsEnv();
  const [more, setMore] = useState<ReviewComment[]>([]);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [focusId, setFocusId] = useState<number | undefined>();
  const shownIds = new Set(review.comments.map((c) => c.id));
  const threads = [...review.comments, ...more.filter((c) => !shownIds.has(c.id))];
  const left = review.comments_total - threads.filter((c) => c.parent_id === 0).length;

  async function load() {
    if (loading) return;
    setLoading(true);
    setError('');
    const answer = await fetchCommentsPage({ review_id: review.id, page });
    setLoading(false);
    if (!answer.success || !answer.data) {
      setError(answer.message);
      return;
    }
    const known = new Set(threads.map((c) => c.id));
    const fresh = answer.data.list.filter((c) => !known.has(c.id));
    setMore((m) => [...m, ...fresh]);
    setPage(page + 1);
    if (fresh[0] && threads.length + fresh.length >= answer.data.total) setFocusId(fresh[0].id);
    env.announce(`${fresh.length} komentar lagi dimuat`);
  }

  return (
    <>
      <CommentList comments={threads} focusId={focusId} />
      {left > 0 ? (
        <button
          type="button"
          className="button button--secondary jet-reviews-advanced__more-comments"
          aria-disabled={loading || undefined}
          onClick={load}
        >
          {loading ? 'Memuat…' : `Muat komentar lainnya (${left})`}
        </button>
      ) : null}
      {error ? (
        <p className="jet-reviews-message" role="status" data-kind="error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The two votes of call 12, with their labels and thumb icons. */
const VOTES = [
  {
    type: 'like',
    label: 'Suka',
    icon: 'M2 21h4V9H2v12zm20-11c0-1.1-.9-2-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10c0 1.1.9 2 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z',
  },
  {
    type: 'dislike',
    label: 'Tidak suka',
    icon: 'M22 3h-4v12h4V3zM2 14c0 1.1.9 2 2 2h6.3l-1 4.6v.3c0 .4.2.8.4 1.1l1.1 1L17.4 16.4c.4-.4.6-.9.6-1.4V5c0-1.1-.9-2-2-2H7c-.8 0-1.5.5-1.8 1.2l-3 7.1c-.1.2-.2.5-.2.7v2z',
  },
] as const;

/** Like and dislike toggles (call 12): the counts come from the answer; a failure only logs (spec 000 §8). */
function Approval({ review }: { review: ReviewItem }) {
  const env = useReviewsEnv();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  async function toggle(type: 'like' | 'dislike') {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const answer = await updateApproval({
        review_id: review.id,
        type,
        inc: !review.approval[type],
        current_state: review.approval,
        author_id: voterId(env),
      });
      if (!answer.success || !answer.data) {
        console.warn(answer.message);
        return;
      }
      const { like, dislike } = answer.data;
      const approval = answer.data.approval ?? nextApproval(review.approval, type);
      env.dispatch({ type: 'approval', id: review.id, like, dislike, approval });
      if (env.isGuest) rememberRating(browserStorage(), env.source, review.id, approval);
    } catch (error) {
      console.warn('approval', error);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <span className="jet-reviews-advanced__review-approval" aria-busy={pending || undefined}>
      {VOTES.map(({ type, label, icon }) => (
        <button
          key={type}
          type="button"
          className="jet-reviews-approval-button"
          data-type={type}
          aria-pressed={review.approval[type]}
          onClick={() => toggle(type)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={icon} />
          </svg>
          {`${label} `}
          <span className="jet-reviews-approval-button__count">{review[type]}</span>
        </button>
      ))}
    </span>
  );
}

const CONFIRM_DELETE = 'Hapus ulasan ini? Tindakan ini tidak dapat dibatalkan.';

/** Editors: approve or unapprove, pin or unpin, delete (after a confirmation). */
function Moderation({ review }: { review: ReviewItem }) {
  const env = useReviewsEnv();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function run(operation: ModerationOperation) {
    if (busy) return;
    if (operation === 'delete' && !window.confirm(CONFIRM_DELETE)) return;
    setBusy(true);
    setError('');
    try {
      const answer = await moderateReview({ review_id: review.id, operation });
      if (!answer.success || !answer.data) {
        setError(answer.message);
        return;
      }
      const { item, rating, total } = answer.data;
      env.dispatch({
        type: 'moderated',
        id: review.id,
        item: item ?? null,
        rating: Number(rating),
        total: Number(total),
      });
      env.announce(MODERATED[operation]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="jet-reviews-moderation" aria-busy={busy || undefined}>
      <legend className="visually-hidden">Moderasi ulasan</legend>
      <button
        type="button"
        className="button button--small"
        onClick={() => run(review.approved ? 'unapprove' : 'approve')}
      >
        {review.approved ? 'Batalkan persetujuan' : 'Setujui'}
      </button>
      <button type="button" className="button button--small" onClick={() => run(review.pinned ? 'unpin' : 'pin')}>
        {review.pinned ? 'Lepas sematan' : 'Sematkan'}
      </button>
      <button type="button" className="button button--small button--danger" onClick={() => run('delete')}>
        Hapus
      </button>
      {error ? (
        <p className="jet-reviews-message" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const MODERATED: Record<ModerationOperation, string> = {
  approve: 'Ulasan disetujui',
  unapprove: 'Persetujuan ulasan dibatalkan',
  pin: 'Ulasan disematkan',
  unpin: 'Sematan ulasan dilepas',
  delete: 'Ulasan dihapus',
};
