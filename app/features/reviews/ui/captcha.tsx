import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import type { CaptchaAction } from './api';
import { useReviewsEnv } from './context';

let loading: Promise<void> | undefined;

/**
 * Loads the ALTCHA widget once, and only on a page whose reviews ask for a captcha. The build without
 * bundled workers is used, with its workers as files of our own: the page's Content-Security-Policy
 * allows scripts from this origin only (no blob: workers).
 */
function loadAltcha(): Promise<void> {
  loading ??= Promise.all([
    import('altcha/external'),
    import('altcha/workers/pbkdf2?worker'),
    import('altcha/workers/sha?worker'),
    import('altcha/altcha.css?url'),
  ]).then(([, pbkdf2, sha, css]) => {
    const algorithms = (globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker> } }).$altcha
      .algorithms;
    for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
      algorithms.set(name, () => new pbkdf2.default());
    for (const name of ['SHA-256', 'SHA-384', 'SHA-512']) algorithms.set(name, () => new sha.default());
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = css.default;
    document.head.append(link);
  });
  return loading;
}

interface AltchaElement extends HTMLElement {
  getState(): string;
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
}

/**
 * The optional captcha of a form (spec 000 §7: tokens sent when enabled). Returns the element to
 * place in the form and `token()`, which solves the challenge if needed and gives the payload that
 * travels as `captcha_token` (undefined when the captcha is off).
 */
export function useCaptcha(action: CaptchaAction) {
  const env = useReviewsEnv();
  const ref = useRef<AltchaElement | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!env.captcha) return;
    let live = true;
    loadAltcha()
      .then(() => live && setReady(true))
      .catch((error) => console.warn('captcha failed to load', error));
    return () => {
      live = false;
    };
  }, [env.captcha]);

  const element = !env.captcha ? null : ready ? (
    <div className="jet-reviews-captcha">
      <altcha-widget ref={ref as React.Ref<HTMLElement>} challenge={env.challengeUrl(action)} />
    </div>
  ) : (
    <p className="jet-reviews-captcha">Memuat captcha…</p>
  );

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
