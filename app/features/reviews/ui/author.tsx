import type { Author, Verification, WireDate } from '../model';

/** Who wrote a review or comment, their verification badges and when (all visitor text is rendered as text). */
export function AuthorLine({
  author,
  date,
  verifications,
  id,
}: {
  author: Author;
  date: WireDate;
  verifications: Verification[];
  /** the id that names the review or comment it heads */
  id?: string;
}) {
  return (
    <div className="jet-reviews-user-data">
      <span className="jet-reviews-user-data__avatar" aria-hidden="true">
        {initial(author.name)}
      </span>
      <span className="jet-reviews-user-data__name" id={id}>
        {author.name}
      </span>
      {verifications.length > 0 ? (
        <span className="jet-reviews-user-data__verifications">
          {verifications.map((v) => (
            <span
              key={v.slug}
              className="jet-reviews-user-data__verification"
              data-verification={v.slug}
              title={v.message}
            >
              <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M6.4 11.2 3.2 8l1.1-1.1 2.1 2.1 5.3-5.3L12.8 4.8z" />
              </svg>
              {v.label}
            </span>
          ))}
        </span>
      ) : null}
      <time className="jet-reviews-user-data__date" dateTime={date.raw}>
        {date.human_diff}
      </time>
    </div>
  );
}

function initial(name: string): string {
  return ([...name.trim()][0] ?? '?').toUpperCase();
}
