import { type ReactNode, useEffect, useState } from 'react';
import type { MenuNode } from '../model';

/*
 * Templates over call 3 for the menus' lazy chunks (the mobile menu's panel templates and mega
 * items, the desktop menu's mega panels) in one module, so that a template one of them loaded is
 * not loaded again by the other.
 */

const REST_DEFAULTS = {
  menuItems: '/wp-json/jet-menu-api/v2/get-menu-items',
  templateContent: '/wp-json/jet-menu-api/v2/get-elementor-template-content',
  blocksTemplateContent: '/wp-json/jet-menu-api/v2/get-blocks-template-content',
};

/** A REST route's address from the page settings (`window.schoolSettings.restUrls`), else the default. */
export function restUrl(name: keyof typeof REST_DEFAULTS): string {
  const settings = (window as { schoolSettings?: { restUrls?: Partial<typeof REST_DEFAULTS> } }).schoolSettings;
  return settings?.restUrls?.[name] ?? REST_DEFAULTS[name];
}

/** A JSON answer; a status other than 2xx is an error. */
export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

// Templates are loaded once per page and kept (issue 12: "loaded over call 3 once and kept").
const templates = new Map<string, Promise<string>>();

/** A template's HTML over call 3 (or the blocks route for block-editor templates), once per page. */
export function templateHtml(id: number, type: MenuNode['megaContentType'] = 'elementor'): Promise<string> {
  const key = `${type}:${id}`;
  let html = templates.get(key);
  if (!html) {
    const route = type === 'default' ? 'blocksTemplateContent' : 'templateContent';
    html = getJson<{ template_content: string }>(`${restUrl(route)}?id=${id}`).then((b) => b.template_content);
    // A failed load may be tried again on the next opening.
    html.catch(() => templates.delete(key));
    templates.set(key, html);
  }
  return html;
}

/** The site's own sanitized template HTML (call 3), with a status line while it loads. */
export function TemplateView({
  id,
  type,
  className,
  statusClassName = 'mobile-menu__status',
  fallback,
}: {
  id: number;
  type?: MenuNode['megaContentType'];
  className: string;
  /** The status line's own class (the mobile menu's by default). */
  statusClassName?: string;
  /** Shown instead of the failure message when the template cannot be loaded. */
  fallback?: ReactNode;
}) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    templateHtml(id, type).then(
      (h) => live && setHtml(h),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, type]);
  if (html === null) {
    if (failed && fallback) return fallback;
    return (
      <p className={`${className} ${statusClassName}`} role="status">
        {failed ? 'Konten tidak dapat dimuat.' : 'Memuat…'}
      </p>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own template, sanitized by the server's renderer
  return <div className={className} data-template-id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}
