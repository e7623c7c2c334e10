import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { listAgendaEvents } from '~/features/agenda/staff.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Issue 14 "Agenda": staff add, change and delete school events at /admin/agenda/; the public calendar
 * (/agenda/, kept in the page cache here) shows each change at once. The role and the CSRF token are
 * checked on every request; bad input is answered 400 with the form kept, and changes nothing.
 */

afterAll(() => closeAppBuild());

const NEW = '/admin/agenda/baru/';
const ASAS = 'Asesmen Sumatif Akhir Semester (ASAS) ganjil';
const PUBLIC_DECEMBER = '/agenda/?bulan=2026-12';
// The process that saved drops its cached pages at once (lib/content-version.server.ts): the very next
// page a visitor opens shows the change.

describe.each(DIALECTS)('the agenda’s staff screens on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    // The page cache on: the public calendar is kept until a change by staff ends it.
    site = await startSite(conn, { pageCacheMs: 60_000 });
    await signInRoles(conn.db, 'agenda', ['editor', 'author', 'subscriber'], { cookies, tokens, ids });
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);
  const has = (text: string, part: string) => text.includes(part);
  const eventCount = async () =>
    Number(
      (
        await conn.db
          .selectFrom('post')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('type', '=', 'agenda')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const event = {
    judul: 'Lomba cerdas cermat antarkelas',
    mulai: '2027-02-10',
    selesai: '2027-02-11',
    waktu: '08.00–12.00',
    tempat: 'Aula sekolah',
    kategori: 'kegiatan',
    keterangan: 'Setiap kelas mengirim tiga siswa.\n\nPenonton <b>boleh</b> hadir.',
  };

  test('only staff with the agenda capability open the screens or change anything', async () => {
    expect((await open('/admin/agenda/')).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Fagenda%2F');
    const before = await eventCount();
    for (const role of ['author', 'subscriber']) {
      for (const path of [
        '/admin/agenda/',
        '/admin/agenda/kalender/',
        NEW,
        '/admin/agenda/1/',
        '/admin/agenda/1/hapus/',
      ]) {
        expect((await open(path, role)).status, `${role} ${path}`).toBe(403);
      }
    }
    expect((await post(NEW, 'author', { ...event, _token: tokens.author as string })).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  test('an editor adds an event: published at once, on the public calendar in its month', async () => {
    const calendarBefore = await open('/agenda/?bulan=2027-02');
    expect(calendarBefore.status).toBe(200);
    expect(has(calendarBefore.text, event.judul)).toBe(false);
    const before = await eventCount();

    // Without the token nothing is stored.
    expect((await post(NEW, 'editor', event)).status).toBe(403);
    expect(await eventCount()).toBe(before);

    const created = await post(NEW, 'editor', { ...event, _token: tokens.editor as string });
    expect(created.status).toBe(302);
    const id = Number(/^\/admin\/agenda\/(\d+)\/\?disimpan$/.exec(created.headers.location ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(await eventCount()).toBe(before + 1);
    const post_ = await conn.db.selectFrom('post').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(post_).toMatchObject({ type: 'agenda', status: 'publish', slug: 'lomba-cerdas-cermat-antarkelas' });
    // The description is stored escaped.
    expect(post_.content).toBe(
      '<p>Setiap kelas mengirim tiga siswa.</p><p>Penonton &lt;b&gt;boleh&lt;/b&gt; hadir.</p>',
    );
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: ids.editor, action: 'agenda.create', subject_type: 'post', subject_id: id });

    const saved = await open(created.headers.location as string, 'editor');
    expect(saved.status).toBe(200);
    expect(has(saved.text, 'Acara disimpan dan tampil di kalender publik.')).toBe(true);
    expect(has(saved.text, 'href="/agenda/?bulan=2027-02"')).toBe(true);

    // The cached calendar is rendered afresh with the event.
    expect(has((await open('/agenda/?bulan=2027-02')).text, event.judul)).toBe(true);

    // The same title again gets a slug of its own.
    const again = await post(NEW, 'editor', { ...event, _token: tokens.editor as string });
    const second = Number(/(\d+)/.exec(again.headers.location ?? '')?.[1]);
    const slug = await conn.db.selectFrom('post').select('slug').where('id', '=', second).executeTakeFirstOrThrow();
    expect(slug.slug).toBe('lomba-cerdas-cermat-antarkelas-2');
  });

  test('bad input: 400, the messages next to the fields, what was typed shown back, nothing stored', async () => {
    const before = await eventCount();
    const cases: Array<[Record<string, string>, string]> = [
      [{ selesai: '2027-02-01' }, 'Tanggal selesai tidak boleh sebelum tanggal mulai.'],
      [{ mulai: '2027-02-30' }, 'Isi tanggal mulai yang valid'],
      [{ judul: '   ' }, 'Isi judul acara.'],
      [{ judul: 'x'.repeat(201) }, 'Judul paling panjang 200 karakter.'],
      [{ kategori: 'tidak-ada' }, 'Pilih salah satu kategori yang ada.'],
      [{ selesai: '2027-06-30' }, 'paling lama 62 hari'],
    ];
    for (const [change, message] of cases) {
      const answer = await post(NEW, 'editor', { ...event, ...change, _token: tokens.editor as string });
      expect(answer.status, message).toBe(400);
      expect(has(answer.text, message), message).toBe(true);
      expect(has(answer.text, 'aria-invalid="true"'), message).toBe(true);
      // Nothing typed is lost.
      expect(has(answer.text, 'value="Aula sekolah"'), message).toBe(true);
      expect(has(answer.text, 'Setiap kelas mengirim tiga siswa.'), message).toBe(true);
    }
    // HTML typed in a field comes back escaped.
    const script = await post(NEW, 'editor', {
      ...event,
      judul: '<script>alert(1)</script>',
      mulai: '',
      _token: tokens.editor as string,
    });
    expect(script.status).toBe(400);
    expect(has(script.text, '<script>alert(1)</script>')).toBe(false);
    expect(has(script.text, 'value="&lt;script&gt;alert(1)&lt;/script&gt;"')).toBe(true);
    expect(await eventCount()).toBe(before);
  });

  test('an edit saves over the version it was opened on only; a second editor’s save is not overwritten', async () => {
    const asas = await conn.db
      .selectFrom('post')
      .select(['id', 'modified_at'])
      .where('title', '=', ASAS)
      .executeTakeFirstOrThrow();
    const path = `/admin/agenda/${asas.id}/`;
    const form = await open(path, 'editor');
    expect(form.status).toBe(200);
    expect(has(form.text, `value="${ASAS}"`)).toBe(true);
    expect(has(form.text, 'value="2026-12-01"')).toBe(true);

    const fields = {
      judul: `${ASAS} (diundur)`,
      mulai: '2026-12-02',
      selesai: '2026-12-09',
      waktu: '',
      tempat: 'Ruang kelas',
      kategori: 'akademik',
      keterangan: '',
      versi: asas.modified_at,
      _token: tokens.editor as string,
    };
    const saved = await post(path, 'editor', fields);
    expect(saved.status).toBe(302);
    expect(has((await open(PUBLIC_DECEMBER)).text, `${ASAS} (diundur)`)).toBe(true);

    // The same form sent again (opened before that save): refused, the other save kept.
    const stale = await post(path, 'editor', { ...fields, judul: 'Judul lama' });
    expect(stale.status).toBe(409);
    expect(has(stale.text, 'telah diubah orang lain')).toBe(true);
    expect(has(stale.text, 'value="Judul lama"')).toBe(true);
    const title = await conn.db.selectFrom('post').select('title').where('id', '=', asas.id).executeTakeFirstOrThrow();
    expect(title.title).toBe(`${ASAS} (diundur)`);

    expect((await open('/admin/agenda/999999/', 'editor')).status).toBe(404);
    expect((await open('/admin/agenda/abc/', 'editor')).status).toBe(404);
    // A post that is not an event is not one.
    expect((await open('/admin/agenda/1/', 'editor')).status).toBe(404);
  });

  test('a deletion asks first; its POST needs the token, then the event leaves the public calendar', async () => {
    const target = await conn.db
      .selectFrom('post')
      .select(['id', 'title'])
      .where('title', '=', 'Pembagian rapor semester ganjil')
      .executeTakeFirstOrThrow();
    const path = `/admin/agenda/${target.id}/hapus/`;
    expect(has((await open(PUBLIC_DECEMBER)).text, target.title)).toBe(true);
    const ask = await open(path, 'editor');
    expect(ask.status).toBe(200);
    expect(has(ask.text, 'Ya, hapus acara')).toBe(true);

    expect((await post(path, 'editor', {})).status).toBe(403);
    expect((await post(path, 'author', { _token: tokens.author as string })).status).toBe(403);
    expect(await conn.db.selectFrom('post').select('id').where('id', '=', target.id).executeTakeFirst()).toBeDefined();

    const done = await post(path, 'editor', { _token: tokens.editor as string });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/admin/agenda/?dihapus');
    expect(
      await conn.db.selectFrom('post').select('id').where('id', '=', target.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await conn.db.selectFrom('post_meta').select('id').where('post_id', '=', target.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(has((await open(PUBLIC_DECEMBER)).text, target.title)).toBe(false);
    expect((await post(path, 'editor', { _token: tokens.editor as string })).status).toBe(404);
  });

  test('the list puts events not yet over first, soonest first, then past ones; a month filter and the month view', async () => {
    const { rows, total } = await listAgendaEvents(conn.db, { month: null, page: 1 }, '2026-12-10');
    expect(total).toBeGreaterThan(20);
    expect(rows).toHaveLength(20);
    const upcoming = rows.filter((r) => r.upcoming);
    // ASAS (moved to 2–9 December above) is over on the 10th; whatever is left of December comes first.
    expect(rows.slice(0, upcoming.length)).toEqual(upcoming);
    expect(upcoming.map((r) => r.start)).toEqual([...upcoming.map((r) => r.start)].sort());
    expect(upcoming.every((r) => r.end >= '2026-12-10')).toBe(true);
    const past = (await listAgendaEvents(conn.db, { month: null, page: 2 }, '2027-12-31')).rows;
    expect(past.map((r) => r.start)).toEqual([...past.map((r) => r.start)].sort().reverse());

    const december = await open('/admin/agenda/?bulan=2026-12', 'editor');
    expect(december.status).toBe(200);
    expect(has(december.text, `${ASAS} (diundur)`)).toBe(true);
    expect(has(december.text, 'Hari pertama tahun ajaran')).toBe(false);

    const month = await open('/admin/agenda/kalender/?bulan=2026-12', 'editor');
    expect(month.status).toBe(200);
    expect(has(month.text, 'Agenda: Desember 2026')).toBe(true);
    const asas = await conn.db
      .selectFrom('post')
      .select('id')
      .where('title', '=', `${ASAS} (diundur)`)
      .executeTakeFirstOrThrow();
    expect(has(month.text, `href="/admin/agenda/${asas.id}/"`)).toBe(true);
    // A month that is not one shows this month, never a 500.
    expect((await open('/admin/agenda/kalender/?bulan=2026-13', 'editor')).status).toBe(200);
  });
});
