import { isValidEmail } from '~/lib/email';
import { postAjax } from '~/wire/client';
import {
  redirectAfter,
  SUBSCRIBE,
  SUBSCRIBE_MESSAGES,
  type SubscribeAnswer,
  type SubscribeFormConfig,
  subscribeCallData,
} from '../model';

/** A subscribe form's working parts, as subscribe-form.tsx renders them. */
function partsOf(form: HTMLFormElement) {
  const email = form.elements.namedItem('email');
  const error = form.querySelector<HTMLElement>('.jet-subscribe-form__field-error');
  const message = form.querySelector<HTMLElement>('.jet-subscribe-form__message');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!(email instanceof HTMLInputElement) || !error || !message || !button) return null;
  return { email, error, message, button };
}

const clearTimers = new WeakMap<Element, number>();

/** Shows `text` in `el` for 20 s (spec 000 §4, §5), replacing what it showed; `cleared` runs when it goes. */
function showFor(el: HTMLElement, text: string, cleared: () => void) {
  window.clearTimeout(clearTimers.get(el));
  el.textContent = text;
  clearTimers.set(
    el,
    window.setTimeout(() => {
      el.textContent = '';
      cleared();
    }, SUBSCRIBE.messageMs),
  );
}

/** Marks the address invalid with the spec's message for 20 s, and puts the focus on it. */
export function showInvalidEmail(form: HTMLFormElement) {
  const parts = partsOf(form);
  if (!parts) return;
  parts.email.setAttribute('aria-invalid', 'true');
  showFor(parts.error, SUBSCRIBE_MESSAGES.invalidMail, () => parts.email.removeAttribute('aria-invalid'));
  parts.email.focus();
}

function configOf(form: HTMLFormElement): SubscribeFormConfig {
  try {
    return JSON.parse(form.dataset.subscribeForm ?? '{}') as SubscribeFormConfig;
  } catch {
    return {};
  }
}

/** The form's extra fields (`additional[name]`). */
function additionalOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const el of Array.from(form.elements)) {
    const name = el instanceof HTMLInputElement ? /^additional\[(.+)\]$/.exec(el.name)?.[1] : undefined;
    if (name && el instanceof HTMLInputElement) fields[name] = el.value;
  }
  return fields;
}

/** Call 17's answer: bare `{type, message}`, or the wrapped error a malformed request gets. */
async function answerOf(response: Response): Promise<SubscribeAnswer> {
  const body = (await response.json().catch(() => null)) as
    | (Partial<SubscribeAnswer> & { data?: Partial<SubscribeAnswer> })
    | null;
  const answer = body?.data ?? body;
  if ((answer?.type === 'success' || answer?.type === 'error') && typeof answer.message === 'string') {
    return { type: answer.type, message: answer.message };
  }
  return { type: 'error', message: SUBSCRIBE_MESSAGES.serverError };
}

/**
 * Sends the form over call 17: the address checked first, the button loading meanwhile (a second
 * press waits for the first), then the answer shown for 20 s, or the configured page after a success.
 */
export async function submitSubscribeForm(form: HTMLFormElement) {
  const parts = partsOf(form);
  if (!parts || form.getAttribute('aria-busy') === 'true') return;
  const email = parts.email.value.trim();
  if (!isValidEmail(email)) return showInvalidEmail(form);
  window.clearTimeout(clearTimers.get(parts.error));
  parts.error.textContent = '';
  parts.email.removeAttribute('aria-invalid');

  const config = configOf(form);
  form.setAttribute('aria-busy', 'true');
  parts.button.setAttribute('aria-disabled', 'true');
  let answer: SubscribeAnswer;
  try {
    const response = await postAjax('jet_subscribe_form_ajax', {
      data: subscribeCallData(email, config, additionalOf(form)),
    });
    answer = await answerOf(response);
  } catch {
    answer = { type: 'error', message: SUBSCRIBE_MESSAGES.serverError };
  } finally {
    form.removeAttribute('aria-busy');
    parts.button.removeAttribute('aria-disabled');
  }
  const target = redirectAfter(answer, config);
  if (target) {
    window.location.assign(target);
    return;
  }
  if (answer.type === 'success') form.reset();
  form.dataset.response = answer.type;
  showFor(parts.message, answer.message, () => {
    delete form.dataset.response;
  });
}
