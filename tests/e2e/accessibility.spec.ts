import { expect, test } from './fixtures';

// STYLE.md habit 5: a page with an axe violation fails. The page fixture audits every page a test
// visits; these tests make sure each main kind of page is audited even when another spec stops early.
const pages = [
  { name: 'the home page', path: () => '/', status: 200 },
  { name: 'the news archive', path: () => '/berita/', status: 200 },
  { name: 'a second list page', path: () => '/page/2/', status: 200 },
  { name: 'the gallery', path: () => '/galeri/', status: 200 },
  { name: 'the profile page', path: () => '/profil/', status: 200 },
  { name: 'a news post', path: (newestSlug: string) => `/${newestSlug}/`, status: 200 },
  { name: 'the 404 page', path: () => '/tidak-ada/', status: 404 },
];

for (const { name, path, status } of pages) {
  test(`${name} has no axe violations`, async ({ page, siteData }) => {
    const response = await page.goto(path(siteData.newestPost().slug));
    expect(response?.status()).toBe(status);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { name, path, status } of pages.slice(0, 4)) {
    test(`${name} has no axe violations`, async ({ page, siteData }) => {
      const response = await page.goto(path(siteData.newestPost().slug));
      expect(response?.status()).toBe(status);
    });
  }
});
