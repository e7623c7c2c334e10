import type { Page } from '@playwright/test';
import { expect, staffTest, test } from './fixtures';
import { StaffPagesEditor } from './pages/staff-pages';
import { PpdbToggles, ProfilTabs, recordTemplateCalls, TEMPLATE_CALL, waitForBehaviour } from './pages/widgets-tabs';
import { expectNoA11yProblems } from './support/axe';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

// Issue 22: the tabs on /profil/ (template panels over the tabs' template call), the accordions and the
// switcher on /profil/ and /ppdb/: keyboard, lazy panels loaded once, the failed-script path, hash
// opening, taps before the code, no JavaScript, a phone's width, axe, and an editor adding an accordion.

test.describe('tabs', () => {
  test('the keyboard moves between tabs (arrows, Home, End); each template panel loads once, over the template call', async ({
    page,
  }) => {
    const calls = recordTemplateCalls(page);
    await page.goto('/profil/');
    await waitForBehaviour(page, 'tabs');
    const tabs = new ProfilTabs(page);
    const lazy = await tabs.lazyTemplateIds();
    // The first tab's template came with the page; the other two wait for their first showing.
    expect(lazy).toHaveLength(2);
    await expect(tabs.tab('Profil')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.shownPanel()).toContainText('Dra. Hj. Ratna Wulandari');
    expect(calls).toHaveLength(0);

    await tabs.tab('Profil').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.tab('Visi & Misi')).toBeFocused();
    await expect(tabs.tab('Visi & Misi')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.shownPanel()).toContainText('Terwujudnya pelajar yang beriman');
    await page.keyboard.press('End');
    await expect(tabs.tab('Fasilitas')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.shownPanel()).toContainText('Sarana Belajar dan Kegiatan');
    await page.keyboard.press('Home');
    await expect(tabs.tab('Profil')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.shownPanel()).toContainText('Dra. Hj. Ratna Wulandari');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.tab('Fasilitas')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.tab('Visi & Misi')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tabs.tab('Fasilitas')).toHaveAttribute('aria-selected', 'true');

    // Two panels, two calls, each with the original client's query; showing them again asks nothing.
    expect(calls.map((u) => u.searchParams.get('id')).sort()).toEqual([...lazy].sort());
    expect(calls.map((u) => u.searchParams.get('dev'))).toEqual(['false', 'false']);

    // The facilities template holds tabs of its own: enhanced when it arrived, and they fade (400 ms).
    const nested = tabs.shownPanel().getByRole('tablist');
    await nested.getByRole('tab', { name: 'Olahraga & seni' }).click();
    const nestedPanel = tabs.shownPanel().locator('.toggle-tabs[data-nested] .toggle-tabs__panel:not([data-inert])');
    await expect(nestedPanel).toContainText('Aula berkapasitas 400 orang');
    expect(await nestedPanel.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.4s');
    expect(calls).toHaveLength(2);
  });

  test('a template whose script fails logs ‘Script Loaded Error’, is not inserted, and its script is asked for once', async ({
    page,
  }) => {
    const script = '/wp-content/plugins/jet-tabs/assets/js/rusak.js';
    let scriptRequests = 0;
    await page.route(`**${script}`, (route) => {
      scriptRequests++;
      return route.abort();
    });
    await page.route(TEMPLATE_CALL, (route) =>
      route.fulfill({
        json: {
          template_content: '<p>Konten yang tidak boleh tampil</p>',
          template_scripts: { 'tabs-rusak': script },
          template_styles: {},
        },
      }),
    );
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/profil/');
    await waitForBehaviour(page, 'tabs');
    const tabs = new ProfilTabs(page);
    await tabs.tab('Visi & Misi').click();
    await expect.poll(() => errors).toContain('Script Loaded Error');
    await tabs.tab('Fasilitas').click();
    await expect.poll(() => errors.filter((e) => e === 'Script Loaded Error')).toHaveLength(2);
    await expect(page.getByText('Konten yang tidak boleh tampil')).toHaveCount(0);
    // The panel keeps its link, which asks the server for the panel instead.
    await expect(tabs.shownPanel().getByRole('link', { name: 'Tampilkan Fasilitas' })).toBeVisible();
    expect(scriptRequests).toBe(1);
  });

  test('a tab link tapped while the scripts load (CPU throttled 4x) is kept: that tab shows once they run', async ({
    page,
  }) => {
    const fullSpeed = await throttleCpu(page, 4);
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/profil/', { waitUntil: 'commit' });
    const tabs = new ProfilTabs(page);
    await tabs.links.getByRole('link', { name: 'Fasilitas', exact: true }).click();
    release();
    await waitForBehaviour(page, 'tabs');
    await expect(tabs.tab('Fasilitas')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.shownPanel()).toContainText('Sarana Belajar dan Kegiatan');
    await fullSpeed();
  });
});

test.describe('accordion', () => {
  test('collapsible: opening a step closes the others; clicking the open one does nothing', async ({ page }) => {
    await page.goto('/ppdb/');
    await waitForBehaviour(page, 'accordion');
    const ppdb = new PpdbToggles(page);
    expect(await ppdb.openIn('alur-daftar')).toEqual(['alur-daftar']);
    await ppdb.summary('2. Unggah atau serahkan berkas').click();
    await expect(ppdb.toggle('alur-berkas')).toHaveAttribute('open', '');
    expect(await ppdb.openIn('alur-daftar')).toEqual(['alur-berkas']);
    await ppdb.summary('2. Unggah atau serahkan berkas').click();
    await expect(ppdb.toggle('alur-berkas')).toHaveAttribute('open', '');
    expect(await ppdb.openIn('alur-daftar')).toEqual(['alur-berkas']);
    // The FAQ's toggles flip on their own.
    await ppdb.summary('Apakah ada aturan zonasi?').click();
    await ppdb.summary('Kapan pengumuman hasil seleksi?').click();
    expect(await ppdb.openIn('faq-biaya')).toEqual(['faq-jadwal', 'faq-zonasi']);
    await ppdb.summary('Apakah ada aturan zonasi?').click();
    await expect(ppdb.toggle('faq-zonasi')).not.toHaveAttribute('open');
    // The height animates 300 ms.
    expect(
      await ppdb.toggle('faq-zonasi').evaluate((el) => getComputedStyle(el, '::details-content').transitionDuration),
    ).toMatch(/^0\.3s/);
  });

  test('the address hash opens the toggles it names, separated by &', async ({ page }) => {
    await page.goto('/ppdb/#faq-biaya&faq-jalur');
    await waitForBehaviour(page, 'accordion');
    const ppdb = new PpdbToggles(page);
    await expect(ppdb.toggle('faq-jalur')).toHaveAttribute('open', '');
    expect(await ppdb.openIn('faq-biaya')).toEqual(['faq-biaya', 'faq-jalur']);
    await expect(ppdb.toggle('faq-biaya').getByText('Pendaftaran tidak dipungut biaya')).toBeInViewport();
  });

  test('a hash link on the page opens the toggle it names', async ({ page }) => {
    await page.goto('/ppdb/');
    await waitForBehaviour(page, 'accordion');
    const ppdb = new PpdbToggles(page);
    await expect(ppdb.toggle('faq-zonasi')).not.toHaveAttribute('open');
    await page.getByRole('link', { name: 'pertanyaan tentang zonasi' }).click();
    await expect(ppdb.toggle('faq-zonasi')).toHaveAttribute('open', '');
    await expect(ppdb.toggle('faq-zonasi').getByText('tidak terikat zonasi')).toBeInViewport();
    await expect(page).toHaveURL(/#faq-zonasi$/);
  });

  test('a toggle tapped while the scripts load (CPU throttled 4x) stays open', async ({ page }) => {
    const fullSpeed = await throttleCpu(page, 4);
    const release = await holdRequests(page, ALL_SCRIPTS);
    await page.goto('/ppdb/', { waitUntil: 'commit' });
    const ppdb = new PpdbToggles(page);
    await ppdb.summary('Dokumen apa saja yang perlu disiapkan?').click();
    release();
    await waitForBehaviour(page, 'accordion');
    await expect(ppdb.toggle('faq-dokumen')).toHaveAttribute('open', '');
    await expect(ppdb.toggle('faq-dokumen').getByText('Akta kelahiran, kartu keluarga')).toBeVisible();
    await fullSpeed();
  });
});

test.describe('switcher', () => {
  test('the keyboard switches between the tracks; the height animates 500 ms', async ({ page }) => {
    await page.goto('/ppdb/');
    await waitForBehaviour(page, 'switcher');
    const ppdb = new PpdbToggles(page);
    await expect(ppdb.track('Jalur reguler')).toBeChecked();
    await expect(page.getByText('Kuotanya 152 kursi')).toBeVisible();
    await expect(page.getByText('Kuotanya 64 kursi')).toBeHidden();
    // The animations the switcher starts, with their durations (a busy machine may end one before it is looked at).
    await ppdb.switcherPanels().evaluate((panels) => {
      const started: unknown[] = [];
      (window as { switcherAnimations?: unknown[] }).switcherAnimations = started;
      const animate = panels.animate.bind(panels);
      panels.animate = (keyframes, options) => {
        started.push(typeof options === 'object' ? options.duration : options);
        return animate(keyframes, options);
      };
    });
    await ppdb.track('Jalur reguler').focus();
    await page.keyboard.press('ArrowRight');
    await expect(ppdb.track('Jalur prestasi')).toBeChecked();
    await expect
      .poll(() => page.evaluate(() => (window as { switcherAnimations?: unknown[] }).switcherAnimations))
      .toEqual([500]);
    await expect(page.getByText('Kuotanya 64 kursi')).toBeVisible();
    await expect(page.getByText('Kuotanya 152 kursi')).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await expect(ppdb.track('Jalur reguler')).toBeChecked();
    await expect(page.getByText('Kuotanya 152 kursi')).toBeVisible();
    // Under reduced motion it switches at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.keyboard.press('ArrowRight');
    await expect(ppdb.track('Jalur prestasi')).toBeChecked();
    await expect(page.getByText('Kuotanya 64 kursi')).toBeVisible();
    expect(await page.evaluate(() => (window as { switcherAnimations?: unknown[] }).switcherAnimations)).toEqual([
      500, 500,
    ]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a tap switches without scrolling the page; everything fits 390 px', async ({ page }) => {
      await page.goto('/ppdb/');
      await waitForBehaviour(page, 'switcher');
      const ppdb = new PpdbToggles(page);
      await ppdb.track('Jalur prestasi').scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      await ppdb.track('Jalur prestasi').tap();
      await expect(ppdb.track('Jalur prestasi')).toBeChecked();
      await expect(page.getByText('Kuotanya 64 kursi')).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
      await expectFits(page);
      await page.goto('/profil/');
      await waitForBehaviour(page, 'tabs');
      await new ProfilTabs(page).tab('Fasilitas').tap();
      await expect(new ProfilTabs(page).shownPanel()).toContainText('Sarana Belajar dan Kegiatan');
      await expectFits(page);
    });
  });
});

/** Nothing sticks out of the phone's width. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the answers are in the page; every tab’s panel or a link to it is there, and the link shows it', async ({
    page,
  }) => {
    await page.goto('/ppdb/');
    const ppdb = new PpdbToggles(page);
    await expect(ppdb.toggle('faq-seragam')).toContainText('Seragam batik sekolah');
    await ppdb.summary('Bagaimana dengan seragam dan perlengkapan sekolah?').click();
    await expect(ppdb.toggle('faq-seragam').getByText('Seragam batik sekolah')).toBeVisible();
    await ppdb.track('Jalur prestasi').check();
    await expect(page.getByText('Kuotanya 64 kursi')).toBeVisible();

    await page.goto('/profil/');
    const tabs = new ProfilTabs(page);
    await expect(page.getByText('Dra. Hj. Ratna Wulandari')).toBeVisible();
    // Hidden until found: in the page, out of the accessibility tree until a link shows it.
    await expect(tabs.widget.getByRole('link', { name: 'Tampilkan Visi & Misi', includeHidden: true })).toBeAttached();
    await tabs.links.getByRole('link', { name: 'Fasilitas', exact: true }).click();
    const link = tabs.widget.getByRole('link', { name: 'Tampilkan Fasilitas' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/profil\/\?tab=tab-fasilitas#tab-fasilitas$/);
    await expect(page.getByText('Sarana Belajar dan Kegiatan')).toBeVisible();
    // The nested tabs' other panels are in the page too, hidden until found.
    await expect(tabs.widget.getByText('Aula berkapasitas 400 orang untuk pentas seni')).toBeAttached();
  });
});

test.describe('accessibility', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`axe finds nothing with the widgets open (reduced motion: ${reducedMotion})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion });
      await page.goto('/ppdb/#faq-biaya&faq-jalur');
      await waitForBehaviour(page, 'accordion');
      await new PpdbToggles(page).track('Jalur prestasi').check();
      const duration = await new PpdbToggles(page)
        .toggle('faq-biaya')
        .evaluate((el) => getComputedStyle(el, '::details-content').transitionDuration);
      expect(duration).toMatch(reducedMotion === 'reduce' ? /^0s/ : /^0\.3s/);
      await expectNoA11yProblems(page);
      await page.goto('/profil/');
      await waitForBehaviour(page, 'tabs');
      await new ProfilTabs(page).tab('Fasilitas').click();
      await expect(new ProfilTabs(page).shownPanel()).toContainText('Sarana Belajar dan Kegiatan');
      await expectNoA11yProblems(page);
    });
  }
});

/**
 * Fills the new accordion's form as the page editor offers it today: its items as JSON. Kept in one
 * place: the page editor's list fields are changing (another part of issue 22).
 */
async function fillAccordionForm(page: Page, items: Array<{ cssId: string; title: string; html: string }>) {
  // The toggles are a list of items in the form: one fieldset each, added with "Tambah item".
  const list = page.getByRole('group', { name: 'Daftar item' });
  const item = (n: number) => list.getByRole('group', { name: new RegExp(`^Item ${n}\\b`) });
  for (const [i, { cssId, title, html }] of items.entries()) {
    if ((await item(i + 1).count()) === 0) {
      await list.getByRole('button', { name: 'Tambah item: Daftar item' }).click();
    }
    await item(i + 1)
      .getByLabel('ID CSS', { exact: true })
      .fill(cssId);
    await item(i + 1)
      .getByLabel('Judul', { exact: true })
      .fill(title);
    await item(i + 1)
      .getByLabel('Isi (HTML)', { exact: true })
      .fill(html);
  }
  await page.getByLabel('Satu terbuka saja (membuka satu menutup yang lain)').check();
}

staffTest('an editor adds an accordion in the page editor, and a visitor opens it', async ({ page }) => {
  test.slow();
  const question = `Kapan kantor tata usaha buka? ${Date.now().toString(36)}`;
  const editor = new StaffPagesEditor(page);
  await editor.open('Kontak');
  const column = 'Kolom 1 (100%) di Bagian 2';
  await editor.addWidget(column, 'Akordeon (tanya jawab)');
  await fillAccordionForm(page, [
    { cssId: 'tanya-tu', title: question, html: '<p>Senin–Jumat pukul 07.00–15.00 WIB.</p>' },
    { cssId: 'tanya-parkir', title: 'Di mana orang tua dapat parkir?', html: '<p>Di halaman depan sekolah.</p>' },
  ]);
  await page.getByRole('button', { name: 'Tambahkan ke draf', exact: true }).click();
  await expect(editor.notice()).toContainText('ditambahkan di draf');
  await page.getByRole('button', { name: 'Terbitkan' }).click();
  await expect(editor.notice()).toContainText('Draf diterbitkan');

  const visitor = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto('/kontak/#tanya-parkir');
  await waitForBehaviour(visitor, 'accordion');
  const ppdb = new PpdbToggles(visitor);
  // The first is open (the default state), the hash opened the second; collapsible keeps one.
  await expect(ppdb.toggle('tanya-parkir')).toHaveAttribute('open', '');
  await expect(ppdb.toggle('tanya-tu')).not.toHaveAttribute('open');
  await ppdb.summary(question).click();
  await expect(visitor.getByText('Senin–Jumat pukul 07.00–15.00 WIB.')).toBeVisible();
  await expect(ppdb.toggle('tanya-parkir')).not.toHaveAttribute('open');
  await visitor.close();
});
