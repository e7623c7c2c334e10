import { type FormEvent, type InputHTMLAttributes, type Ref, useEffect, useId, useRef, useState } from 'react';
import { type AccountFormState, checkPassword } from '../model';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

/** A labelled text input with its hint and its error, tied to it by aria-describedby / aria-invalid. */
export function TextField({
  name,
  label,
  hint,
  error,
  ...input
}: InputProps & { name: string; label: string; hint?: string; error?: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="account-field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="account-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form-wide messages of an action's answer: an error (role=alert) or a notice (role=status). */
export function FormMessages({ state }: { state: AccountFormState | undefined }) {
  if (state?.error) {
    return (
      <p className="account-message account-message--error" role="alert">
        {state.error}
      </p>
    );
  }
  if (state?.notice) {
    return (
      <p className="account-message account-message--notice" role="status">
        {state.notice}
      </p>
    );
  }
  return null;
}

/**
 * The password rule as the visitor types (spec 000 §5, issue 4): each rule is listed under the
 * field and flagged met or unmet from the first character; the form's submit (button or Enter) is
 * refused while one fails, or while the confirmation differs. Without JavaScript the list is a plain
 * statement of the rule and the server checks it.
 */
export function usePasswordGate(withConfirm: boolean) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempted, setAttempted] = useState(false);
  // Only a hydrated form can refuse a submit; the server's HTML must not announce a button as disabled.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const rules = checkPassword(password);
  const rulesMet = rules.every((r) => r.met);
  const confirmed = !withConfirm || password === confirm;
  const ready = rulesMet && confirmed;
  return {
    password,
    confirm,
    attempted,
    rules,
    rulesMet,
    confirmed,
    ready,
    /** For the submit button: aria-disabled while the gate is shut (after hydration only). */
    blocked: hydrated && !ready,
    passwordRef,
    confirmRef,
    onPassword: (value: string) => setPassword(value),
    onConfirm: (value: string) => setConfirm(value),
    /** The form's onSubmit: refuses (and points at the field) while the rule or the confirmation fails. */
    guard(event: FormEvent<HTMLFormElement>) {
      if (ready) return;
      event.preventDefault();
      setAttempted(true);
      (rulesMet ? confirmRef : passwordRef).current?.focus();
    },
  };
}

export type PasswordGate = ReturnType<typeof usePasswordGate>;

/** A new password's input: hidden as typed, left to the password manager, as long as the server takes. */
function NewPasswordInput({
  id,
  name,
  ...input
}: InputProps & { ref: Ref<HTMLInputElement>; id: string; name: string }) {
  return <input id={id} name={name} type="password" autoComplete="new-password" required maxLength={200} {...input} />;
}

/** The new-password field with its live rule checklist. */
export function PasswordField({
  gate,
  name = 'password',
  label,
  error,
}: {
  gate: PasswordGate;
  name?: string;
  label: string;
  error?: string;
}) {
  const id = useId();
  const typed = gate.password !== '' || gate.attempted;
  const unmet = gate.rules.filter((r) => !r.met);
  const message = error ?? (gate.attempted && unmet.length > 0 ? 'Kata sandi belum memenuhi semua aturan.' : undefined);
  const invalid = Boolean(message) || (typed && unmet.length > 0);
  const status = !typed
    ? ''
    : unmet.length === 0
      ? 'Semua aturan kata sandi terpenuhi.'
      : `Belum terpenuhi: ${unmet.map((r) => r.label).join(', ')}.`;
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <NewPasswordInput
        ref={gate.passwordRef}
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-rules${message ? ` ${id}-error` : ''}`}
        onChange={(e) => gate.onPassword(e.currentTarget.value)}
      />
      <div id={`${id}-rules`} className="password-rules">
        <p className="password-rules__title">Kata sandi harus memuat:</p>
        <ul className="password-rules__list">
          {gate.rules.map((rule) => {
            const state = !typed ? 'pending' : rule.met ? 'met' : 'unmet';
            return (
              <li key={rule.id} className="password-rules__rule" data-rule={rule.id} data-state={state}>
                <span className="password-rules__mark" aria-hidden="true">
                  {state === 'met' ? '✓' : state === 'unmet' ? '✗' : '•'}
                </span>
                {rule.label}
                {state === 'pending' ? null : (
                  <span className="visually-hidden">{state === 'met' ? ' (terpenuhi)' : ' (belum terpenuhi)'}</span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {message ? (
        <p id={`${id}-error`} className="account-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The repeat-the-password field of the reset form; flagged as soon as it differs. */
export function ConfirmPasswordField({ gate, label, error }: { gate: PasswordGate; label: string; error?: string }) {
  const id = useId();
  const mismatch = (gate.confirm !== '' || gate.attempted) && !gate.confirmed;
  const message = error ?? (mismatch ? 'Kedua kata sandi tidak sama.' : undefined);
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <NewPasswordInput
        ref={gate.confirmRef}
        id={id}
        name="password_confirm"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => gate.onConfirm(e.currentTarget.value)}
      />
      <p id={`${id}-error`} className="account-field__error" aria-live="polite">
        {message ?? ''}
      </p>
    </div>
  );
}
