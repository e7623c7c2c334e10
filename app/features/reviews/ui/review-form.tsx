import { useEffect, useRef, useState } from 'react';
import { isReviewFormValid, LABELS, type TypeField } from '../model';
import { submitReview } from './api';
import { useCaptcha } from './captcha';
import { authorFields, FormEnd, ReviewTextFields, useGuest, useReviewsEnv } from './context';
import { browserStorage, markReviewed } from './guest-data';
import { RatingInput } from './rating';

/** spec 000 §4: the new-review form is hidden, visible, submitting, then closed with a message. */
export type FormMode = 'hidden' | 'visible' | 'submitting' | 'closed';

/**
 * The new-review area of the widget: a "Tulis ulasan" button, the form (call 10) and, once sent or
 * when the visitor may not review, the message in its place.
 */
export function NewReview({
  fields,
  reviewed,
  signInHref,
}: {
  fields: TypeField[];
  /** already reviewed (the server knows it for users, local storage for guests) */
  reviewed: boolean;
  signInHref: string;
}) {
  const env = useReviewsEnv();
  const [mode, setMode] = useState<FormMode>('hidden');
  const [message, setMessage] = useState('');
  const openButton = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  // Where the focus goes once the form is gone: back to the button (cancelled) or to the message (sent).
  const focusAfter = useRef(false);
  // The button needs the script: without it the server's plain form (<noscript>) is the way to write.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (!focusAfter.current) return;
    focusAfter.current = false;
    if (mode === 'hidden') openButton.current?.focus();
    if (mode === 'closed') messageRef.current?.focus();
  }, [mode]);

  if (!env.user.canReview.allowed) {
    return (
      <div className="jet-reviews-advanced__new-review" data-state="not-allowed">
        {env.user.canReview.message ? <p className="jet-reviews-message">{env.user.canReview.message}</p> : null}
        {env.isGuest ? (
          <a className="button" href={signInHref}>
            Masuk untuk menulis ulasan
          </a>
        ) : null}
      </div>
    );
  }
  if (reviewed && mode !== 'closed') {
    return (
      <div className="jet-reviews-advanced__new-review" data-state="closed">
        <p className="jet-reviews-message">{LABELS.alreadyReviewed}</p>
      </div>
    );
  }
  return (
    <div className="jet-reviews-advanced__new-review" data-state={mode}>
      {mode === 'hidden' ? (
        <button ref={openButton} type="button" className="button" hidden={!scripted} onClick={() => setMode('visible')}>
          Tulis ulasan
        </button>
      ) : null}
      {mode === 'visible' || mode === 'submitting' ? (
        <ReviewForm
          fields={fields}
          submitting={mode === 'submitting'}
          onCancel={() => {
            focusAfter.current = true;
            setMode('hidden');
            setMessage('');
          }}
          onSubmitting={() => {
            setMode('submitting');
            setMessage('');
          }}
          onAnswer={(next, text) => {
            focusAfter.current = next === 'closed';
            setMode(next);
            setMessage(text);
          }}
        />
      ) : null}
      <p
        ref={messageRef}
        className="jet-reviews-message"
        tabIndex={-1}
        aria-live="polite"
        data-kind={mode === 'closed' ? 'done' : message ? 'error' : undefined}
      >
        {message}
      </p>
    </div>
  );
}

function ReviewForm({
  fields,
  submitting,
  onCancel,
  onSubmitting,
  onAnswer,
}: {
  fields: TypeField[];
  submitting: boolean;
  onCancel: () => void;
  onSubmitting: () => void;
  onAnswer: (mode: FormMode, message: string) => void;
}) {
  const env = useReviewsEnv();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const guest = useGuest();
  const [ratings, setRatings] = useState(() => fields.map((f) => f.max));
  const captcha = useCaptcha('submit_review');
  const titleRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  // The form opens on the visitor's request: the focus moves into it.
  useEffect(() => titleRef.current?.focus(), []);

  const valid = isReviewFormValid({ title, content, guest: env.isGuest, name: guest.name, mail: guest.mail });

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!valid || submitting) return;
    onSubmitting();
    let token: string | undefined;
    try {
      token = await captcha.token();
    } catch (error) {
      console.warn('captcha', error);
      onAnswer('visible', LABELS.captchaFailed);
      return;
    }
    const answer = await submitReview({
      source: env.source,
      source_id: env.sourceId,
      title: title.trim(),
      content: content.trim(),
      ...authorFields(env, guest.name, guest.mail),
      rating_data: fields.map((f, i) => ({
        field_label: f.label,
        field_value: ratings[i] ?? f.max,
        field_step: f.step,
        field_max: f.max,
      })),
      ...(token ? { captcha_token: token } : {}),
    });
    const code = answer.code;
    const done = answer.success || code === 'already-created';
    if (done && env.isGuest) markReviewed(browserStorage(), env.source, env.sourceId);
    if (answer.success && code === 'review-created' && answer.data?.item) {
      env.dispatch({ type: 'created', item: answer.data.item, rating: Number(answer.data.rating ?? 0) });
    }
    // spec 000 §4 and §8: the labels replace the server's words for these codes.
    const text =
      code === 'need-approve'
        ? LABELS.needApprove
        : code === 'already-created'
          ? LABELS.alreadyReviewed
          : code === 'captcha-failed'
            ? LABELS.captchaFailed
            : answer.message;
    if (!done) captcha.reset();
    onAnswer(done ? 'closed' : 'visible', text);
  }

  return (
    <form className="jet-reviews-advanced__form" onSubmit={send} noValidate aria-busy={submitting || undefined}>
      <ReviewTextFields title={title} onTitle={setTitle} content={content} onContent={setContent} titleRef={titleRef} />
      <div className="jet-reviews-advanced__form-ratings">
        {fields.map((f, i) => (
          <RatingInput
            key={f.label}
            field={f}
            value={ratings[i] ?? f.max}
            onChange={(v) => setRatings((r) => r.map((x, j) => (j === i ? v : x)))}
          />
        ))}
      </div>
      <FormEnd
        classPrefix="jet-reviews-advanced__form-"
        guest={guest}
        captcha={captcha.element}
        valid={valid}
        sending={submitting}
        hint={
          <p className="jet-reviews-advanced__form-hint">
            {env.isGuest
              ? 'Isi judul, ulasan, nama dan e-mail untuk mengirim.'
              : 'Isi judul dan ulasan untuk mengirim.'}
          </p>
        }
        onCancel={onCancel}
      >
        Kirim ulasan
      </FormEnd>
    </form>
  );
}
