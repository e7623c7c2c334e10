import { expect, type Locator, type Page, test } from '@playwright/test';
import pg from 'pg';
import { SUBSCRIBE_MESSAGES } from '../../app/features/subscribe/model';
import { SignInPage } from './pages/accounts';
import { Filters, waitForFilterWidgets } from './pages/filters';
import { ReviewsWidget, waitForReviews } from './pages/reviews';
import { waitForHydration } from './pages/site';
import { FooterSubscribeForm } from './pages/subscribe';
import { type Cluster, clusterUnavailable, startCluster } from './support/cluster';
import { runPaths } from './support/paths';
import { activity, GUEST, unique } from './support/review-posts';
import { SiteData } from './support/site-data';

// Issue 25 "Several servers": the site as deploy/local-cluster.sh runs it, nginx in front of two app
// servers on one PostgreSQL. A visitor's filters, review, favourite and subscription go through nginx,
// which hands the requests to both servers; what the visitor did is there on each server; an editor's
// publish on one server is on every server's next answer.

const SAVE = /^(Simpan|Tersimpan):/;
/** The demo editor (README "Demo accounts"). */
const EDITOR = { login: 'editor', password: 'Editor#Tunas2025' };

const unavailable = clusterUnavailable();
test.skip(unavailable !== undefined, `the cluster cannot run here: ${unavailable}`);
test.describe.configure({ mode: 'serial' });

let cluster: Cluster;
/** The demo school as seeded (the cluster's PostgreSQL holds the same seed). */
let siteData: SiteData;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  siteData = new SiteData(runPaths().templates.demo);
  cluster = await startCluster(2);
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** Marks the seeded popups as seen, so that no announcement covers the page (features/popups/ui/watcher.ts). */
function popupsSeen(ids: number[]) {
  localStorage.setItem('jet-popup-seen', JSON.stringify(Object.fromEntries(ids.map((id) => [id, 8.64e15]))));
}

/** A checkbox's label text (its name and a filter's counter "(12)"). */
const labelOf = (checkbox: Locator) =>
  checkbox.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '');

/** The `Cookie` header a browser page sends to the site. */
async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The app servers that answered these log entries, as `127.0.0.1:PORT`. */
const upstreamsOf = (entries: { upstream: string | null }[]) =>
  [...new Set(entries.flatMap((e) => (e.upstream ? [e.upstream] : [])))].sort();

test('a visitor’s requests alternate between the servers and what the visitor did is on each; an editor’s publish is on every server’s next answer', async ({
  browser,
}) => {
  const servers = cluster.appPorts.map((p) => `127.0.0.1:${p}`).sort();
  const visitor = await browser.newContext({ baseURL: cluster.url });
  await visitor.addInitScript(popupsSeen, siteData.popupIds());
  const page = await visitor.newPage();
  const logFrom = cluster.accessLog().length;
  const email = `cluster.${unique()}${Date.now().toString(36)}@example.com`;
  let saved = '';
  const reviewTitle = `Latihannya seru ${unique()}`;
  const reviewed = activity(siteData, 1);

  await test.step('the visitor narrows the news to one category and saves a post from it', async () => {
    await page.goto('/berita/');
    await waitForFilterWidgets(page);
    const filters = new Filters(page);
    // A category with some of the posts, not all: the list narrows to its counter.
    const total = siteData.newsTitles().length;
    const boxes = await filters.group('Kategori').getByRole('checkbox').all();
    const counts = await Promise.all(boxes.map(async (b) => Number(/\((\d+)\)/.exec(await labelOf(b))?.[1])));
    const chosen = counts.findIndex((n) => n > 0 && n < total);
    expect(chosen, `the news categories' counters: ${counts}`).toBeGreaterThanOrEqual(0);
    const counted = counts[chosen];
    await boxes[chosen]?.check();
    await expect(page).toHaveURL(/[?&]jet-smart-filters=.*tax=category/);
    await expect(filters.resultCount).toHaveText(`${counted} hasil ditemukan`);

    const card = page.locator('.ecs-posts').first().locator('.post-card').first();
    saved = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('button', { name: SAVE }).click();
    await expect(card.getByRole('button', { name: SAVE })).toHaveAccessibleName(/^Tersimpan:/);
  });

  await test.step('the visitor reviews an activity and subscribes in the footer', async () => {
    const { fields } = siteData.reviewSource('ekskul');
    await page.goto(reviewed.path);
    await waitForReviews(page);
    const widget = new ReviewsWidget(page);
    await widget.writeReview(
      { title: reviewTitle, content: 'Pelatihnya sabar.', stars: fields.map(() => 5), guest: GUEST },
      fields,
    );
    await expect(widget.review(reviewTitle)).toHaveCount(1);

    const form = new FooterSubscribeForm(page);
    await form.subscribe(email);
    await expect(form.message).toHaveText(SUBSCRIBE_MESSAGES.sent(email));
  });

  await test.step('the saved page lists the post, and nginx had both servers answer the visitor', async () => {
    await page.goto('/simpanan/');
    await expect(page.getByRole('main').getByRole('list', { name: 'Daftar Favorit' })).toContainText(saved);
    // The visitor's requests nginx passed on: its pages and its wire calls, the writes among them. Each
    // nginx worker takes turns among the idle servers (least_conn), so a flow of this many requests
    // reaches both; which request goes where is nginx's choice.
    const flow = cluster.accessLog().slice(logFrom);
    const passed = flow.filter((e) => e.upstream !== null);
    const shown = passed.map((e) => `${e.method} ${e.path.slice(0, 80)} → ${e.upstream}`).join('\n');
    for (const write of [/^\/wp-json\/jet-reviews-api\/v1\/submit-review$/, /^\/wp-admin\/admin-ajax\.php$/])
      expect(
        passed.some((e) => e.method === 'POST' && write.test(e.path)),
        `${write} in:\n${shown}`,
      ).toBe(true);
    expect(upstreamsOf(passed), `the app servers that answered:\n${shown}`).toEqual(servers);
  });

  await test.step('each server, asked directly, has the favourite and the review', async () => {
    const cookie = await cookieHeader(page);
    for (const port of cluster.appPorts) {
      const savedPage = await cluster.read(port, '/simpanan/', { cookie });
      expect(savedPage.status).toBe(200);
      expect(savedPage.body.includes(escapeHtml(saved)), `the favourite on ${port}`).toBe(true);
      // The activity's reviews as its widget asks for them (call 9), without cookies: the review is public.
      // (Not its page's HTML: a page from the page cache has the reviews of when it was rendered, and
      // the widget asks again when that is more than a few seconds ago.)
      const list = await cluster.read(
        port,
        `/wp-json/jet-reviews-api/v1/get-public-reviews-list?source=post&source_id=${reviewed.id}&page=0&page_size=10`,
      );
      expect(list.status).toBe(200);
      const titles = (JSON.parse(list.body) as { data: { list: { title: string }[] } }).data.list.map((r) => r.title);
      expect(titles, `the reviews on ${port}`).toContain(reviewTitle);
    }
  });
  await visitor.close();

  const editor = await browser.newContext({ baseURL: cluster.appUrls[0] });
  await editor.addInitScript(popupsSeen, siteData.popupIds());
  const staff = await editor.newPage();

  await test.step('an editor signed in on one server finds the subscriber on each', async () => {
    const signIn = new SignInPage(staff);
    await signIn.goto('/admin/');
    await signIn.signIn(EDITOR.login, EDITOR.password);
    await staff.waitForURL(/\/admin\/$/);
    // Cookies are the host's, whatever the port: the session made on one server is sent to the other.
    for (const url of cluster.appUrls) {
      await staff.goto(`${url}/admin/pelanggan/?q=${encodeURIComponent(email)}`);
      await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Pelanggan berita');
      const row = staff.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
      await expect(row.getByRole('cell').first()).toHaveText('Menunggu konfirmasi');
    }
  });

  await test.step('the editor publishes on one server: every server’s next answer has the post', async () => {
    const title = `Berita dari satu server ${unique()}`;
    // Each server has /berita/ in its page cache without the post (the second read is served from there).
    for (const port of cluster.appPorts) {
      for (let i = 0; i < 2; i++) expect((await cluster.read(port, '/berita/')).body.includes(title)).toBe(false);
    }
    await staff.goto(`${cluster.appUrls[0]}/admin/berita/baru/`);
    await waitForHydration(staff);
    await staff.getByLabel('Judul (wajib').fill(title);
    // The next answers: asked for the moment the post is stored (its row visible in the database), which is
    // before the editor's own answer comes (that one carries the editor's next page too).
    const reading = whenPublished(cluster.databaseUrl, title, () =>
      Promise.all([
        ...cluster.appPorts.map((port) => cluster.read(port, '/berita/')),
        fetch(`${cluster.url}/berita/`).then(async (r) => ({ status: r.status, body: await r.text() })),
      ]),
    );
    await staff.getByRole('button', { name: 'Terbitkan' }).click();
    const answers = await reading;
    for (const [i, answer] of answers.entries()) {
      const who = i < cluster.appPorts.length ? `server ${cluster.appPorts[i]}` : 'nginx';
      expect(answer.status, who).toBe(200);
      expect(answer.body.includes(escapeHtml(title)), `the post on ${who}'s /berita/`).toBe(true);
    }
    await expect(staff.getByRole('status').filter({ hasText: 'Tulisan diterbitkan' })).toBeVisible();
  });
  await editor.close();
});

/** Runs `then` the moment a published news post with this title is in the database (polled as fast as it answers). */
async function whenPublished<T>(databaseUrl: string, title: string, then: () => Promise<T>): Promise<T> {
  const db = new pg.Client(databaseUrl);
  await db.connect();
  try {
    const deadline = Date.now() + 30_000;
    const sql = `select 1 from post where type = 'post' and status = 'publish' and title = $1`;
    while ((await db.query(sql, [title])).rowCount === 0) {
      if (Date.now() > deadline) throw new Error(`the post "${title}" was not published within 30 s`);
    }
    return await then();
  } finally {
    await db.end();
  }
}

/** Text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}
