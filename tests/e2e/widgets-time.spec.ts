import type { Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { expect, test } from './fixtures';
import { CountdownWidget, ShareWidget, TickerWidget } from './pages/widgets-time';
import { expectNoA11yProblems } from './support/axe';
import type { SiteServer } from './support/server';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

/**
 * Issue 22: the countdown, the news ticker and the share buttons, in Chromium against the real server
 * and database. The countdown's first paint is checked against the server's controlled clock
 * (SCHEDULE_CLOCK_FILE), its expiry actions against the browser's (`page.clock`) on pages this spec
 * stores in the test database.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The seeded countdown on /ppdb/: the end of the regular track's registration, 12 June 2027 23:59 WIB. */
const PPDB_DUE = Date.UTC(2027, 5, 12, 16, 59);

/** `2027-06-12T23:59`: an instant as the due date setting takes it, in WIB (UTC+7). */
function wib(ms: number): string {
  return new Date(ms + 7 * HOUR).toISOString().slice(0, 16);
}

let pageCount = 0;

/** Stores a published page holding one widget and returns its address and ids. */
function storePage(
  site: SiteServer,
  widget: string,
  settings: Record<string, unknown>,
): { path: string; postId: number; elementId: string } {
  const slug = `uji-waktu-${Date.now().toString(36)}-${++pageCount}`;
  const elementId = 'uji0w';
  const tree = [
    {
      id: 'uji0sec',
      type: 'section',
      settings: { layout: 'boxed', background: 'none' },
      children: [
        {
          id: 'uji0col',
          type: 'column',
          settings: { width: 100 },
          children: [
            { id: 'uji0h', type: 'widget', widget: 'heading', settings: { title: 'Uji hitung mundur', level: 1 } },
            { id: elementId, type: 'widget', widget, settings, children: [] },
          ],
        },
      ],
    },
  ];
  const now = new Date().toISOString();
  const db = new SQLite(site.databaseFile, { timeout: 10_000 });
  try {
    const { lastInsertRowid } = db
      .prepare(
        `insert into post (type, status, slug, title, excerpt, content, tree, published_at, modified_at, menu_order)
         values ('page', 'publish', ?, 'Uji hitung mundur', '', '', ?, ?, ?, 0)`,
      )
      .run(slug, JSON.stringify(tree), now, now);
    return { path: `/${slug}/`, postId: Number(lastInsertRowid), elementId };
  } finally {
    db.close();
  }
}

/** A due date a little ahead, on a whole minute (the setting's precision). */
function dueSoon(aheadMs = 2 * MINUTE): number {
  return Math.ceil((Date.now() + aheadMs) / MINUTE) * MINUTE;
}

test.describe('countdown: first paint from the server', () => {
  test.use({ javaScriptEnabled: false });

  test('the digits are the time left on the server clock, and the sentence says it to the minute', async ({
    page,
    site,
  }) => {
    const left = ((3 * 24 + 4) * 60 + 5) * MINUTE + 6_000;
    // The server's clock, moved to 3 days 4 h 5 min 6 s before the deadline.
    const ahead = PPDB_DUE - left - Date.now();
    site.setScheduleClock(ahead);
    try {
      const before = Date.now();
      await page.goto('/ppdb/');
      const after = Date.now();
      const countdown = new CountdownWidget(page);
      const shown = await countdown.secondsShown();
      // What the server's clock said while the page was made, counted up to whole seconds.
      expect(shown).toBeLessThanOrEqual(Math.ceil((PPDB_DUE - (before + ahead)) / 1000));
      expect(shown).toBeGreaterThanOrEqual(Math.ceil((PPDB_DUE - (after + ahead)) / 1000));
      await expect(countdown.value('days')).toHaveText('03');
      await expect(countdown.value('hours')).toHaveText('04');
      await expect(countdown.sentence).toHaveText(' 3 hari 4 jam 6 menit');
      await expect(page.getByText('Pendaftaran jalur reguler ditutup dalam 3 hari 4 jam 6 menit')).toBeAttached();
      await expect(countdown.root.locator('.countdown__units')).toHaveAttribute('aria-hidden', 'true');
      await expect(countdown.message).toBeHidden();
      await expect(countdown.root).toContainText('Hingga Sabtu, 12 Juni 2027');
    } finally {
      site.setScheduleClock(0);
    }
  });

  test('a page made after the deadline shows the expiry message', async ({ page, site }) => {
    site.setScheduleClock(PPDB_DUE + HOUR - Date.now());
    try {
      await page.goto('/ppdb/');
      const countdown = new CountdownWidget(page);
      await expect(countdown.message).toBeVisible();
      await expect(countdown.message).toContainText('Pendaftaran jalur reguler sudah ditutup.');
      expect(await countdown.secondsShown()).toBe(0);
      await expect(countdown.root).toHaveAttribute('data-state', 'expired');
    } finally {
      site.setScheduleClock(0);
    }
  });
});

test.describe('countdown: expiry actions on the browser clock', () => {
  test.afterEach(async ({ page }) => {
    await page.clock.resume().catch(() => {});
  });

  /** Opens a due-date countdown at the real time and moves the browser's clock past its end. */
  async function expireOn(page: Page, path: string, due: number) {
    await page.clock.install({ time: Date.now() });
    await page.goto(path);
    const countdown = new CountdownWidget(page);
    await countdown.enhanced();
    await expect(countdown.root).toHaveAttribute('data-state', 'running');
    await page.clock.fastForward(due - (await page.evaluate(() => Date.now())) + 1_500);
    return countdown;
  }

  test('message: the digits stop at zero, the message shows and is announced', async ({ page, site }) => {
    const due = dueSoon();
    const stored = storePage(site, 'countdown', {
      dueDate: wib(due),
      caption: 'Pendaftaran ditutup dalam',
      expireActions: ['message'],
      message: '<p>Pendaftaran sudah ditutup.</p>',
    });
    const countdown = await expireOn(page, stored.path, due);
    await expect(countdown.message).toBeVisible();
    await expect(countdown.message).toHaveText('Pendaftaran sudah ditutup.');
    await expect(countdown.status).toHaveText('Pendaftaran sudah ditutup.');
    await expect(countdown.value('seconds')).toHaveText('00');
    expect(await countdown.secondsShown()).toBe(0);
    await expect(countdown.root).toHaveAttribute('data-state', 'expired');
  });

  test('hide: the countdown goes', async ({ page, site }) => {
    const due = dueSoon();
    const stored = storePage(site, 'countdown', { dueDate: wib(due), expireActions: ['hide'] });
    const countdown = await expireOn(page, stored.path, due);
    await expect(countdown.root).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Uji hitung mundur' })).toBeVisible();
  });

  test('redirect: the visitor is taken to the chosen page', async ({ page, site }) => {
    const due = dueSoon();
    const stored = storePage(site, 'countdown', {
      dueDate: wib(due),
      expireActions: ['redirect'],
      redirectUrl: '/kontak/',
    });
    await expireOn(page, stored.path, due);
    await expect(page).toHaveURL(/\/kontak\/$/);
    await expect(page.getByRole('heading', { name: 'Hubungi Kami' })).toBeVisible();
  });

  test('restart: an evergreen countdown starts a new interval and keeps it', async ({ page, site }) => {
    const stored = storePage(site, 'countdown', {
      type: 'evergreen',
      intervalHours: 0,
      intervalMinutes: 1,
      expireActions: ['restart'],
    });
    const key = `jet-countdown-evergreen-${stored.postId}-${stored.elementId}`;
    await page.clock.install({ time: Date.now() });
    await page.goto(stored.path);
    const countdown = new CountdownWidget(page);
    await countdown.enhanced();
    const firstEnd = Number(await page.evaluate((k) => localStorage.getItem(k), key));
    expect(firstEnd).toBeGreaterThan(0);
    await page.clock.fastForward(firstEnd - (await page.evaluate(() => Date.now())) + 1_000);
    // A new minute from the end on: 59 seconds or so left, not zero.
    await expect.poll(() => countdown.secondsShown()).toBeGreaterThan(50);
    expect(await countdown.secondsShown()).toBeLessThanOrEqual(60);
    await expect(countdown.root).toHaveAttribute('data-state', 'running');
    const secondEnd = Number(await page.evaluate((k) => localStorage.getItem(k), key));
    expect(secondEnd).toBeGreaterThan(firstEnd);
    await expect(countdown.message).toHaveCount(0);
  });

  test('the ticking digits turn each second while the sentence changes once a minute', async ({ page, site }) => {
    const due = dueSoon(10 * MINUTE);
    const stored = storePage(site, 'countdown', { dueDate: wib(due) });
    await page.clock.install({ time: Date.now() });
    await page.goto(stored.path);
    const countdown = new CountdownWidget(page);
    await countdown.enhanced();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const seconds = await countdown.secondsShown();
    const sentence = await countdown.sentence.textContent();
    await page.clock.runFor(1_000);
    expect(await countdown.secondsShown()).toBe(seconds - 1);
    // The digits are hidden from screen readers; the words are no live region.
    await expect(countdown.root.locator('[aria-live]')).toHaveCount(0);
    const left = due - (await page.evaluate(() => Date.now()));
    const toNextMinute = left % MINUTE || MINUTE;
    if (toNextMinute > 2_000) {
      await page.clock.runFor(toNextMinute - 1_000);
      await expect(countdown.sentence).toHaveText(sentence ?? '');
    }
    await page.clock.runFor(2_000);
    await expect(countdown.sentence).not.toHaveText(sentence ?? '');
  });
});

test.describe('countdown: evergreen, kept per visitor', () => {
  test('the end of a first visit is kept across a reload, and a kept end is counted from', async ({ page, site }) => {
    const stored = storePage(site, 'countdown', { type: 'evergreen', intervalHours: 2, intervalMinutes: 0 });
    const key = `jet-countdown-evergreen-${stored.postId}-${stored.elementId}`;
    await page.goto(stored.path);
    const countdown = new CountdownWidget(page);
    await countdown.enhanced();
    const end = Number(await page.evaluate((k) => localStorage.getItem(k), key));
    expect(Math.abs(end - (Date.now() + 2 * HOUR))).toBeLessThan(30_000);

    await page.reload();
    await countdown.enhanced();
    expect(Number(await page.evaluate((k) => localStorage.getItem(k), key))).toBe(end);
    const expected = Math.ceil((end - (await page.evaluate(() => Date.now()))) / 1000);
    expect(Math.abs((await countdown.secondsShown()) - expected)).toBeLessThanOrEqual(2);

    // A visitor whose end is 30 minutes away sees 30 minutes, not the server's two hours.
    await page.evaluate((k) => localStorage.setItem(k, String(Date.now() + 30 * 60_000)), key);
    await page.reload();
    await countdown.enhanced();
    await expect(countdown.value('hours')).toHaveText('00');
    expect(await countdown.secondsShown()).toBeGreaterThan(29 * 60 - 5);
    expect(await countdown.secondsShown()).toBeLessThanOrEqual(30 * 60);
  });

  test('an evergreen interval of 0 does not start', async ({ page, site }) => {
    const stored = storePage(site, 'countdown', { type: 'evergreen', intervalHours: 0, intervalMinutes: 0 });
    await page.goto(stored.path);
    const countdown = new CountdownWidget(page);
    await countdown.enhanced();
    await expect(countdown.root).toHaveAttribute('data-state', 'idle');
    expect(await countdown.secondsShown()).toBe(0);
    const key = `jet-countdown-evergreen-${stored.postId}-${stored.elementId}`;
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
  });
});

test.describe('news ticker on the home page', () => {
  test.afterEach(async ({ page }) => {
    await page.clock.resume().catch(() => {});
  });

  /** Opens / with the browser's clock stopped, so that each 40 ms step is the test's to run. */
  async function openStopped(page: Page) {
    const t = Date.now();
    await page.clock.install({ time: t });
    await page.clock.pauseAt(t + 1_000);
    await page.goto('/');
    const ticker = new TickerWidget(page);
    await ticker.enhanced();
    return ticker;
  }

  test('each title is typed 40 ms a character, then the next one comes', async ({ page, siteData }) => {
    const titles = siteData.newsTitles({ limit: 5 });
    const ticker = await openStopped(page);
    await expect(ticker.slides).toHaveCount(titles.length);
    const first = titles[0] as string;
    // Typing has begun (the clock stops a moment after the page's start): the title's start, and no more.
    const typed = (await ticker.typed().textContent()) ?? '';
    expect(first.startsWith(typed)).toBe(true);
    expect(typed.length).toBeLessThan(first.length - 6);
    await page.clock.runFor(40);
    await expect(ticker.typed()).toHaveText(first.slice(0, typed.length + 1));
    await page.clock.runFor(4 * 40);
    await expect(ticker.typed()).toHaveText(first.slice(0, typed.length + 5));
    // Screen readers read the whole title all along, never the typing.
    await expect(ticker.current().getByRole('link')).toHaveAccessibleName(first);
    await page.clock.runFor((first.length - typed.length - 5) * 40);
    await expect(ticker.typed()).toHaveText(first);
    await page.clock.runFor(5_000);
    await expect(ticker.current()).toHaveAttribute('aria-label', `2 dari ${titles.length}`);
    await expect(ticker.typed()).toHaveText('');
    await page.clock.runFor(3 * 40);
    await expect(ticker.typed()).toHaveText((titles[1] as string).slice(0, 3));
  });

  test('the pointer over it or the focus in it pauses it, the title shown whole', async ({ page, siteData }) => {
    const titles = siteData.newsTitles({ limit: 5 });
    const ticker = await openStopped(page);
    await page.clock.runFor(3 * 40);
    await ticker.root.hover();
    await expect(ticker.typed()).toHaveText(titles[0] as string);
    await page.clock.runFor(30_000);
    await expect(ticker.current()).toHaveAttribute('aria-label', `1 dari ${titles.length}`);
    await page.mouse.move(5, 5);
    await page.clock.runFor(5_000);
    await expect(ticker.current()).toHaveAttribute('aria-label', `2 dari ${titles.length}`);

    // By the keyboard: the shown title's link and the buttons are in the tab order; the focus pauses it.
    await ticker.pause.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(ticker.current().getByRole('link')).toBeFocused();
    await expect(ticker.typed()).toHaveText(titles[1] as string);
    await page.clock.runFor(30_000);
    await expect(ticker.current()).toHaveAttribute('aria-label', `2 dari ${titles.length}`);
    await page.keyboard.press('Tab');
    await expect(ticker.pause).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ticker.previous).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ticker.next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ticker.current()).toHaveAttribute('aria-label', `3 dari ${titles.length}`);
    await expect(ticker.typed()).toHaveText(titles[2] as string);

    // The pause button stops it after the focus has left too.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(ticker.pause).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ticker.root.getByRole('button', { name: 'Putar' })).toBeVisible();
    await page.getByRole('link', { name: 'Langsung ke konten' }).focus();
    await page.clock.runFor(30_000);
    await expect(ticker.current()).toHaveAttribute('aria-label', `3 dari ${titles.length}`);
  });

  test('under reduced motion it is still: nothing typed, nothing moves by itself', async ({ page, siteData }) => {
    const titles = siteData.newsTitles({ limit: 5 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const ticker = await openStopped(page);
    await expect(ticker.typed()).toHaveText(titles[0] as string);
    await page.clock.runFor(60_000);
    await expect(ticker.current()).toHaveAttribute('aria-label', `1 dari ${titles.length}`);
    await expect(ticker.typed()).toHaveText(titles[0] as string);
    await expect(ticker.pause).toBeHidden();
    await ticker.next.click();
    await expect(ticker.current()).toHaveAttribute('aria-label', `2 dari ${titles.length}`);
    await expect(ticker.typed()).toHaveText(titles[1] as string);
    await ticker.previous.click();
    await expect(ticker.current()).toHaveAttribute('aria-label', `1 dari ${titles.length}`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the ticker is a list of links to the latest news, the first one shown', async ({ page, siteData }) => {
    const titles = siteData.newsTitles({ limit: 5 });
    await page.goto('/');
    const ticker = new TickerWidget(page);
    await expect(ticker.root.getByRole('link')).toHaveText(titles);
    // Each leads to its news item.
    const newest = siteData.newestPost();
    await expect(ticker.root.getByRole('link', { name: newest.title })).toHaveAttribute('href', `/${newest.slug}/`);
    await expect(ticker.root.getByRole('link', { name: titles[0] })).toBeInViewport();
    // Its buttons need script: not offered.
    await expect(ticker.next).toBeHidden();
    await expect(ticker.pause).toBeHidden();
  });

  test('the share links work, copy and print are not offered', async ({ page }) => {
    await page.goto('/ppdb/');
    const share = new ShareWidget(page, 'Bagikan info PPDB');
    await expect(share.links().first()).toHaveText('WhatsApp');
    await expect(share.copy).toBeHidden();
    await expect(share.print).toBeHidden();
  });
});

test.describe('share buttons', () => {
  test('links to each network share the page’s canonical address and title, in a new tab', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/ppdb/');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${baseURL}/ppdb/`);
    const share = new ShareWidget(page, 'Bagikan info PPDB');
    const u = encodeURIComponent(canonical as string);
    const t = encodeURIComponent('PPDB');
    await expect(share.links()).toHaveText(['WhatsApp', 'Facebook', 'Telegram', 'X (Twitter)', 'LinkedIn', 'E-mail']);
    const hrefs = await share.links().evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs).toEqual([
      `https://wa.me/?text=${encodeURIComponent(`PPDB ${canonical}`)}`,
      `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      `https://t.me/share/url?url=${u}&text=${t}`,
      `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
      `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      `mailto:?subject=${t}&body=${encodeURIComponent(`PPDB\n${canonical}`)}`,
    ]);
    for (const link of await share.links().all()) {
      const mail = (await link.getAttribute('href'))?.startsWith('mailto:');
      if (mail) continue;
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    // No third-party script came with them.
    const scripts = await page.locator('script[src]').evaluateAll((s) => s.map((e) => (e as HTMLScriptElement).src));
    expect(scripts.every((src) => src.startsWith(baseURL as string))).toBe(true);
  });

  test('"Salin tautan" copies the address and says so; "Cetak" prints', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed++;
      };
    });
    await page.goto('/ppdb/');
    const share = new ShareWidget(page, 'Bagikan info PPDB');
    await share.enhanced();
    await share.copy.click();
    await expect(share.status).toHaveText('Tautan disalin');
    await expect(share.status).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/ppdb/`);
    await share.print.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test('a news article closes with its share buttons', async ({ page, siteData, baseURL }) => {
    const post = siteData.newestPost();
    await page.goto(`/${post.slug}/`);
    const share = new ShareWidget(page, 'Bagikan berita ini');
    await expect(share.links().first()).toHaveText('WhatsApp');
    await expect(share.links().first()).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${post.title} ${baseURL}/${post.slug}/`)}`,
    );
    await expect(share.copy).toBeVisible();
  });
});

test.describe('on a slow phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on "Salin tautan" before the code has come (CPU 4x, scripts held) is kept', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const fullSpeed = await throttleCpu(page, 4);
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/ppdb/', { waitUntil: 'domcontentloaded' });
    const share = new ShareWidget(page, 'Bagikan info PPDB');
    await share.copy.tap();
    await expect(share.status).toHaveText('');
    release();
    await expect(share.status).toHaveText('Tautan disalin', { timeout: 60_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/ppdb/`);
    await fullSpeed();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the ticker and the countdown fit the phone', async ({ page }) => {
    await page.goto('/');
    const ticker = new TickerWidget(page);
    await ticker.enhanced();
    const box = await ticker.root.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/ppdb/');
    const countdown = new CountdownWidget(page);
    await countdown.enhanced();
    const units = await countdown.root
      .locator('.countdown__unit')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(Math.max(...units)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('accessibility', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`axe finds nothing on / and /ppdb/ (reduced motion: ${reducedMotion})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion });
      await page.goto('/');
      await new TickerWidget(page).enhanced();
      await expectNoA11yProblems(page);
      await page.goto('/ppdb/');
      await new CountdownWidget(page).enhanced();
      await new ShareWidget(page, 'Bagikan info PPDB').enhanced();
      await expectNoA11yProblems(page);
    });
  }
});
