import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { hashPassword } from '~/features/accounts/password.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { createUser, staffToken, startTestSession } from '../support/users';

/**
 * Issue 14 "Users": the administrators' list at /admin/pengguna/, the invitation by mail with its
 * single-use, seven-day link, the role change and deactivation with the rules that keep the site its
 * administrator, and the audit log per user; the role and the CSRF token checked on every request.
 */

afterAll(() => closeAppBuild());

const LIST = '/admin/pengguna/';
const INVITE = '/admin/pengguna/undang/';
const PASSWORD = 'Guru#Tunas2026';

describe.each(DIALECTS)('the users’ screens on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    for (const role of ['administrator', 'editor', 'author', 'subscriber'] as const) {
      ids[role] = await createUser(conn.db, `pengguna-${role}`, role);
      cookies[role] = `session=${await startTestSession(conn.db, ids[role] as number)}`;
    }
    // 23 more accounts for the paging and the search.
    for (let i = 1; i <= 23; i++) await createUser(conn.db, `siswa${String(i).padStart(2, '0')}`, 'subscriber');
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);
  const tokenOf = (html: string) => /name="_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const adminToken = async () => tokenOf((await open(INVITE, 'administrator')).text);
  const namesIn = (html: string) =>
    [...html.matchAll(/<th scope="row"><a href="\/admin\/pengguna\/\d+\/"[^>]*>([^<]+)<\/a><\/th>/g)].map((m) => m[1]);
  const userPage = (id: number) => `/admin/pengguna/${id}/`;
  const lastLog = () => conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const auditCount = async () =>
    Number(
      (
        await conn.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rolesOf = async (id: number) =>
    (await conn.db.selectFrom('user_role').select('role').where('user_id', '=', id).execute()).map((r) => r.role);
  const sessionsOf = async (id: number) =>
    (await conn.db.selectFrom('session').select('id').where('user_id', '=', id).execute()).length;
  const invitationLink = async (email: string) => {
    const mail = await conn.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const match = /https?:\/\/[^/\s]+(\/terima-undangan\/\?token=[A-Za-z0-9_-]+)/.exec(mail.body);
    if (!match?.[1]) throw new Error('no invitation link');
    return match[1];
  };

  test('a visitor signs in first; editors, authors and subscribers are refused every screen and change', async () => {
    expect((await open(LIST)).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Fpengguna%2F');
    for (const role of ['editor', 'author', 'subscriber']) {
      for (const path of [LIST, INVITE, userPage(ids.subscriber as number)]) {
        expect((await open(path, role)).status, `${role} ${path}`).toBe(403);
      }
    }
    // An editor's own valid token does not help: the role is checked on the change too.
    const editorToken = await staffToken(conn.db, ids.editor as number, cookies.editor as string);
    const before = await auditCount();
    const invite = await post(INVITE, 'editor', {
      _token: editorToken,
      email: 'penyusup@contoh.sch.id',
      display_name: 'Penyusup',
      role: 'administrator',
    });
    expect(invite.status).toBe(403);
    const promote = await post(userPage(ids.editor as number), 'editor', {
      _token: editorToken,
      intent: 'role',
      role: 'administrator',
    });
    expect(promote.status).toBe(403);
    const authorToken = await staffToken(conn.db, ids.author as number, cookies.author as string);
    const deactivate = await post(userPage(ids.administrator as number), 'author', {
      _token: authorToken,
      intent: 'deactivate',
    });
    expect(deactivate.status).toBe(403);
    expect(await rolesOf(ids.editor as number)).toEqual(['editor']);
    expect(await sessionsOf(ids.administrator as number)).toBe(1);
    expect(
      await conn.db
        .selectFrom('app_user')
        .select('id')
        .where('email', '=', 'penyusup@contoh.sch.id')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await auditCount()).toBe(before);
  });

  test('every change needs the administrator’s own token', async () => {
    const before = await auditCount();
    const fields = { email: 'tanpa.token@contoh.sch.id', display_name: 'Tanpa Token', role: 'author' };
    expect((await post(INVITE, 'administrator', fields)).status).toBe(403);
    expect((await post(INVITE, 'administrator', { ...fields, _token: 'palsu' })).status).toBe(403);
    const target = userPage(ids.author as number);
    expect((await post(target, 'administrator', { intent: 'deactivate' })).status).toBe(403);
    expect((await post(target, 'administrator', { intent: 'role', role: 'editor', _token: 'palsu' })).status).toBe(403);
    expect(await rolesOf(ids.author as number)).toEqual(['author']);
    expect(await sessionsOf(ids.author as number)).toBe(1);
    expect(await auditCount()).toBe(before);
  });

  test('the list: 20 a page by name, with login, e-mail, roles and status; search by name or e-mail', async () => {
    const first = await open(LIST, 'administrator');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(namesIn(first.text)).toHaveLength(20);
    // The seeded demo accounts and this suite's own 27 (fewer than 40: two pages).
    const total = Number(
      (
        await conn.db
          .selectFrom('app_user')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThan(20);
    expect(/<caption>([^<]*)<\/caption>/.exec(first.text)?.[1]).toBe(`${total} pengguna, halaman 1 dari 2`);
    expect(first.text).toContain('href="/admin/pengguna/?halaman=2"');
    expect(first.text).toContain('pengguna-editor@contoh.sch.id');
    expect(namesIn((await open(`${LIST}?halaman=2`, 'administrator')).text)).toHaveLength(total - 20);

    expect(namesIn((await open(`${LIST}?q=SISWA1`, 'administrator')).text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pengguna siswa${i === 9 ? '19' : `1${i}`}`).sort(),
    );
    // By e-mail (the display names do not hold "contoh").
    const byMail = await open(`${LIST}?q=pengguna-author%40contoh`, 'administrator');
    expect(namesIn(byMail.text)).toEqual(['Pengguna pengguna-author']);
    expect(byMail.text).toMatch(
      /<td>pengguna-author<\/td><td>pengguna-author@contoh\.sch\.id<\/td><td>Penulis<\/td><td>Aktif<\/td>/,
    );
    expect((await open(`${LIST}?q=%25`, 'administrator')).text).toContain('Tidak ada pengguna yang cocok');
  });

  test('an invitation: refused for a known address, mailed with a single-use link that signs the person in', async () => {
    const token = await adminToken();
    // Bad fields: 400, the messages tied to their fields, what was typed shown back, nothing stored.
    const bad = await post(INVITE, 'administrator', {
      _token: token,
      email: 'bukan-alamat',
      display_name: '<b>Bu Guru</b>',
      role: 'raja',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Masukkan alamat e-mail yang valid');
    expect(bad.text).toContain('Pilih peran.');
    expect(bad.text).toContain('value="bukan-alamat"');
    expect(bad.text).toContain('value="&lt;b&gt;Bu Guru&lt;/b&gt;"');
    expect(bad.text).toContain('aria-invalid="true"');

    // An address with an account (whatever its case) is refused.
    const known = await post(INVITE, 'administrator', {
      _token: token,
      email: 'Pengguna-Editor@contoh.sch.id',
      display_name: 'Editor Lagi',
      role: 'author',
    });
    expect(known.status).toBe(409);
    expect(known.text).toContain('E-mail ini sudah memiliki akun.');

    const before = await auditCount();
    const sent = await post(INVITE, 'administrator', {
      _token: token,
      email: 'Bu.Sari@contoh.sch.id',
      display_name: 'Bu Sari',
      role: 'author',
    });
    expect(sent.status).toBe(302);
    const invited = await conn.db
      .selectFrom('app_user')
      .select(['id', 'login', 'invited_at', 'password_hash'])
      .where('email', '=', 'bu.sari@contoh.sch.id')
      .executeTakeFirstOrThrow();
    expect(sent.headers.location).toBe(`/admin/pengguna/${invited.id}/?undangan=terkirim`);
    expect(invited.invited_at).not.toBeNull();
    expect(await rolesOf(invited.id)).toEqual(['author']);
    expect(await auditCount()).toBe(before + 1);
    expect(await lastLog()).toMatchObject({
      user_id: ids.administrator,
      action: 'user.invite',
      subject_type: 'user',
      subject_id: invited.id,
    });
    const listed = await open(`${LIST}?q=bu.sari`, 'administrator');
    expect(listed.text).toContain('Undangan terkirim');
    const shown = await open(sent.headers.location as string, 'administrator');
    expect(shown.text).toContain('Undangan terkirim. Tautannya berlaku 7 hari');

    // The invited account cannot sign in yet, nor ask for a reset link.
    const early = await post('/masuk/', '', { login: 'bu.sari@contoh.sch.id', password: '!' });
    expect(early.status).toBe(400);

    const link = await invitationLink('bu.sari@contoh.sch.id');
    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Selamat datang, <strong>Bu Sari</strong>');
    const token64 = new URL(link, 'http://x').searchParams.get('token') as string;

    // The site's password rule and a taken login are refused; the login typed is shown back.
    const weak = await post(link, '', {
      token: token64,
      login: 'bu.sari',
      password: 'lemah',
      password_confirm: 'lemah',
    });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('Kata sandi belum memenuhi');
    expect(weak.text).toContain('value="bu.sari"');
    const taken = await post(link, '', {
      token: token64,
      login: 'Pengguna-Editor',
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('Nama pengguna ini sudah dipakai.');

    const accepted = await post(link, '', {
      token: token64,
      login: 'bu.sari',
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.location).toBe('/admin/');
    const cookie = String(accepted.headers['set-cookie']).match(/session=[A-Za-z0-9_-]+/)?.[0] as string;
    const staffHome = await site.send('/admin/berita/', { headers: { accept: 'text/html', cookie } });
    expect(staffHome.status).toBe(200);
    const row = await conn.db
      .selectFrom('app_user')
      .select(['login', 'invited_at'])
      .where('id', '=', invited.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ login: 'bu.sari', invited_at: null });

    // Used: the page and a second post say so, and nothing changes.
    const again = await open(link);
    expect(again.text).toContain('Undangan ini sudah dipakai.');
    const twice = await post(link, '', {
      token: token64,
      login: 'bu.sari2',
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('Undangan ini sudah dipakai.');
    const signIn = await post('/masuk/', '', { login: 'bu.sari', password: PASSWORD });
    expect(signIn.status).toBe(302);

    // Unknown or malformed links say so too.
    expect((await open('/terima-undangan/?token=salah')).text).toContain('tidak dikenal');
  });

  test('an invitation expires after seven days; a new one replaces the old link', async () => {
    const token = await adminToken();
    const fields = { _token: token, email: 'pak.budi@contoh.sch.id', display_name: 'Pak Budi', role: 'editor' };
    expect((await post(INVITE, 'administrator', fields)).status).toBe(302);
    const first = await invitationLink('pak.budi@contoh.sch.id');
    const id = (
      await conn.db
        .selectFrom('app_user')
        .select('id')
        .where('email', '=', 'pak.budi@contoh.sch.id')
        .executeTakeFirstOrThrow()
    ).id;
    const stored = await conn.db
      .selectFrom('user_invitation')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(7 * 24 * 60 * 60 * 1000);

    await conn.db
      .updateTable('user_invitation')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    expect((await open(first)).text).toContain('Undangan ini sudah kedaluwarsa');
    const late = await post(first, '', {
      token: new URL(first, 'http://x').searchParams.get('token') as string,
      login: 'pak.budi',
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(late.status).toBe(400);
    expect(late.text).toContain('sudah kedaluwarsa');

    // Invited again: a new link works, the old one is unknown.
    const renewed = await post(INVITE, 'administrator', { ...fields, role: 'author' });
    expect(renewed.headers.location).toBe(`/admin/pengguna/${id}/?undangan=diperbarui`);
    expect(await rolesOf(id)).toEqual(['author']);
    const second = await invitationLink('pak.budi@contoh.sch.id');
    expect(second).not.toBe(first);
    expect((await open(first)).text).toContain('tidak dikenal');
    expect((await open(second)).text).toContain('Selamat datang, <strong>Pak Budi</strong>');
  });

  test('roles: one role from the list; an administrator never drops their own administrator role', async () => {
    const token = await adminToken();
    const self = userPage(ids.administrator as number);
    const before = await auditCount();
    const drop = await post(self, 'administrator', { _token: token, intent: 'role', role: 'editor' });
    expect(drop.status).toBe(409);
    expect(drop.text).toContain('Anda tidak dapat melepas peran administrator Anda sendiri');
    expect(await rolesOf(ids.administrator as number)).toEqual(['administrator']);
    const bad = await post(userPage(ids.author as number), 'administrator', {
      _token: token,
      intent: 'role',
      role: 'raja',
    });
    expect(bad.status).toBe(400);
    expect(
      (await post('/admin/pengguna/999999/', 'administrator', { _token: token, intent: 'role', role: 'editor' }))
        .status,
    ).toBe(404);
    expect((await open('/admin/pengguna/abc/', 'administrator')).status).toBe(404);
    expect(await auditCount()).toBe(before);

    const subscriberId = ids.subscriber as number;
    const promoted = await post(userPage(subscriberId), 'administrator', {
      _token: token,
      intent: 'role',
      role: 'editor',
    });
    expect(promoted.status).toBe(200);
    expect(promoted.text).toContain('sekarang Editor');
    expect(await rolesOf(subscriberId)).toEqual(['editor']);
    expect(await lastLog()).toMatchObject({
      user_id: ids.administrator,
      action: 'user.roles',
      subject_id: subscriberId,
      summary: 'Pengguna pengguna-subscriber: Pelanggan → Editor',
    });
    // The promoted user opens the editors' screens at once (the role is read on every request).
    expect((await open('/admin/pelanggan/', 'subscriber')).status).toBe(200);
    await post(userPage(subscriberId), 'administrator', { _token: token, intent: 'role', role: 'subscriber' });
    expect((await open('/admin/pelanggan/', 'subscriber')).status).toBe(403);
  });

  test('deactivate: never oneself; the sessions end at once, sign-in says the account is inactive; reactivate', async () => {
    const token = await adminToken();
    const self = await post(userPage(ids.administrator as number), 'administrator', {
      _token: token,
      intent: 'deactivate',
    });
    expect(self.status).toBe(409);
    expect(self.text).toContain('Anda tidak dapat menonaktifkan akun Anda sendiri.');

    const id = await createUser(conn.db, 'guru.nonaktif', 'author');
    await conn.db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', id)
      .execute();
    const written = await conn.db
      .insertInto('post')
      .values({
        type: 'post',
        status: 'publish',
        slug: 'tulisan-guru-nonaktif',
        title: 'Tulisan guru',
        excerpt: '',
        content: '<p>Isi</p>',
        tree: null,
        parent_id: null,
        author_id: id,
        featured_media_id: null,
        published_at: '2026-11-01T00:00:00.000Z',
        modified_at: '2026-11-01T00:00:00.000Z',
        menu_order: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    cookies.guru = `session=${await startTestSession(conn.db, id)}`;
    await startTestSession(conn.db, id);
    expect((await open('/admin/berita/', 'guru')).status).toBe(200);

    const done = await post(userPage(id), 'administrator', { _token: token, intent: 'deactivate' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('dinonaktifkan');
    expect(await sessionsOf(id)).toBe(0);
    expect((await open('/admin/berita/', 'guru')).status).toBe(302);
    expect(await lastLog()).toMatchObject({ action: 'user.deactivate', subject_id: id, user_id: ids.administrator });
    const listed = await open(`${LIST}?q=guru.nonaktif`, 'administrator');
    expect(listed.text).toContain('<td>Nonaktif</td>');

    const refused = await post('/masuk/', '', { login: 'guru.nonaktif', password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Akun ini tidak aktif.');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // What they wrote stays.
    const kept = await conn.db.selectFrom('post').select('author_id').where('id', '=', written.id).executeTakeFirst();
    expect(kept?.author_id).toBe(id);

    const back = await post(userPage(id), 'administrator', { _token: token, intent: 'activate' });
    expect(back.status).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'user.activate', subject_id: id });
    expect((await post('/masuk/', '', { login: 'guru.nonaktif', password: PASSWORD })).status).toBe(302);

    // The user's page lists the changes made to the account, and those the administrator made.
    const page = await open(userPage(id), 'administrator');
    expect(page.text).toContain('Perubahan pada akun ini');
    expect(page.text).toContain('user.deactivate');
    expect(page.text).toContain('user.activate');
    const adminPage = await open(userPage(ids.administrator as number), 'administrator');
    expect(adminPage.text).toContain('Perubahan oleh pengguna ini');
    expect(adminPage.text).toContain('user.invite');
    expect(adminPage.text).toContain('Anda tidak dapat menonaktifkan akun Anda sendiri.');
  });
});
