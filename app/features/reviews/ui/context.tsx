import {
  type ButtonHTMLAttributes,
  createContext,
  type Dispatch,
  type ReactNode,
  type Ref,
  useContext,
  useId,
  useState,
} from 'react';
import { isValidEmail, LABELS, LIMITS, type SourceSettings, type UserData } from '../model';
import type { CaptchaAction } from './api';
import { browserStorage, guestIdOf } from './guest-data';
import type { ListAction } from './reviews-list';

/** What every part of one reviews widget shares: the source, the visitor and the list's dispatch. */
export interface ReviewsEnv {
  source: string;
  sourceId: number;
  settings: SourceSettings;
  user: UserData;
  /** no signed-in user: guest id, name and e-mail come from local storage (spec 000 §6) */
  isGuest: boolean;
  /** the guest's last name and e-mail ('' until read from local storage after hydration) */
  guestName: string;
  guestMail: string;
  rememberGuest: (name: string, mail: string) => void;
  /** ALTCHA captcha on the forms */
  captcha: boolean;
  /** the captcha challenge address of an action */
  challengeUrl: (action: CaptchaAction) => string;
  dispatch: Dispatch<ListAction>;
  /** says something in the widget's polite live region */
  announce: (text: string) => void;
}

export const ReviewsEnvContext = createContext<ReviewsEnv | null>(null);

export function useReviewsEnv(): ReviewsEnv {
  const env = useContext(ReviewsEnvContext);
  if (!env) throw new Error('useReviewsEnv outside a reviews widget');
  return env;
}

/**
 * The author fields of a payload. A guest sends the stored guest id and the name and e-mail typed in
 * the form (remembered for next time); a signed-in user sends their own (the server reads the session).
 */
export function authorFields(env: ReviewsEnv, name: string, mail: string) {
  if (!env.isGuest) return { author_id: env.user.id, author_name: env.user.name, author_mail: env.user.mail };
  env.rememberGuest(name.trim(), mail.trim());
  return { author_id: guestIdOf(browserStorage()), author_name: name.trim(), author_mail: mail.trim() };
}

/** Who votes on a review (call 12's `author_id`): the guest id for guests, the user's id otherwise. */
export function voterId(env: ReviewsEnv): string {
  return env.isGuest ? guestIdOf(browserStorage()) : env.user.id;
}

/**
 * A labelled text field that says '*This field is required or not valid' once left empty or wrong
 * (spec 000 §8); it is valid when not blank, unless `valid` says otherwise.
 */
export function Field({
  label,
  value,
  onChange,
  valid = value.trim() !== '',
  multiline = false,
  type = 'text',
  maxLength,
  autoComplete,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  valid?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email';
  maxLength?: number;
  autoComplete?: string;
  inputRef?: React.Ref<HTMLInputElement & HTMLTextAreaElement>;
}) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const invalid = touched && !valid;
  const common = {
    id,
    value,
    maxLength,
    required: true,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${id}-error` : undefined,
    onBlur: () => setTouched(true),
    ref: inputRef,
  };
  return (
    <div className="jet-reviews-field" data-invalid={invalid || undefined}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
      {invalid ? (
        <p id={`${id}-error`} className="jet-reviews-field__error">
          {LABELS.invalidField}
        </p>
      ) : null}
    </div>
  );
}

/** A guest's name and e-mail (spec 000 §5: guests need both, the e-mail valid), under any form. */
export function GuestFields({
  className,
  name,
  onName,
  mail,
  onMail,
}: {
  className: string;
  name: string;
  onName: (value: string) => void;
  mail: string;
  onMail: (value: string) => void;
}) {
  return (
    <div className={className}>
      <Field label="Nama" value={name} onChange={onName} maxLength={LIMITS.name} autoComplete="name" />
      <Field
        label="E-mail"
        type="email"
        value={mail}
        onChange={onMail}
        valid={isValidEmail(mail.trim())}
        maxLength={LIMITS.mail}
        autoComplete="email"
      />
    </div>
  );
}

/** A guest's name and e-mail as typed in a form, first those of their last comment or review. */
export function useGuest() {
  const env = useReviewsEnv();
  const [name, onName] = useState(env.guestName);
  const [mail, onMail] = useState(env.guestMail);
  return { name, onName, mail, onMail };
}

/**
 * The end of a comment or review form: a guest's name and e-mail, the captcha, then "Batal" and the
 * submit button, which appears only when the form is valid (spec 000 §5); `hint` says what is missing.
 */
export function FormEnd({
  classPrefix,
  guest,
  captcha,
  valid,
  sending,
  children,
  hint = null,
  onCancel,
}: {
  /** the form's class before `author` and `controls` */
  classPrefix: string;
  /** the name and e-mail a guest types (useGuest) */
  guest: ReturnType<typeof useGuest>;
  captcha: ReactNode;
  valid: boolean;
  sending: boolean;
  /** the submit button's words */
  children: string;
  hint?: ReactNode;
  onCancel: () => void;
}) {
  const env = useReviewsEnv();
  return (
    <>
      {env.isGuest ? <GuestFields className={`${classPrefix}author`} {...guest} /> : null}
      {captcha}
      <div className={`${classPrefix}controls`}>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Batal
        </button>
        {valid ? (
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            {sending ? 'Mengirim…' : children}
          </button>
        ) : (
          hint
        )}
      </div>
    </>
  );
}

/** A button in the look of a link that shows or hides a part of a review (its details, its comments, a form). */
export function ToggleButton(props: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return <button type="button" className="jet-reviews-link-button" {...props} />;
}

/** A review's title and text, both required (spec 000 §5), in the full and the simple form alike. */
export function ReviewTextFields({
  title,
  onTitle,
  content,
  onContent,
  titleRef,
}: {
  title: string;
  onTitle: (value: string) => void;
  content: string;
  onContent: (value: string) => void;
  titleRef?: React.Ref<HTMLInputElement & HTMLTextAreaElement>;
}) {
  return (
    <>
      <Field label="Judul ulasan" value={title} onChange={onTitle} maxLength={LIMITS.title} inputRef={titleRef} />
      <Field label="Ulasan" value={content} onChange={onContent} multiline maxLength={LIMITS.content} />
    </>
  );
}
