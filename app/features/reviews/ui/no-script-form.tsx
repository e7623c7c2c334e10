import { LIMITS, REVIEW_FORM_MESSAGES, type ReviewFormStatus, type TypeField } from '../model';

/** The posted field that tells the page's action a new review comes (not a filter form). */
export const REVIEW_FORM_MARKER = { name: 'jet_reviews_action', value: 'submit_review' } as const;
/** The same field on the simple widget's "Hapus ulasan saya" form. */
export const REMOVE_REVIEW_MARKER = { name: REVIEW_FORM_MARKER.name, value: 'remove_review' } as const;

/** The star values a field takes: its step up to its max. */
function ratingValues(field: TypeField): number[] {
  const values: number[] = [];
  for (let i = 1; i * field.step <= field.max + 1e-9 && values.length < 100; i += 1) {
    values.push(Number((i * field.step).toFixed(6)));
  }
  return values;
}

/** What a guest is asked besides the review, each posted as `author_<key>`: a name and an e-mail address. */
const GUEST_FIELDS = [
  { key: 'name', label: 'Nama', type: 'text', maxLength: LIMITS.name, autoComplete: 'name' },
  { key: 'mail', label: 'E-mail', type: 'email', maxLength: LIMITS.mail, autoComplete: 'email' },
] as const;

/**
 * The new-review form for browsers without JavaScript: a plain POST to the post's own address,
 * which the page's action answers with a redirect back here (`?ulasan_status=`). Rendered inside
 * `<noscript>`: React renders it on the server and leaves it alone in the browser.
 */
export function NoScriptReviewForm({
  path,
  sourceId,
  fields,
  guest,
  captcha,
}: {
  path: string;
  sourceId: number;
  fields: TypeField[];
  /** a visitor: name and e-mail are asked */
  guest: boolean;
  /** the captcha needs JavaScript: the form is not offered */
  captcha: boolean;
}) {
  if (captcha) {
    return (
      <noscript>
        <p className="jet-reviews-message">Aktifkan JavaScript untuk menulis ulasan.</p>
      </noscript>
    );
  }
  const id = (name: string) => `ulasan-${sourceId}-${name}`;
  return (
    <noscript>
      <form
        className="jet-reviews-advanced__form jet-reviews-advanced__form--no-js"
        method="post"
        action={`${path}#ulasan`}
      >
        <input type="hidden" name={REVIEW_FORM_MARKER.name} value={REVIEW_FORM_MARKER.value} />
        <input type="hidden" name="source_id" value={sourceId} />
        <div className="jet-reviews-field">
          <label htmlFor={id('title')}>Judul ulasan</label>
          <input id={id('title')} name="title" type="text" required maxLength={LIMITS.title} />
        </div>
        <div className="jet-reviews-field">
          <label htmlFor={id('content')}>Ulasan</label>
          <textarea id={id('content')} name="content" required maxLength={LIMITS.content} rows={4} />
        </div>
        <div className="jet-reviews-advanced__form-ratings">
          {fields.map((f, i) => (
            <div className="jet-reviews-field" key={f.label}>
              <label htmlFor={id(`rating-${i}`)}>{f.label}</label>
              <select id={id(`rating-${i}`)} name={`rating_${i}`} defaultValue={String(f.max)}>
                {ratingValues(f).map((v) => (
                  <option key={v} value={v}>
                    {v} dari {f.max}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        {guest ? (
          <div className="jet-reviews-advanced__form-author">
            {GUEST_FIELDS.map(({ key, label, ...input }) => (
              <div className="jet-reviews-field" key={key}>
                <label htmlFor={id(key)}>{label}</label>
                <input id={id(key)} name={`author_${key}`} required {...input} />
              </div>
            ))}
          </div>
        ) : null}
        <div className="jet-reviews-advanced__form-controls">
          <button type="submit" className="button">
            Kirim ulasan
          </button>
        </div>
      </form>
    </noscript>
  );
}

/** The answer to the form sent without JavaScript, shown where the form was. */
export function ReviewFormStatusMessage({ status }: { status: ReviewFormStatus | null | undefined }) {
  if (!status) return null;
  const ok = status === 'review-created' || status === 'need-approve' || status === 'review-removed';
  return (
    <p className="jet-reviews-advanced__form-status" role="status" data-kind={ok ? 'done' : 'error'}>
      {REVIEW_FORM_MESSAGES[status]}
    </p>
  );
}
