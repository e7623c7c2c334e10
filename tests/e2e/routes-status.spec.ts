import type { APIResponse } from '@playwright/test';
import { expect, test } from './fixtures';

/** Where a redirect points, as a path (the Location header may be absolute or relative). */
const locationPath = (response: APIResponse, baseURL: string) =>
  new URL(response.headers().location ?? '', baseURL).pathname;

// issue 2 §4: a 404 page with status 404, also for paging past the end and for junk page numbers.
for (const path of ['/page/999/', '/page/abc/', '/tidak-ada/']) {
  test(`${path} answers 404 with the 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Halaman tidak ditemukan');
  });
}

test('an address without its trailing slash answers 301 to the slash form', async ({ request, baseURL }) => {
  const response = await request.get('/profil', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(locationPath(response, baseURL as string)).toBe('/profil/');
});

// Ghost's rule (STYLE.md): /page/1/ is the list's first page, so it redirects to the base address.
test('/page/1/ redirects to the home page', async ({ request, baseURL }) => {
  const response = await request.get('/page/1/', { maxRedirects: 0 });
  expect([301, 308]).toContain(response.status());
  expect(locationPath(response, baseURL as string)).toBe('/');
});

test('sitemap.xml, robots.txt and the feed answer with their content types and list the seeded content', async ({
  request,
  baseURL,
  siteData,
}) => {
  const newest = siteData.newestPost();

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^(application|text)\/xml\b/);
  const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] as string).pathname,
  );
  expect(urls).toEqual(expect.arrayContaining(['/', '/galeri/', '/profil/', `/${newest.slug}/`]));

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain\b/);
  const robotsText = await robots.text();
  expect(robotsText).toMatch(/^User-agent: \*/m);
  expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const feed = await request.get('/feed/');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^application\/rss\+xml\b/);
  const items = [...(await feed.text()).matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map(
    (m) => new URL(m[1] as string).pathname,
  );
  expect(items[0]).toBe(`/${newest.slug}/`);
});

// issue 2 §8: security headers on every response.
test('every response carries the security headers', async ({ request, siteData }) => {
  const paths = [
    '/',
    '/berita/',
    '/page/2/',
    '/galeri/',
    '/profil/',
    `/${siteData.newestPost().slug}/`,
    '/tidak-ada/',
    '/profil',
    '/sitemap.xml',
    '/robots.txt',
    '/feed/',
  ];
  for (const path of paths) {
    const headers = (await request.get(path, { maxRedirects: 0 })).headers();
    expect.soft(headers['content-security-policy'], path).toMatch(/(^|;)\s*frame-ancestors\s[^;]+/);
    expect.soft(headers['x-content-type-options'], path).toBe('nosniff');
    expect
      .soft(headers['referrer-policy'], path)
      .toMatch(
        /^(no-referrer|no-referrer-when-downgrade|origin|origin-when-cross-origin|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
  }
});
