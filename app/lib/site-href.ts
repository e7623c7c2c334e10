import { href } from 'react-router';

/**
 * A URL of the site from its route table (routes.ts), typed by React Router's `href()`: a path or a
 * parameter that no route has fails the type check. The site's addresses end with a slash
 * (`/admin/berita/12/`), which `href()` drops, so it is put back here.
 */
export const siteHref = ((path: string, ...args: unknown[]) =>
  `${(href as (path: string, ...args: unknown[]) => string)(path, ...args)}/`) as typeof href;
