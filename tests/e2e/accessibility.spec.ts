import { expect, test } from './fixtures';
import { DesktopMenu } from './pages/desktop-menu';
import { expectNoA11yProblems } from './support/axe';
import type { SiteData } from './support/site-data';

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

// Issue 12: the header's panels, each audited while it is open (the search's are in live-search.spec.ts,
// the phone's menu and the hamburger panel are left open for the fixture's audit in their specs).
test('the desktop menu with its mega panel, then a submenu two levels deep, open has no axe violations', async ({
  page,
}) => {
  const menu = await DesktopMenu.openHome(page);
  await menu.toggle('Profil').press('Enter');
  await expect(await menu.panelOf('Profil')).toContainText('SMP Tunas Bangsa mendampingi remaja');
  await expectNoA11yProblems(page);
  await page.keyboard.press('Escape');
  await menu.toggle('Berita').press('Enter');
  await menu.toggle('Prestasi').press('Enter');
  await expect(await menu.panelOf('Prestasi')).toBeVisible();
  await expectNoA11yProblems(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { name, path, status } of pages.slice(0, 4)) {
    test(`${name} has no axe violations`, async ({ page, siteData }) => {
      const response = await page.goto(path(siteData.newestPost().slug));
      expect(response?.status()).toBe(status);
    });
  }
});

// Issue 3: the listings with smart filters, plain and with a filter read back from the address (the
// filter ids come from the database: the first term of each listing's taxonomy that has items).
const firstUsedTerm = (data: SiteData, type: string, taxonomy: string) => {
  const used = new Set(data.listedItems(type).flatMap((i) => i.termIds));
  const term = data.terms(taxonomy).find((t) => used.has(t.id));
  if (!term) throw new Error(`no term of ${taxonomy} has ${type} items`);
  return term.id;
};
const filterPages = [
  { name: 'the extracurricular listing', path: () => '/ekskul/' },
  {
    name: 'the extracurricular listing filtered by field (permalink)',
    path: (d: SiteData) =>
      `/ekskul/jsf/jet-engine:ekskul/tax/bidang-ekskul:${d.terms('bidang-ekskul').find((t) => t.parentId === null)?.id}/`,
  },
  {
    name: 'the news archive filtered by category',
    path: (d: SiteData) =>
      `/berita/?jet-smart-filters=epro-posts:berita&tax=category:${firstUsedTerm(d, 'post', 'category')}`,
  },
  {
    name: 'the gallery filtered by category',
    path: (d: SiteData) =>
      `/galeri/?jet-smart-filters=jet-engine:galeri&tax=kategori-galeri:${firstUsedTerm(d, 'galeri', 'kategori-galeri')}`,
  },
];

for (const { name, path } of filterPages) {
  test(`${name} has no axe violations`, async ({ page, siteData }) => {
    const response = await page.goto(path(siteData));
    expect(response?.status()).toBe(200);
  });
}

test.describe('the filtered listings on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { name, path } of filterPages.slice(0, 2)) {
    test(`${name} has no axe violations`, async ({ page, siteData }) => {
      const response = await page.goto(path(siteData));
      expect(response?.status()).toBe(200);
    });
  }
});
