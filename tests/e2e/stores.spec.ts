import { expect, test } from './fixtures';
import { SignInPage } from './pages/accounts';
import { waitForHydration } from './pages/site';
import { Stores } from './pages/stores';
import { ALL_SCRIPTS, holdRequests } from './support/slow-phone';

// Issue 13 "Stores": spec 000 §3-5 (store buttons and count badges), §7 calls 5 and 6, §8 (a refused
// add shows its message), §9 (the store's size); the saved (/simpanan/) and compare (/bandingkan/) pages.

const SAVE = /^(Simpan|Tersimpan):/;
const FAVOURITES_SIZE = 6;

test('add favourites as a guest, keep them over a reload, meet the limit, take them to the account', async ({
  page,
}) => {
  const stores = new Stores(page);
  await page.goto('/');
  await waitForHydration(page);
  // The store code is in once the badge shows the visitor's count.
  await stores.reachBadge('favorit');
  await expect(stores.badge('favorit')).toHaveText('0');
  const cards = stores.newsCards;
  const titles: string[] = [];
  for (let i = 0; i < 3; i++) {
    const card = cards.nth(i);
    titles.push(await stores.titleOf(card));
    await stores.button(card, SAVE).click();
    await expect(stores.button(card, SAVE)).toHaveAccessibleName(/^Tersimpan:/);
    await expect(stores.badge('favorit')).toHaveText(String(i + 1));
  }

  await page.reload();
  await stores.reachBadge('favorit');
  await expect(stores.badge('favorit')).toHaveText('3');
  for (let i = 0; i < 3; i++) await expect(stores.button(cards.nth(i), SAVE)).toHaveAccessibleName(/^Tersimpan:/);

  for (let i = 3; i < FAVOURITES_SIZE; i++) {
    titles.push(await stores.titleOf(cards.nth(i)));
    await stores.button(cards.nth(i), SAVE).click();
    await expect(stores.badge('favorit')).toHaveText(String(i + 1));
  }
  // One more is refused: the message shows, nothing changes.
  const extra = cards.nth(FAVOURITES_SIZE);
  await stores.button(extra, SAVE).click();
  await expect(stores.notice).toHaveAttribute('role', 'alert');
  await expect(stores.notice).toContainText(`paling banyak ${FAVOURITES_SIZE}`);
  await expect(stores.button(extra, SAVE)).toHaveAccessibleName(/^Simpan:/);
  await expect(stores.badge('favorit')).toHaveText(String(FAVOURITES_SIZE));

  // Signing in takes the guest's favourites to the account.
  const signIn = new SignInPage(page);
  await signIn.goto('/simpanan/');
  await signIn.signIn('siswa', 'Siswa#Tunas2025');
  await expect(page).toHaveURL(/\/simpanan\/$/);
  await expect(stores.main).toContainText('Tersimpan di akun Anda.');
  await expect(stores.savedItems).toHaveCount(FAVOURITES_SIZE);
  for (const title of titles) await expect(stores.savedItems.filter({ hasText: title })).toHaveCount(1);
});

test('compare two activities side by side on a phone, then remove one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stores = new Stores(page);
  await page.goto('/ekskul/');
  await waitForHydration(page);
  await expect(stores.badge('banding')).toHaveText('0');
  const cards = stores.activityCards;
  const chosen = [await stores.titleOf(cards.nth(0)), await stores.titleOf(cards.nth(1))];
  for (let i = 0; i < 2; i++) {
    await stores.button(cards.nth(i), /^Bandingkan:/).click();
    await expect(stores.badge('banding')).toHaveText(String(i + 1));
  }
  // Added, the button opens the seeded "already compared" popup, whose link leads to the compare page.
  const added = stores.button(cards.nth(0), /^Lihat perbandingan:/);
  await expect(added).toBeVisible();
  await added.click();
  const popup = page.getByRole('dialog', { name: 'Sudah dalam perbandingan' });
  await expect(popup).toBeVisible();
  await popup.getByRole('link', { name: 'Lihat perbandingan' }).click();
  await expect(page).toHaveURL(/\/bandingkan\/$/);
  await expect(stores.compareColumns).toHaveText(chosen);
  for (const label of ['Hari', 'Jam', 'Biaya per bulan', 'Tempat', 'Penilaian']) {
    await expect(stores.compareRow(label).getByRole('cell')).toHaveCount(2);
  }

  await waitForHydration(page);
  await stores.main.getByRole('button', { name: `Hapus: ${chosen[0]}` }).click();
  await expect(stores.compareColumns).toHaveText([chosen[1] as string]);
});

test('the compare page shows how often each activity was saved, and counts a save at once', async ({ page }) => {
  const stores = new Stores(page);
  await page.goto('/ekskul/');
  await waitForHydration(page);
  // The store code is in once the badge shows the visitor's count (before it, a tap posts the plain form).
  await stores.reachBadge('banding');
  await expect(stores.badge('banding')).toHaveText('0');
  const card = stores.activityCards.nth(4);
  const title = await stores.titleOf(card);
  await stores.button(card, /^Bandingkan:/).click();
  await expect(stores.badge('banding')).toHaveText('1');

  await page.goto('/bandingkan/');
  await waitForHydration(page);
  const favourites = stores.compareRow('Favorit');
  // Rendered by the server: what other visitors (and earlier tests on this database) saved.
  const before = Number(await favourites.locator('.jet-engine-data-post-count').textContent());
  await expect(favourites.getByText(`Disimpan ${before} kali`)).toBeVisible();
  await favourites.getByRole('button', { name: `Simpan: ${title}` }).click();
  await expect(favourites.getByRole('button', { name: `Tersimpan: ${title}` })).toBeVisible();
  await expect(favourites.getByText(`Disimpan ${before + 1} kali`)).toBeVisible();
  await favourites.getByRole('button', { name: `Tersimpan: ${title}` }).click();
  await expect(favourites.getByRole('button', { name: `Simpan: ${title}` })).toBeVisible();
  await expect(favourites.getByText(`Disimpan ${before} kali`)).toBeVisible();

  await page.reload();
  await expect(stores.compareRow('Favorit').getByText(`Disimpan ${before} kali`)).toBeVisible();
});

test('a failed store request restores the button and shows the error', async ({ page }) => {
  const stores = new Stores(page);
  await page.route('**/wp-admin/admin-ajax.php', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionfailed') : route.continue(),
  );
  await page.goto('/ekskul/');
  await waitForHydration(page);
  await expect(stores.badge('favorit')).toHaveText('0');
  const button = stores.button(stores.activityCards.first(), /^Simpan:/);
  await button.click();
  await expect(stores.notice).toHaveAttribute('role', 'alert');
  await expect(stores.notice).toContainText('Gagal menyimpan');
  await expect(button).not.toHaveAttribute('aria-busy');
  await expect(button).toHaveCSS('opacity', '1');
  await expect(stores.badge('favorit')).toHaveText('0');
});

test('the wishlist stays in this browser and is listed on the saved page', async ({ page }) => {
  const stores = new Stores(page);
  await page.goto('/ekskul/');
  await waitForHydration(page);
  const card = stores.activityCards.nth(3);
  const title = await stores.titleOf(card);
  // Kept in local storage: its button shows once the store code is in.
  await stores.button(card, /^Ingin ikut:/).click();
  await expect(stores.button(card, /^Diminati:/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jet_engine_store_keinginan'))).toMatch(/^\d+$/);

  await page.goto('/simpanan/');
  const items = stores.main.getByRole('list', { name: 'Daftar Ingin ikut' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(title);
  await items.getByRole('button', { name: `Hapus: ${title}` }).click();
  await expect(stores.main.getByText('Belum ada kegiatan yang Anda minati')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jet_engine_store_keinginan'))).toBe('');
});

test('a tap made while the page script is still loading is kept (the plain form)', async ({ page }) => {
  const stores = new Stores(page);
  const release = await holdRequests(page, ALL_SCRIPTS);
  await page.goto('/ekskul/', { waitUntil: 'commit' });
  const card = stores.activityCards.nth(2);
  const title = await stores.titleOf(card);
  await stores.button(card, /^Bandingkan:/).click();
  await expect(page).toHaveURL(/\/bandingkan\/\?toko=banding&hasil=added$/);
  release();
  await expect(stores.main.getByRole('status')).toHaveText('Ditambahkan ke Bandingkan.');
  await expect(stores.compareColumns.filter({ hasText: title })).toHaveCount(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('save a news post and remove it again on the saved page', async ({ page }) => {
    const stores = new Stores(page);
    await page.goto('/');
    const card = stores.newsCards.first();
    const title = await stores.titleOf(card);
    await stores.button(card, SAVE).click();
    await expect(page).toHaveURL(/\/simpanan\/\?toko=favorit&hasil=added$/);
    await expect(stores.savedItems.filter({ hasText: title })).toHaveCount(1);
    await stores.main.getByRole('button', { name: `Hapus: ${title}` }).click();
    await expect(page).toHaveURL(/hasil=removed$/);
    await expect(stores.main.getByText('Belum ada yang disimpan')).toBeVisible();
  });
});
