import { useRef } from 'react';
import { type AltchaElement, AltchaWidget } from '~/ui/captcha';
import type { CaptchaAction } from './api';
import { useReviewsEnv } from './context';

/**
 * The optional captcha of a form (spec 000 §7: tokens sent when enabled). Returns the element to
 * place in the form and `token()`, which solves the challenge if needed and gives the payload that
 * travels as `captcha_token` (undefined when the captcha is off). ALTCHA loads only when the captcha is on.
 */
export function useCaptcha(action: CaptchaAction) {
  const env = useReviewsEnv();
  const ref = useRef<AltchaElement | null>(null);

  const element = env.captcha ? (
    <AltchaWidget className="jet-reviews-captcha" challenge={env.challengeUrl(action)} widgetRef={ref} />
  ) : null;

  async function token(): Promise<string | undefined> {
    if (!env.captcha) return undefined;
    const widget = ref.current;
    if (!widget) return undefined;
    const field = widget.closest('form')?.querySelector<HTMLInputElement>('input[name="altcha"]');
    if (widget.getState() === 'verified' && field?.value) return field.value;
    return (await widget.verify())?.payload;
  }

  function reset() {
    ref.current?.reset();
  }

  return { element, token, reset };
}
