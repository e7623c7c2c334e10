import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import type { SubscriberTable } from '~/db/schema';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { createUser, staffToken, startTestSession } from '../support/users';

/**
 * Issue 14 "Subscribers": the staff's list at /admin/pelanggan/ (search, status, 20 a page), the CSV
 * export and the unsubscribe by staff, with the role and the CSRF token checked on every request.
 */

afterAll(() => closeAppBuild());

const LIST = '/admin/pelanggan/';
const EXPORT = '/admin/pelanggan/ekspor.csv';

describe.each(DIALECTS)('the subscribers’ screens on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  let editorId = 0;
  let authorId = 0;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    for (const role of ['editor', 'author', 'subscriber'] as const) {
      const id = await createUser(conn.db, `pelanggan-${role}`, role);
      if (role === 'editor') editorId = id;
      if (role === 'author') authorId = id;
      cookies[role] = `session=${await startTestSession(conn.db, id)}`;
    }
    // 24 confirmed (newest last), 2 pending, 1 unsubscribed; one whose extra fields need the CSV's care.
    const rows: Insertable<SubscriberTable>[] = Array.from({ length: 24 }, (_, i) => ({
      email: `wali${String(i + 1).padStart(2, '0')}@contoh.sch.id`,
      list_id: 'berita-sekolah',
      fields: '{}',
      status: 'confirmed',
      created_at: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
      confirmed_at: new Date(Date.UTC(2026, 9, 1 + i, 1)).toISOString(),
    }));
    const other = (email: string, status: SubscriberTable['status'], day: number, fields = {}) => ({
      email,
      list_id: '',
      fields: JSON.stringify(fields),
      status,
      created_at: `2026-11-0${day}T00:00:00.000Z`,
    });
    rows.push(
      other('rumus@contoh.sch.id', 'pending', 1, {
        nama: '=HYPERLINK("http://jahat.example","klik")',
        kelas: '7A, 7B',
      }),
      other('menunggu_persen%@contoh.sch.id', 'pending', 2),
      // Issue 21: with `;` as the list separator (the Indonesian default) an unquoted `=1+1` is a cell.
      other('sudah@contoh.sch.id', 'unsubscribed', 3, { nama: 'x;=1+1' }),
    );
    await conn.db.insertInto('subscriber').values(rows).execute();
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);
  const tokenOf = (html: string) => /name="_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const emailsIn = (html: string) => [...html.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]);
  const statusOf = async (email: string) =>
    (await conn.db.selectFrom('subscriber').select('status').where('email', '=', email).executeTakeFirst())?.status;
  const auditCount = async () =>
    Number(
      (
        await conn.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('a visitor signs in first; roles without the capability are refused the list, the export and the change', async () => {
    expect((await open(LIST)).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Fpelanggan%2F');
    expect((await open(EXPORT)).status).toBe(302);
    for (const role of ['author', 'subscriber']) {
      expect((await open(LIST, role)).status).toBe(403);
      expect((await open(EXPORT, role)).status).toBe(403);
    }
    // The author's own valid token does not help: the role is checked on the change too.
    const authorToken = await staffToken(conn.db, authorId, cookies.author as string);
    const id = (
      await conn.db
        .selectFrom('subscriber')
        .select('id')
        .where('email', '=', 'wali01@contoh.sch.id')
        .executeTakeFirstOrThrow()
    ).id;
    const refused = await post(LIST, 'author', { _token: authorToken, id: String(id) });
    expect(refused.status).toBe(403);
    expect(await statusOf('wali01@contoh.sch.id')).toBe('confirmed');
  });

  test('the list: 20 a page, newest first, plain links to the next page; search and status narrow it', async () => {
    const first = await open(LIST, 'editor');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const shown = emailsIn(first.text);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toBe('sudah@contoh.sch.id');
    expect(first.text).toContain('27 pelanggan, halaman 1 dari 2');
    expect(first.text).toContain('href="/admin/pelanggan/?halaman=2"');

    const second = await open(`${LIST}?halaman=2`, 'editor');
    expect(emailsIn(second.text)).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => `wali0${n}@contoh.sch.id`));
    expect(second.text).toContain('href="/admin/pelanggan/"');
    // A page past the end shows the last one; junk is the first.
    expect(emailsIn((await open(`${LIST}?halaman=99`, 'editor')).text)).toEqual(emailsIn(second.text));
    expect((await open(`${LIST}?halaman=abc&status=%3Cx%3E`, 'editor')).status).toBe(200);

    expect(emailsIn((await open(`${LIST}?q=WALI1`, 'editor')).text)).toHaveLength(10);
    // The search's wildcards are matched as themselves.
    expect(emailsIn((await open(`${LIST}?q=_persen%25`, 'editor')).text)).toEqual(['menunggu_persen%@contoh.sch.id']);
    expect(emailsIn((await open(`${LIST}?q=%25`, 'editor')).text)).toEqual(['menunggu_persen%@contoh.sch.id']);
    expect(emailsIn((await open(`${LIST}?status=pending`, 'editor')).text)).toEqual([
      'menunggu_persen%@contoh.sch.id',
      'rumus@contoh.sch.id',
    ]);
    const none = await open(`${LIST}?q=tidak-ada`, 'editor');
    expect(none.text).toContain('Tidak ada pelanggan yang cocok');
  });

  test('the CSV: UTF-8 with a BOM, a dated attachment, a header and one row per subscriber found, formulas disarmed', async () => {
    const all = await open(EXPORT, 'editor');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(/^attachment; filename="pelanggan-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(all.headers['cache-control']).toBe('private, no-store');
    expect(all.text.charCodeAt(0)).toBe(0xfeff);
    const lines = all.text.slice(1).split('\r\n');
    // Every field quoted (RFC 4180), so no list separator a spreadsheet may use splits one.
    expect(lines[0]).toBe('"E-mail","Status","Daftar","Terdaftar","Dikonfirmasi","Berhenti","kelas","nama"');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 27 + 1);
    expect(lines).toContain(
      `"rumus@contoh.sch.id","Menunggu konfirmasi","","2026-11-01 07:00","","","7A, 7B","'=HYPERLINK(""http://jahat.example"",""klik"")"`,
    );
    expect(lines).toContain('"sudah@contoh.sch.id","Berhenti","","2026-11-03 07:00","","","","x;=1+1"');
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^"[^"]*(""[^"]*)*"(,"[^"]*(""[^"]*)*")*$/);

    // The list's filter travels with the export.
    const pending = await open(`${EXPORT}?status=pending&q=rumus`, 'editor');
    const pendingLines = pending.text.slice(1).split('\r\n').filter(Boolean);
    expect(pendingLines).toHaveLength(2);
    expect(pendingLines[1]).toMatch(/^"rumus@contoh\.sch\.id",/);
  });

  test('unsubscribe: the token is checked, bad input is refused, nothing changes until the right post', async () => {
    const page = await open(`${LIST}?q=wali24`, 'editor');
    const token = tokenOf(page.text);
    const id = (
      await conn.db
        .selectFrom('subscriber')
        .select('id')
        .where('email', '=', 'wali24@contoh.sch.id')
        .executeTakeFirstOrThrow()
    ).id;
    const before = await auditCount();

    expect((await post(LIST, 'editor', { id: String(id) })).status).toBe(403);
    expect((await post(LIST, 'editor', { id: String(id), _token: 'palsu' })).status).toBe(403);
    for (const bad of ['', 'abc', '-1', '0', '99999999999', '1.5']) {
      const answer = await post(LIST, 'editor', { id: bad, _token: token });
      expect(answer.status, bad).toBe(400);
      expect(answer.text).toContain('Pelanggan yang dipilih tidak valid.');
    }
    expect((await post(LIST, 'editor', { id: '2000000000', _token: token })).status).toBe(404);
    expect(await statusOf('wali24@contoh.sch.id')).toBe('confirmed');
    expect(await auditCount()).toBe(before);

    const done = await post(`${LIST}?q=wali24`, 'editor', { id: String(id), _token: token });
    expect(done.status).toBe(200);
    expect(done.text).toContain('wali24@contoh.sch.id telah berhenti berlangganan.');
    expect(done.text).toContain('Sudah berhenti');
    expect(await statusOf('wali24@contoh.sch.id')).toBe('unsubscribed');
    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      user_id: editorId,
      action: 'subscriber.unsubscribe',
      subject_type: 'subscriber',
      subject_id: id,
      summary: 'wali24@contoh.sch.id',
    });

    // Again: said so, nothing more recorded.
    const again = await post(LIST, 'editor', { id: String(id), _token: token });
    expect(again.text).toContain('sudah berhenti berlangganan sebelumnya');
    expect(await auditCount()).toBe(before + 1);
  });
});
