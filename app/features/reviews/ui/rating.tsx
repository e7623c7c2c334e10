import { useId } from 'react';
import { barWidth, type RatingField, ratingClass, type TypeField } from '../model';

/** A percent as a score out of 5 with one decimal, written the Indonesian way ("4,2"); the same on server and browser. */
export function scoreOutOfFive(percent: number): string {
  return String(Math.round(percent / 2) / 10).replace('.', ',');
}

/**
 * A rating bar (the original's points field): its colour from the percent (spec 000 §5) as
 * `data-rating`, its width never below 10 % so a low rating still shows. The text beside it says
 * the value; the bar itself is decoration.
 */
export function RatingBar({ percent, label, value }: { percent: number; label?: string; value: string }) {
  return (
    <div className="jet-reviews-points-field" data-rating={ratingClass(percent)}>
      {label ? <span className="jet-reviews-points-field__label">{label}</span> : null}
      <span className="jet-reviews-points-field__bar" aria-hidden="true">
        <span className="jet-reviews-points-field__fill" style={{ width: `${barWidth(percent)}%` }} />
      </span>
      <span className="jet-reviews-points-field__value">{value}</span>
    </div>
  );
}

/** A rated field of a review, as a bar with "value/max". */
export function FieldBar({ field }: { field: RatingField }) {
  const percent = field.field_max > 0 ? (100 * field.field_value) / field.field_max : 0;
  return (
    <RatingBar
      percent={percent}
      label={field.field_label}
      value={`${String(field.field_value).replace('.', ',')}/${field.field_max}`}
    />
  );
}

/** The values a field offers: step, 2×step … max. */
export function fieldValues(field: Pick<TypeField, 'step' | 'max'>): number[] {
  const out: number[] = [];
  const count = Math.floor(field.max / field.step + 1e-9);
  for (let i = 1; i <= count; i++) out.push(Math.round(i * field.step * 1000) / 1000);
  return out;
}

/** Fields with more values than this are a slider instead of a row of stars. */
const MAX_STARS = 10;

/**
 * The rating input of one field of the review type: a group of radio buttons drawn as stars (Tab
 * enters the group, the arrow keys move the choice), or a range slider for fields with many steps.
 */
export function RatingInput({
  field,
  value,
  onChange,
}: {
  field: TypeField;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const values = fieldValues(field);
  if (values.length > MAX_STARS) {
    return (
      <div className="jet-reviews-rating-input jet-reviews-rating-input--slider">
        <label htmlFor={id}>{field.label}</label>
        <input
          id={id}
          type="range"
          min={field.step}
          max={field.max}
          step={field.step}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <output htmlFor={id}>{`${String(value).replace('.', ',')}/${field.max}`}</output>
      </div>
    );
  }
  return (
    <fieldset className="jet-reviews-rating-input">
      <legend>{field.label}</legend>
      <div className="jet-reviews-stars">
        {values.map((v) => (
          <span key={v} className="jet-reviews-star" data-filled={v <= value || undefined}>
            <input
              id={`${id}-${v}`}
              type="radio"
              name={id}
              value={v}
              checked={v === value}
              onChange={() => onChange(v)}
              className="visually-hidden"
            />
            <label htmlFor={`${id}-${v}`}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
              </svg>
              <span className="visually-hidden">{`${String(v).replace('.', ',')} dari ${field.max}`}</span>
            </label>
          </span>
        ))}
        <span className="jet-reviews-stars__value" aria-hidden="true">
          {`${String(value).replace('.', ',')}/${field.max}`}
        </span>
      </div>
    </fieldset>
  );
}
