import { type ReactNode, useEffect, useState } from 'react';

/*
 * Templates the browser asks for by address (the menus' call 3, the hamburger panel's call 16, a
 * popup's call 3): each answer's `template_content`, fetched once per page and kept; a failed fetch is
 * forgotten, so the next opening tries again (issue 12: "loaded once, cached"). A plain fetch: these
 * routes are reads that need no nonce.
 */
const templates = new Map<string, Promise<string>>();

/** The template HTML the route at `url` answers, once per page. */
export function templateOnce(url: string): Promise<string> {
  let html = templates.get(url);
  if (!html) {
    html = fetch(url, { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`${url} answered ${res.status}`))))
      .then((body: { template_content?: unknown }) => {
        if (typeof body.template_content !== 'string') throw new Error(`${url}: no template_content`);
        return body.template_content;
      });
    html.catch(() => templates.delete(url));
    templates.set(url, html);
  }
  return html;
}

/** The page settings' development flag, which the template routes take as `dev`. */
export function devMode(): boolean {
  return (window as { schoolSettings?: { devMode?: boolean } }).schoolSettings?.devMode === true;
}

/** A template's HTML (the site's own, sanitized by the server's renderer), with a status line while it loads. */
export function TemplateHtml({
  url,
  id,
  className,
  statusClassName,
  fallback,
}: {
  url: string;
  id: number;
  className: string;
  statusClassName: string;
  /** Shown instead of the failure message when the template cannot be loaded. */
  fallback?: ReactNode;
}) {
  const [state, setState] = useState<{ html: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    templateOnce(url).then(
      (html) => live && setState({ html }),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (typeof state !== 'object') {
    if (state === 'failed' && fallback) return fallback;
    return (
      <p className={statusClassName} role="status">
        {state === 'failed' ? 'Konten tidak dapat dimuat.' : 'Memuat…'}
      </p>
    );
  }
  return (
    <div
      className={className}
      data-template-id={id}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own template, sanitized by the server's renderer
      dangerouslySetInnerHTML={{ __html: state.html }}
    />
  );
}
