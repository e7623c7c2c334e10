import type { href } from 'react-router';

/**
 * A URL of the site from its route table (routes.ts), typed by React Router's `href()`: a path or a
 * parameter that no route has fails the type check. The site's addresses end with a slash
 * (`/admin/berita/12/`), which `href()` drops, so it is put back here. Only the type is React
 * Router's: its `href` runtime, used by the staff screens alone, would land in the public pages'
 * shared chunk (+171 B gzip on every page), and the site's paths need no more than filling `:params`.
 */
export const siteHref = ((path: string, params: Record<string, string> = {}) =>
  `${path.replace(/\/:([\w-]+)/g, (_, name: string) => `/${encodeURIComponent(params[name] ?? '')}`)}/`) as typeof href;
