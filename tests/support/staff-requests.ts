import type { SiteServer } from './site-server';

/**
 * Requests to a test site as its users would send them (issue 14's staff screens): a page opened with
 * a user's session cookie (none for a visitor), and a form posted as a browser posts it. `site` is read
 * at each request (a suite starts its site in `beforeAll`).
 */
export function staffRequests(site: () => SiteServer, cookies: Record<string, string>) {
  const cookie = (role?: string): Record<string, string> => (role ? { cookie: cookies[role] as string } : {});
  return {
    open: (path: string, role?: string) => site().send(path, { headers: { accept: 'text/html', ...cookie(role) } }),
    post: (path: string, role: string, fields: Record<string, string>) =>
      site().send(path, {
        method: 'POST',
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...cookie(role) },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}
