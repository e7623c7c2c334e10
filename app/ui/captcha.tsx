import type {} from 'altcha/types/react';
import { type Ref, useEffect, useState } from 'react';

let loading: Promise<void> | undefined;

/**
 * Loads the ALTCHA widget once, and only when a form asks for a captcha (a lazy import: its code is
 * in no page's bundle). The build without bundled workers is used, with its workers as files of our
 * own: the page's Content-Security-Policy allows scripts from this origin only (no blob: workers).
 */
export function loadAltcha(): Promise<void> {
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

/** The methods of an `<altcha-widget>` element that the forms call. */
export interface AltchaElement extends HTMLElement {
  getState(): string;
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
}

/**
 * Where the widget's code is: `idle` before the page runs scripts (the server's HTML, or no
 * JavaScript), then `loading`, `ready` or `failed`.
 */
export type AltchaStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Loads ALTCHA once the component is mounted; its status. */
export function useAltcha(): AltchaStatus {
  const [status, setStatus] = useState<AltchaStatus>('idle');
  useEffect(() => {
    let live = true;
    setStatus('loading');
    loadAltcha()
      .then(() => live && setStatus('ready'))
      .catch((error) => {
        console.warn('captcha failed to load', error);
        if (live) setStatus('failed');
      });
    return () => {
      live = false;
    };
  }, []);
  return status;
}

/** Props of AltchaWidget. */
export interface AltchaWidgetProps {
  /** The address of a challenge, or a challenge's JSON (the widget reads a string starting with `{` as one). */
  challenge: string;
  /** `onload` solves the challenge as soon as the widget shows; unset, it waits for a click or `verify()`. */
  auto?: 'onload';
  /** The class of the wrapper (and of the note shown while the code loads). */
  className: string;
  /** Shown while the code loads. */
  loadingText?: string;
  /** Shown when the code could not be loaded. */
  failedText?: string;
  /** The widget element, for a form that calls `verify()` or `reset()` itself. */
  widgetRef?: Ref<AltchaElement | null>;
}

/**
 * The captcha inside a form: the `<altcha-widget>` once its code has loaded, which writes its solution
 * into the hidden field `altcha` of the form. Nothing is shown before scripts run.
 */
export function AltchaWidget({
  challenge,
  auto,
  className,
  loadingText = 'Memuat captcha…',
  failedText = 'Captcha tidak dapat dimuat. Muat ulang halaman, lalu coba lagi.',
  widgetRef,
}: AltchaWidgetProps) {
  const status = useAltcha();
  if (status === 'idle') return null;
  if (status === 'ready') {
    return (
      <div className={className}>
        <altcha-widget ref={widgetRef as Ref<HTMLElement>} challenge={challenge} auto={auto} />
      </div>
    );
  }
  return (
    <p className={className} role={status === 'failed' ? 'alert' : undefined}>
      {status === 'failed' ? failedText : loadingText}
    </p>
  );
}
