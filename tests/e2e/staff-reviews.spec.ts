import SQLite from 'better-sqlite3';
import { expect, staffTest as test } from './fixtures';
import { type Guest, ReviewsWidget, waitForReviews } from './pages/reviews';
import type { SiteServer } from './support/server';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

// Issue 14: the staff area's review queue, as an editor moderates the whole site's reviews.

const GUEST: Guest = { name: 'Wali Murid Uji', mail: 'wali.uji@example.com' };
const unique = () => Math.random().toString(36).slice(2, 8);

/** Pending guest reviews of the newest news post, added straight to the server's database (a factory). */
function addPendingReviews(site: SiteServer, titles: string[]): { slug: string; title: string } {
  const db = new SQLite(site.databaseFile, { timeout: 10_000 });
  try {
    const post = db
      .prepare(
        `select id, slug, title from post where type = 'post' and status = 'publish'
         order by published_at desc, id desc limit 1`,
      )
      .get() as { id: number; slug: string; title: string };
    const insert = db.prepare(
      `insert into review (source, post_id, author_key, user_id, author_name, author_mail, title, content,
         rating_data, rating, approved, pinned, created_at)
       values ('post', ?, ?, null, ?, ?, ?, ?, ?, 80, 0, 0, ?)`,
    );
    for (const [i, title] of titles.entries()) {
      insert.run(
        post.id,
        `guest_e2e${unique()}${i}`,
        `Tamu ${i + 1}`,
        `tamu${i + 1}@example.com`,
        title,
        `Isi ${title}`,
        JSON.stringify([{ field_label: 'Rating', field_value: 4, field_step: 1, field_max: 5 }]),
        new Date(Date.now() + i).toISOString(),
      );
    }
    return post;
  } finally {
    db.close();
  }
}

test('an editor approves a pending review from the queue, and a visitor then sees it on the post', async ({
  page,
  browser,
  staffSite,
  siteData,
}) => {
  const news = siteData.newestPost();
  const path = `/${news.slug}/`;
  const title = `Menunggu moderasi ${unique()}`;

  // A visitor writes a review of a news post: it waits for a moderator.
  const visitor = await browser.newContext({ baseURL: staffSite.url });
  try {
    const reader = await visitor.newPage();
    await reader.goto(path);
    await waitForReviews(reader);
    const widget = new ReviewsWidget(reader);
    await widget.writeReview({ title, content: 'Liputan yang lengkap.', stars: [5], guest: GUEST }, ['Rating']);
    await expect(widget.formMessage).toHaveText('*Your review must be approved by the moderator');
  } finally {
    await visitor.close();
  }

  // The editor finds it in the queue by status and source, and approves it.
  await page.getByRole('navigation', { name: 'Bagian ruang staf' }).getByRole('link', { name: 'Ulasan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ulasan' })).toBeVisible();
  await page.getByLabel('Status').selectOption('menunggu');
  await page.getByLabel('Sumber').selectOption('post');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(page).toHaveURL(/status=menunggu&sumber=post/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Menunggu');
  await expect(row.getByRole('link', { name: news.title })).toHaveAttribute('href', path);
  await row.getByRole('button', { name: 'Setujui' }).click();
  await expect(page.getByRole('status')).toHaveText('1 ulasan disetujui.');
  // Back on the same filtered list, where it no longer waits.
  await expect(page).toHaveURL(/status=menunggu&sumber=post/);
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // A visitor in a fresh browser sees it below the post.
  const fresh = await browser.newContext({ baseURL: staffSite.url });
  try {
    const reader = await fresh.newPage();
    await reader.goto(path);
    await waitForReviews(reader);
    await expect(new ReviewsWidget(reader).review(title)).toHaveCount(1);
  } finally {
    await fresh.close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an editor rejects two reviews at once, then deletes one after confirming', async ({ page, staffSite }) => {
    const tag = unique();
    const [a, b, c] = [`Massal A ${tag}`, `Massal B ${tag}`, `Massal C ${tag}`];
    addPendingReviews(staffSite, [a, b, c]);
    await page.goto('/admin/ulasan/?status=menunggu');

    await page.getByRole('checkbox', { name: `Pilih ulasan “${a}”` }).check();
    await page.getByRole('checkbox', { name: `Pilih ulasan “${b}”` }).check();
    await page.getByLabel('Tindakan untuk ulasan terpilih').selectOption('reject');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page.getByRole('status')).toHaveText('2 ulasan ditolak.');
    await expect(page.getByRole('row').filter({ hasText: a })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: c })).toContainText('Menunggu');

    await page.goto('/admin/ulasan/?status=ditolak');
    const rejected = page.getByRole('row').filter({ hasText: a });
    await expect(rejected).toContainText('Ditolak');
    await expect(page.getByRole('row').filter({ hasText: b })).toContainText('Ditolak');

    // Nothing chosen: the form says so and keeps the ticked row.
    await page.getByRole('checkbox', { name: `Pilih ulasan “${b}”` }).check();
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page.getByText('Pilih tindakan untuk ulasan terpilih.')).toBeVisible();
    await expect(page.getByLabel('Tindakan untuk ulasan terpilih')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('checkbox', { name: `Pilih ulasan “${b}”` })).toBeChecked();

    await rejected.getByRole('link', { name: 'Hapus' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hapus ulasan ini?');
    await expect(page.getByRole('main')).toContainText(a);
    await page.getByRole('button', { name: 'Ya, hapus' }).click();
    await expect(page.getByRole('status')).toHaveText('1 ulasan dihapus.');
    await expect(page).toHaveURL(/status=ditolak/);
    await expect(page.getByRole('row').filter({ hasText: a })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: b })).toHaveCount(1);
  });
});

test('an editor pins a review and changes a source’s settings', async ({ page, staffSite }) => {
  const title = `Disematkan ${unique()}`;
  addPendingReviews(staffSite, [title]);
  await page.goto('/admin/ulasan/?status=menunggu&sumber=post');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Sematkan' }).click();
  await expect(page.getByRole('status')).toHaveText('1 ulasan disematkan.');
  await expect(row).toContainText('Disematkan');
  await expect(row.getByRole('button', { name: 'Lepas sematan' })).toBeVisible();

  await page.getByRole('link', { name: 'Pengaturan per sumber' }).click();
  const gallery = page.getByRole('group', { name: 'Galeri' });
  const comments = gallery.getByRole('checkbox', { name: 'Komentar' });
  await expect(comments).not.toBeChecked();
  await comments.check();
  await gallery.getByRole('button', { name: 'Simpan pengaturan Galeri' }).click();
  await expect(page.getByRole('status')).toHaveText('Pengaturan Galeri disimpan.');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Galeri' }).getByRole('checkbox', { name: 'Komentar' })).toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the queue fits the screen: no sideways scrolling, each review’s buttons in reach', async ({
    page,
    staffSite,
  }) => {
    const title = `Di ponsel ${unique()}`;
    addPendingReviews(staffSite, [title]);
    await page.goto('/admin/ulasan/?status=menunggu');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Setujui' }).scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: 'Setujui' })).toBeInViewport({ ratio: 1 });
  });
});

test('an approval tapped while the queue’s scripts are still loading (CPU throttled 4x) is not lost', async ({
  page,
  staffSite,
}) => {
  const title = `Disetujui lebih dulu ${unique()}`;
  addPendingReviews(staffSite, [title]);
  const fullSpeed = await throttleCpu(page, 4);
  const release = await holdRequests(page, ALL_SCRIPTS);
  try {
    await page.goto('/admin/ulasan/?status=menunggu&sumber=post', { waitUntil: 'domcontentloaded' });
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Setujui' }).click();
    // The row's plain form posted; the queue answers with its message, the scripts still held.
    await expect(page.getByRole('status')).toHaveText('1 ulasan disetujui.');
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  } finally {
    release();
    await fullSpeed();
  }
  await page.goto('/admin/ulasan/?status=disetujui&sumber=post');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Disetujui');
});
