import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import type { CalendarMonth } from '~/features/agenda/view';
import { dispatchAjax } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';

/**
 * Issue 13: the agenda calendar. Call 8 (`jet_engine_calendar_get_month`, original-wire.md §3.2) with
 * the bodies the original JetEngine client sends, written out by hand (jQuery's form encoding), and
 * the /agenda/ page that shows the seeded school year (content/agenda.yaml).
 */

const ORIGIN = 'http://school.test';
/** jQuery.ajax's headers for a POST of an object. */
const JQUERY = {
  'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json, text/javascript, */*; q=0.01',
};

interface MonthAnswer {
  success: boolean;
  data: { content: string; month: CalendarMonth; message?: string };
}

afterAll(() => closeAppBuild());

describe.each(DIALECTS)('the agenda calendar on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let agendaId: number;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    agendaId = (
      await conn.db
        .selectFrom('post')
        .select('id')
        .where('type', '=', 'page')
        .where('slug', '=', 'agenda')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const ajax = (body: string) =>
    dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, { method: 'POST', headers: JQUERY, body }),
      appContext(conn),
      ajaxActions,
    );

  /** The original client's body: month from `data-month`, `settings` from `data-settings`, `post` from `data-post`. */
  const originalBody = (month: string, post: number | string = agendaId, elementId = 'ag1cal') =>
    `jet_engine_action=jet_engine_calendar_get_month&month=${encodeURIComponent(month)}` +
    `&settings%5B_element_id%5D=${elementId}&post=${post}`;

  const titles = (html: string) => [...html.matchAll(/class="agenda-event__title">([^<]*)</g)].map((m) => m[1]);
  const dayOf = (month: CalendarMonth, date: string) => month.weeks.flat().find((d) => d.date === date);
  const eventTitles = (month: CalendarMonth, date: string) =>
    (dayOf(month, date)?.events ?? []).map((id) => month.events[String(id)]?.title);
  const postCount = async () =>
    Number(
      (
        await conn.db
          .selectFrom('post')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('the seed stores a school year of events with dates, place and category', async () => {
    const events = await conn.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'agenda')
      .where('status', '=', 'publish')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(40);
    const categories = await conn.db
      .selectFrom('term')
      .select('slug')
      .where('taxonomy', '=', 'kategori-agenda')
      .orderBy('slug')
      .execute();
    expect(categories.map((c) => c.slug)).toEqual(['akademik', 'kegiatan', 'libur', 'orang-tua', 'ppdb', 'upacara']);
  });

  test('call 8 posted as the original client posts it to the page’s own address answers the month’s HTML', async () => {
    const answer = await site.send('/agenda/?nocache=1764000000', {
      method: 'POST',
      headers: { ...JQUERY, origin: `http://${site.host}` },
      body: originalBody('December 2026'),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    const body = JSON.parse(answer.text) as MonthAnswer;
    expect(body.success).toBe(true);
    const html = body.data.content;
    // The client puts this in place of `.jet-calendar`: the root with its data attributes, and nav
    // links whose `data-month` it sends next.
    expect(html).toMatch(/^<div class="jet-calendar" id="kalender-ag1cal"/);
    expect(html).toContain(`data-post="${agendaId}"`);
    expect(html).toContain('data-settings="{&quot;_element_id&quot;:&quot;ag1cal&quot;}"');
    expect(html).toContain('data-month="November 2026"');
    expect(html).toContain('data-month="January 2027"');
    expect(html).toContain('Desember 2026');
    expect(html).toContain('role="grid"');
    // A day with events is a link that opens it; the semester exams last five days.
    for (const day of ['01', '02', '03', '04', '05'])
      expect(html).toContain(`href="?tanggal=2026-12-${day}#kalender-ag1cal"`);
    // The same call at admin-ajax, with `action` as older clients send it, answers the same.
    const viaAjax = await ajax(originalBody('December 2026').replace('jet_engine_action=', 'action='));
    expect(viaAjax.status).toBe(200);
    expect(await viaAjax.json()).toEqual(body);
  });

  test('call 8’s month data: events of several days on each of their days, within the month', async () => {
    const res = await ajax(originalBody('December 2026').replace('jet_engine_action=', 'action='));
    const { month } = ((await res.json()) as MonthAnswer).data;
    expect(month.key).toBe('2026-12');
    expect(month.label).toBe('Desember 2026');
    expect(eventTitles(month, '2026-12-03')).toEqual(['Asesmen Sumatif Akhir Semester (ASAS) ganjil']);
    expect(eventTitles(month, '2026-12-25')).toEqual(['Libur semester ganjil', 'Hari Raya Natal']);
    expect(eventTitles(month, '2026-12-31')).toEqual(['Libur semester ganjil']);
    expect(eventTitles(month, '2026-12-07')).toEqual([]);
    const holiday = Object.values(month.events).find((e) => e.title === 'Libur semester ganjil');
    expect(holiday).toMatchObject({ multiDay: true, category: 'libur', categoryLabel: 'Libur', place: '' });
    expect(holiday?.range).toMatch(/^21 Desember 2026\s–\s3 Januari 2027$/);

    // The holiday begun in December is still on January's first days.
    const jan = ((await (await ajax(originalBody('January 2027'))).json()) as MonthAnswer).data.month;
    expect(eventTitles(jan, '2027-01-01')).toEqual(['Libur semester ganjil', 'Tahun Baru 2027 Masehi']);
    expect(eventTitles(jan, '2027-01-03')).toEqual(['Libur semester ganjil']);
    expect(eventTitles(jan, '2027-01-04')).toEqual(['Hari pertama semester genap']);
  });

  test('call 8 without a stored calendar shows the whole agenda; a calendar that is not one is refused', async () => {
    const bare = await ajax('action=jet_engine_calendar_get_month&month=November+2026');
    expect(bare.status).toBe(200);
    const body = (await bare.json()) as MonthAnswer;
    expect(eventTitles(body.data.month, '2026-11-25')).toEqual(['Upacara Hari Guru Nasional']);
    // `false` is what jQuery sends for a missing post id.
    expect((await ajax(originalBody('November 2026', 'false'))).status).toBe(200);

    const before = await postCount();
    for (const body of [originalBody('November 2026', agendaId, 'ag0h1'), originalBody('November 2026', 999_999)]) {
      const res = await ajax(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        data: { message: 'Request data is incorrect', code: 'invalid_request' },
      });
    }
    expect(await postCount()).toBe(before);
  });

  test.each([['2024-13'], ['Maret 2024'], ['March 1999'], ['March 2100'], ['13 2024'], [''], ['x'.repeat(41)]])(
    'call 8 with month %j answers 400 and changes nothing',
    async (month) => {
      const before = await postCount();
      const res = await ajax(originalBody(month));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { success: boolean; data: { message: string } };
      expect(body.success).toBe(false);
      expect(body.data.message).toMatch(/month/);
      expect(await postCount()).toBe(before);
    },
  );

  test.each([
    ['no month', 'action=jet_engine_calendar_get_month'],
    ['a month list', 'action=jet_engine_calendar_get_month&month%5B%5D=March+2024'],
    ['settings as text', 'action=jet_engine_calendar_get_month&month=March+2024&settings=x'],
    ['a post id that is not a number', 'action=jet_engine_calendar_get_month&month=March+2024&post=abc'],
    ['a GET', null],
  ])('call 8 with %s answers 4xx', async (_name, body) => {
    const res =
      body === null
        ? await dispatchAjax(
            new Request(`${ORIGIN}/wp-admin/admin-ajax.php?action=jet_engine_calendar_get_month&month=March+2024`),
            appContext(conn),
            ajaxActions,
          )
        : await ajax(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test('call 8 as JSON with a post id past PostgreSQL’s integer answers 400', async () => {
    const res = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          action: 'jet_engine_calendar_get_month',
          month: 'March 2024',
          settings: { _element_id: 'ag1cal' },
          post: 2_147_483_648,
        }),
      }),
      appContext(conn),
      ajaxActions,
    );
    expect(res.status).toBe(400);
  });

  test('titles are escaped in the month’s HTML', async () => {
    const { id } = await conn.db
      .insertInto('post')
      .values({
        type: 'agenda',
        status: 'publish',
        slug: 'uji-escape',
        title: '<img src=x onerror=alert(1)> & "kutip"',
        excerpt: '',
        content: '',
        tree: null,
        parent_id: null,
        author_id: null,
        featured_media_id: null,
        published_at: '2030-01-01T00:00:00.000Z',
        modified_at: '2030-01-01T00:00:00.000Z',
        menu_order: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const date = { value_text: null, value_number: null, value_date: '2030-03-04T00:00:00.000Z' };
    await conn.db
      .insertInto('post_meta')
      .values([
        { post_id: id, meta_key: 'tanggal_mulai', ...date },
        { post_id: id, meta_key: 'tanggal_selesai', ...date },
        { post_id: id, meta_key: 'tempat', value_text: '<b>Aula</b>', value_number: null, value_date: null },
      ])
      .execute();
    try {
      const page = await site.send('/agenda/?tanggal=2030-03-04');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('<img src=x');
      expect(page.text).not.toContain('<b>Aula</b>');
      expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; ');
      const res = await ajax(originalBody('March 2030'));
      const { content } = ((await res.json()) as MonthAnswer).data;
      expect(content).not.toContain('<img');
      expect(content).toContain('&lt;img src=x');
    } finally {
      await conn.db.deleteFrom('post').where('id', '=', id).execute();
    }
  });

  test('/agenda/ shows the month and the open day its address names, with links for every month and day', async () => {
    const december = await site.send('/agenda/?bulan=2026-12');
    expect(december.status).toBe(200);
    expect(december.text).toContain('Desember 2026');
    expect(december.text).toContain('href="?bulan=2026-11#kalender-ag1cal"');
    expect(december.text).toContain('href="?bulan=2027-01#kalender-ag1cal"');
    expect(december.text).toContain('href="?tanggal=2026-12-19#kalender-ag1cal"');
    // No day is open: no row of events.
    expect(titles(december.text)).toEqual([]);

    const open = await site.send('/agenda/?tanggal=2026-11-25');
    expect(open.status).toBe(200);
    expect(open.text).toContain('November 2026');
    expect(titles(open.text)).toEqual(['Upacara Hari Guru Nasional']);
    expect(open.text).toContain('Rabu, 25 November 2026');
    expect(open.text).toContain('Lapangan upacara');
    // The open day's link closes it: back to its month.
    expect(open.text).toMatch(/href="\?bulan=2026-11#kalender-ag1cal"[^>]*aria-expanded="true"/);

    // A day without events opens nothing.
    const quiet = await site.send('/agenda/?tanggal=2026-11-03');
    expect(quiet.status).toBe(200);
    expect(titles(quiet.text)).toEqual([]);

    // Without an address the calendar shows this month (in the school's zone).
    const now = await site.send('/agenda/');
    expect(now.status).toBe(200);
    expect(now.text).toContain('class="jet-calendar"');
    expect(now.text).toContain('aria-current="date"');
  });

  /** Every event title the month's days list (wide screens show them in the grid). */
  const dayTitles = (html: string) =>
    [...html.matchAll(/class="jet-calendar-week__day-event agenda-cat-([a-z-]+)">([^<]*)</g)].map((m) => [m[1], m[2]]);

  test('issue 21: the category filter over the calendar narrows its month, its links and call 8 keep it', async () => {
    const all = await site.send('/agenda/?bulan=2026-11');
    expect(all.status).toBe(200);
    // The filter is a GET form over the calendar: the month kept, every category offered, none chosen.
    const form = /<form[^>]*data-agenda-filter=""[\s\S]*?<\/form>/.exec(all.text)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="#kalender-ag1cal"');
    expect(form).toContain('<input type="hidden" name="bulan" value="2026-11"/>');
    expect(form).toMatch(/<select[^>]*name="kategori"/);
    expect(form).toContain('<option value="upacara">Upacara dan peringatan</option>');
    expect(form).toMatch(/<option value="" selected="">Semua kategori<\/option>/);
    const categories = new Set(dayTitles(all.text).map(([category]) => category));
    expect(categories.size).toBeGreaterThan(1);
    expect(categories).toContain('upacara');

    const narrowed = await site.send('/agenda/?bulan=2026-11&kategori=upacara');
    expect(narrowed.status).toBe(200);
    const shown = dayTitles(narrowed.text);
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown.map(([category]) => category))).toEqual(new Set(['upacara']));
    expect(shown.map(([, title]) => title)).toContain('Upacara Hari Guru Nasional');
    expect(dayTitles(all.text).filter(([c]) => c === 'upacara')).toEqual(shown);
    // Month and day links keep the filter; the form shows it chosen.
    expect(narrowed.text).toContain('href="?bulan=2026-10&amp;kategori=upacara#kalender-ag1cal"');
    expect(narrowed.text).toContain('href="?bulan=2026-12&amp;kategori=upacara#kalender-ag1cal"');
    expect(narrowed.text).toContain('href="?tanggal=2026-11-25&amp;kategori=upacara#kalender-ag1cal"');
    expect(narrowed.text).toMatch(/<option value="upacara" selected="">/);
    // An open day within the filter.
    const day = await site.send('/agenda/?tanggal=2026-11-25&kategori=upacara');
    expect(titles(day.text)).toEqual(['Upacara Hari Guru Nasional']);

    // Call 8 (our live widget sends `kategori`) answers the filtered month, as data and as HTML.
    const res = await ajax(`${originalBody('November 2026')}&kategori=upacara`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as MonthAnswer;
    const events = Object.values(body.data.month.events);
    expect(events.length).toBe(new Set(shown.map(([, title]) => title)).size);
    expect(events.every((e) => e.category === 'upacara')).toBe(true);
    expect(body.data.month.filter).toBe('upacara');
    expect(body.data.content).toContain('href="?bulan=2026-12&amp;kategori=upacara#kalender-ag1cal"');
    // An unknown category: 404 on the page, 400 on the call; an empty choice is every category.
    expect((await site.send('/agenda/?bulan=2026-11&kategori=rapat')).status).toBe(404);
    expect((await ajax(`${originalBody('November 2026')}&kategori=rapat`)).status).toBe(400);
    expect(dayTitles((await site.send('/agenda/?bulan=2026-11&kategori=')).text)).toEqual(dayTitles(all.text));
  });

  test.each([
    '/agenda/?bulan=2024-13',
    '/agenda/?bulan=2024-00',
    '/agenda/?bulan=1999-12',
    '/agenda/?bulan=abc',
    '/agenda/?tanggal=2026-02-30',
    '/agenda/?tanggal=2026-11',
    '/agenda/?bulan=',
  ])('%s answers 404, never 500', async (path) => {
    const res = await site.send(path);
    expect(res.status).toBe(404);
  });
});
