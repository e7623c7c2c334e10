import { useId, useRef, useState } from 'react';
import { useHydrated } from '~/ui/use-hydrated';
import type { ReviewItem, SimpleReviewData, TypeField } from '../model';
import { addMetaReview, removeReview } from './api';
import { AuthorLine } from './author';
import { ReviewTextFields } from './context';
import { REMOVE_REVIEW_MARKER, ReviewFormStatusMessage } from './no-script-form';
import { WIDGET_ANCHOR } from './pager';
import { RatingBar, RatingInput, scoreOutOfFive } from './rating';
import { signIn } from './reviews-widget';

const RATING: TypeField = { label: 'Nilai', step: 1, max: 5 };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The simple review widget of gallery items (spec 000 §7 calls 14 and 15): a signed-in user writes one
 * review or removes their own, and the page reloads; a visitor is offered the sign-in page.
 */
export function SimpleReview({ data, path }: { data: SimpleReviewData; path: string }) {
  const hydrated = useHydrated();
  const headingId = useId();
  return (
    <section
      className="jet-reviews-simple"
      id={WIDGET_ANCHOR}
      aria-labelledby={headingId}
      data-hydrated={hydrated || undefined}
    >
      <h2 className="jet-reviews-simple__heading" id={headingId}>
        Ulasan <span className="jet-reviews-advanced__count">({data.total})</span>
      </h2>
      <ReviewFormStatusMessage status={data.formStatus} />
      {data.total > 0 ? (
        <RatingBar percent={data.rating} label="Nilai rata-rata" value={`${scoreOutOfFive(data.rating)}/5`} />
      ) : null}
      {data.user === null ? (
        <p>
          <a className="button" href={signIn(path)}>
            Masuk untuk menulis ulasan
          </a>
        </p>
      ) : data.own ? (
        <OwnReview postId={data.postId} userId={data.user.id} review={data.own} path={path} />
      ) : (
        <SimpleForm postId={data.postId} field={data.fields[0] ? { ...data.fields[0], label: RATING.label } : RATING} />
      )}
      {data.list.length > 0 ? (
        <ol className="jet-reviews-simple__list">
          {data.list.map((r) => (
            <li key={r.id} className="jet-reviews-simple__item">
              <SimpleCard review={r} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="jet-reviews-advanced__empty">Belum ada ulasan.</p>
      )}
    </section>
  );
}

function SimpleCard({ review }: { review: ReviewItem }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId}>
      <AuthorLine author={review.author} date={review.date} verifications={review.verifications} />
      <h3 className="jet-reviews-advanced__review-title" id={titleId}>
        {review.title}
      </h3>
      <RatingBar percent={review.rating} label="Nilai" value={`${scoreOutOfFive(review.rating)}/5`} />
      <p className="jet-reviews-advanced__review-content">{review.content}</p>
    </article>
  );
}

function OwnReview({
  postId,
  userId,
  review,
  path,
}: {
  postId: number;
  userId: number;
  review: ReviewItem;
  path: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // With the script, call 15 after a confirmation; before it runs (or without it), the form posts to
  // the page, which removes the review and comes back here with a message: a tap is never lost.
  async function remove(event: React.FormEvent) {
    event.preventDefault();
    if (busy || !window.confirm('Hapus ulasan Anda?')) return;
    setBusy(true);
    setError('');
    const answer = await removeReview({ post_id: postId, user_id: userId });
    if (answer.type === 'success') {
      window.location.reload();
      return;
    }
    setError(answer.message);
    setBusy(false);
  }
  return (
    <div className="jet-reviews-simple__own">
      <h3 className="jet-reviews-simple__subheading">Ulasan Anda</h3>
      <SimpleCard review={review} />
      <form method="post" action={`${path}#${WIDGET_ANCHOR}`} onSubmit={remove}>
        <input type="hidden" name={REMOVE_REVIEW_MARKER.name} value={REMOVE_REVIEW_MARKER.value} />
        <input type="hidden" name="post_id" value={postId} />
        <button type="submit" className="button button--danger" aria-disabled={busy || undefined}>
          Hapus ulasan saya
        </button>
      </form>
      <p className="jet-reviews-message" role="status" data-kind={error ? 'error' : undefined}>
        {error}
      </p>
    </div>
  );
}

function SimpleForm({ postId, field }: { postId: number; field: TypeField }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [rating, setRating] = useState(field.max);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const busyRef = useRef(false);
  const valid = title.trim() !== '' && content.trim() !== '';

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!valid || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError('');
    const now = new Date();
    const answer = await addMetaReview({
      post_id: postId,
      review_time: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
      review_date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      title: title.trim(),
      content: content.trim(),
      rating,
    });
    if (answer.type === 'success') {
      window.location.reload();
      return;
    }
    setError(answer.message);
    busyRef.current = false;
    setBusy(false);
  }

  return (
    <form className="jet-reviews-simple__form" onSubmit={send} noValidate aria-busy={busy || undefined}>
      <h3 className="jet-reviews-simple__subheading">Tulis ulasan</h3>
      <ReviewTextFields title={title} onTitle={setTitle} content={content} onContent={setContent} />
      <RatingInput field={field} value={rating} onChange={setRating} />
      {valid ? (
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Mengirim…' : 'Kirim ulasan'}
        </button>
      ) : (
        <p className="jet-reviews-advanced__form-hint">Isi judul dan ulasan untuk mengirim.</p>
      )}
      <p className="jet-reviews-message" role="status" data-kind={error ? 'error' : undefined}>
        {error}
      </p>
    </form>
  );
}
