import type { ReactNode } from 'react';
import { TemplateHtml, templateOnce } from '~/ui/template-html';
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

/** A template's address: call 3, or the blocks route for block-editor templates. */
function templateUrl(id: number, type: MenuNode['megaContentType']): string {
  return `${restUrl(type === 'default' ? 'blocksTemplateContent' : 'templateContent')}?id=${id}`;
}

/** A template's HTML, once per page (issue 12: "loaded over call 3 once and kept"). */
export function templateHtml(id: number, type: MenuNode['megaContentType'] = 'elementor'): Promise<string> {
  return templateOnce(templateUrl(id, type));
}

/** The site's own sanitized template HTML (call 3), with a status line while it loads. */
export function TemplateView({
  id,
  type = 'elementor',
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
  return (
    <TemplateHtml
      url={templateUrl(id, type)}
      id={id}
      className={className}
      statusClassName={`${className} ${statusClassName}`}
      fallback={fallback}
    />
  );
}
