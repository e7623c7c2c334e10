import { SUBSCRIBE_PATHS, type SubscribeFormConfig } from '../model';

export interface SubscribeFormProps {
  /** Unique on the page: the form's labels and messages are found by it. */
  formId: string;
  placeholder: string;
  buttonLabel: string;
  listId?: string;
  fields: ReadonlyArray<{ name: string; label: string }>;
  redirect?: string;
}

/**
 * The newsletter form (call 17), sent as plain HTML: without JavaScript it posts to the subscribe
 * page, which answers with the outcome. With JavaScript, subscribe-forms.ts takes the submit over
 * (the field's check, the loading button, the answer in place for 20 s).
 */
export function SubscribeForm({ formId, placeholder, buttonLabel, listId, fields, redirect }: SubscribeFormProps) {
  const config: SubscribeFormConfig = { listId, redirect };
  return (
    <form
      className="jet-subscribe-form"
      method="post"
      action={SUBSCRIBE_PATHS.form}
      data-subscribe-form={JSON.stringify(config)}
    >
      {fields.map((f) => (
        <p className="jet-subscribe-form__extra" key={f.name}>
          <label htmlFor={`${formId}-${f.name}`}>{f.label}</label>
          <input id={`${formId}-${f.name}`} name={`additional[${f.name}]`} type="text" maxLength={200} />
        </p>
      ))}
      <p className="jet-subscribe-form__row">
        <label className="visually-hidden" htmlFor={`${formId}-email`}>
          Alamat e-mail
        </label>
        <input
          id={`${formId}-email`}
          className="jet-subscribe-form__input"
          type="email"
          name="email"
          required
          autoComplete="email"
          maxLength={254}
          placeholder={placeholder}
          aria-describedby={`${formId}-error`}
        />
        <button type="submit" className="button jet-subscribe-form__submit">
          {buttonLabel}
        </button>
      </p>
      {listId ? <input type="hidden" name="target_list_id" value={listId} /> : null}
      <p id={`${formId}-error`} className="jet-subscribe-form__field-error" />
      <p className="jet-subscribe-form__message" role="status" />
    </form>
  );
}
