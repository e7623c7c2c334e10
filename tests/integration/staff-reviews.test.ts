import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { captchaEnabled } from '~/features/reviews/captcha.server';
import { findSource } from '~/features/reviews/sources.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { createUser, startTestSession } from '../support/users';

/**
 * Issue 14, the staff area's reviews: the site-wide queue at /admin/ulasan/, its actions on one or many
 * reviews (with the public summaries and the audit log following), the delete confirmation and the
 * per-source settings; who may use them, and that refused requests change nothing.
 */

afterAll(() => closeAppBuild());

describe.each(DIALECTS)('the staff reviews on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let news: { id: number; slug: string; title: string };
  let editorId: number;
  let n = 0;

  const send = (path: string, role?: string, init: { method?: string; body?: string } = {}) =>
    site.send(path, {
      method: init.method,
      body: init.body,
      headers: {
        accept: 'text/html',
        ...(init.body !== undefined
          ? { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.host}` }
          : {}),
        ...(role ? { cookie: cookies[role] as string } : {}),
      },
    });
  const post = (path: string, role: string, fields: Record<string, string>, token = tokens[role] as string) =>
    send(path, role, { method: 'POST', body: new URLSearchParams({ _token: token, ...fields }).toString() });

  /** A pending guest review of the news post, written straight into the database. */
  async function pendingReview(title: string, stars = 4): Promise<number> {
    n++;
    const { id } = await conn.db
      .insertInto('review')
      .values({
        source: 'post',
        post_id: news.id,
        author_key: `guest_staffreview${n}`,
        user_id: null,
        author_name: `Tamu ${n}`,
        author_mail: `tamu${n}@contoh.id`,
        title,
        content: `Isi ulasan ${title}`,
        rating_data: JSON.stringify([{ field_label: 'Rating', field_value: stars, field_step: 1, field_max: 5 }]),
        rating: stars * 20,
        approved: 0,
        pinned: 0,
        created_at: new Date(Date.now() + n * 1000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  const review = (id: number) =>
    conn.db.selectFrom('review').select(['approved', 'rejected', 'pinned']).where('id', '=', id).executeTakeFirst();
  const summary = () =>
    conn.db
      .selectFrom('review_summary')
      .select(['approved_count', 'rating_sum'])
      .where('post_id', '=', news.id)
      .executeTakeFirst();
  const audit = (action: string) =>
    conn.db
      .selectFrom('audit_log')
      .select(['subject_id', 'user_id'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    for (const role of ['editor', 'author', 'subscriber'] as const) {
      const id = await createUser(conn.db, `ulasan-${role}`, role);
      if (role === 'editor') editorId = id;
      cookies[role] = `session=${await startTestSession(conn.db, id)}`;
      // The token the staff area's layout gives this user's forms (its loader data).
      const home = await send('/admin/', role);
      tokens[role] = /\\"csrf\\",\\"([^"\\]+)\\"/.exec(home.text)?.[1] ?? 'none';
    }
    news = await conn.db
      .selectFrom('post')
      .select(['id', 'slug', 'title'])
      .where('type', '=', 'post')
      .where('status', '=', 'publish')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await site?.close();
    await dispose?.();
  });

  test('the queue shows the site’s reviews to editors only, newest first, escaped', async () => {
    const older = await pendingReview('Ulasan lebih lama');
    const evil = await pendingReview('<script>alert(1)</script> Judul');
    expect(tokens.editor).not.toBe('none');

    const visitor = await send('/admin/ulasan/');
    expect(visitor.status).toBe(302);
    expect((await send('/admin/ulasan/', 'author')).status).toBe(403);
    expect((await send('/admin/ulasan/', 'subscriber')).status).toBe(403);

    const page = await send('/admin/ulasan/?status=menunggu&sumber=post', 'editor');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Judul');
    expect(page.text.indexOf(`ulasan_${evil}`)).toBeLessThan(page.text.indexOf(`ulasan_${older}`));
    expect(page.text).toContain(`href="/${news.slug}/"`);

    const approved = await send('/admin/ulasan/?status=disetujui', 'editor');
    expect(approved.text).not.toContain(`ulasan_${evil}"`);
  });

  test('the queue’s address: page 1 redirects, junk is 400, past the end or an unknown source 404', async () => {
    const first = await send('/admin/ulasan/?status=menunggu&halaman=1', 'editor');
    expect(first.status).toBe(301);
    expect(first.headers.location).toBe('/admin/ulasan/?status=menunggu');
    expect((await send('/admin/ulasan/?status=hilang', 'editor')).status).toBe(400);
    expect((await send('/admin/ulasan/?halaman=abc', 'editor')).status).toBe(400);
    expect((await send('/admin/ulasan/?halaman=99999', 'editor')).status).toBe(404);
    expect((await send('/admin/ulasan/?sumber=tidakada', 'editor')).status).toBe(404);
    // Twenty to a page: the second page of all reviews exists on the demo school.
    const second = await send('/admin/ulasan/?halaman=2', 'editor');
    expect(second.status).toBe(200);
    expect(second.text).toMatch(/<a rel="prev" href="\/admin\/ulasan\/"/);
  });

  test('approving a review shows it publicly, counts it in the summary and records the change', async () => {
    const title = `Disetujui staf ${dialect}`;
    const id = await pendingReview(title, 5);
    const before = await summary();
    expect((await send(`/${news.slug}/`)).text).not.toContain(title);

    const answer = await post('/admin/ulasan/', 'editor', {
      satu: `approve:${id}`,
      kembali: '/admin/ulasan/?status=menunggu',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/admin/ulasan/?status=menunggu&selesai=approve&jumlah=1');
    expect(await review(id)).toEqual({ approved: 1, rejected: 0, pinned: 0 });
    expect(await summary()).toEqual({
      approved_count: (before?.approved_count ?? 0) + 1,
      rating_sum: (before?.rating_sum ?? 0) + 100,
    });
    expect(await audit('review.approve')).toEqual([{ subject_id: id, user_id: editorId }]);
    expect((await send(`/${news.slug}/`)).text).toContain(title);
    expect((await send(answer.headers.location as string, 'editor')).text).toContain('1 ulasan disetujui.');
  });

  test('bulk: reject, pin and unpin the selected reviews; rejecting an approved one takes it out of the summary', async () => {
    const a = await pendingReview('Massal A');
    const b = await pendingReview('Massal B');
    await post('/admin/ulasan/', 'editor', { satu: `approve:${a}` });
    const before = await summary();

    const pinned = await post('/admin/ulasan/', 'editor', { aksi: 'pin', [`ulasan_${a}`]: '1', [`ulasan_${b}`]: '1' });
    expect(pinned.status).toBe(303);
    expect((await review(a))?.pinned).toBe(1);
    expect((await review(b))?.pinned).toBe(1);

    const rejected = await post('/admin/ulasan/', 'editor', {
      aksi: 'reject',
      [`ulasan_${a}`]: '1',
      [`ulasan_${b}`]: '1',
    });
    expect(rejected.headers.location).toBe('/admin/ulasan/?selesai=reject&jumlah=2');
    expect(await review(a)).toMatchObject({ approved: 0, rejected: 1 });
    expect(await review(b)).toMatchObject({ approved: 0, rejected: 1 });
    expect((await summary())?.approved_count).toBe((before?.approved_count ?? 0) - 1);
    expect((await audit('review.reject')).map((r) => r.subject_id).sort()).toEqual([a, b].sort());
    const list = await send('/admin/ulasan/?status=ditolak', 'editor');
    expect(list.text).toContain('Massal A');
    expect(list.text).toContain('Massal B');

    await post('/admin/ulasan/', 'editor', { aksi: 'unpin', [`ulasan_${a}`]: '1' });
    expect((await review(a))?.pinned).toBe(0);
    expect((await review(b))?.pinned).toBe(1);
  });

  test('nothing selected or no action chosen: 400 with the form shown back, nothing changes', async () => {
    const id = await pendingReview('Tanpa tindakan');
    const none = await post('/admin/ulasan/', 'editor', { aksi: 'approve' });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Pilih setidaknya satu ulasan.');
    const noAction = await post('/admin/ulasan/', 'editor', { aksi: '', [`ulasan_${id}`]: '1' });
    expect(noAction.status).toBe(400);
    expect(noAction.text).toContain('Pilih tindakan untuk ulasan terpilih.');
    // The ticked row stays ticked.
    expect(/<input[^>]*name="ulasan_(\d+)"[^>]*checked=""/.exec(noAction.text)?.[1]).toBe(String(id));
    expect(await review(id)).toEqual({ approved: 0, rejected: 0, pinned: 0 });
  });

  test('an author, a subscriber, a bad token, bad or unknown ids are refused and nothing changes', async () => {
    const id = await pendingReview('Tidak boleh berubah');
    const auditBefore = await conn.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    expect((await post('/admin/ulasan/', 'author', { satu: `approve:${id}` })).status).toBe(403);
    expect((await post('/admin/ulasan/', 'subscriber', { satu: `approve:${id}` })).status).toBe(403);
    expect((await post('/admin/ulasan/', 'editor', { satu: `approve:${id}` }, 'token-palsu')).status).toBe(403);
    expect((await post('/admin/ulasan/', 'editor', { satu: `approve:${id}` }, tokens.author)).status).toBe(403);
    expect((await post('/admin/ulasan/', 'editor', { satu: 'approve:abc' })).status).toBe(400);
    expect((await post('/admin/ulasan/', 'editor', { satu: `meledak:${id}` })).status).toBe(400);
    expect((await post('/admin/ulasan/', 'editor', { aksi: 'approve', ulasan_x1: '1' })).status).toBe(400);
    expect((await post('/admin/ulasan/', 'editor', { satu: 'approve:987654321' })).status).toBe(404);
    // One unknown id among known ones: all or nothing.
    const mixed = await post('/admin/ulasan/', 'editor', {
      aksi: 'approve',
      [`ulasan_${id}`]: '1',
      ulasan_987654321: '1',
    });
    expect(mixed.status).toBe(404);
    expect(mixed.text).toContain('Ulasan tidak ditemukan.');
    expect((await post('/admin/ulasan/', 'editor', { satu: `delete:${id}`, konfirmasi: 'ya' }, 'x')).status).toBe(403);

    expect(await review(id)).toEqual({ approved: 0, rejected: 0, pinned: 0 });
    const auditAfter = await conn.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
  });

  test('deleting asks first; the confirmation deletes and the summary follows', async () => {
    const id = await pendingReview('Akan dihapus', 2);
    await post('/admin/ulasan/', 'editor', { satu: `approve:${id}` });
    const before = await summary();

    const asked = await post('/admin/ulasan/', 'editor', {
      aksi: 'delete',
      [`ulasan_${id}`]: '1',
      kembali: '/admin/ulasan/?sumber=post',
    });
    expect(asked.status).toBe(303);
    expect(asked.headers.location).toBe(`/admin/ulasan/hapus/?id=${id}&kembali=%2Fadmin%2Fulasan%2F%3Fsumber%3Dpost`);
    expect(await review(id)).toBeDefined();
    const confirm = await send(asked.headers.location as string, 'editor');
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Akan dihapus');
    expect(confirm.text).toContain('Ya, hapus');
    expect((await send('/admin/ulasan/hapus/?id=abc', 'editor')).status).toBe(400);
    expect((await send('/admin/ulasan/hapus/?id=987654321', 'editor')).status).toBe(404);
    expect((await send(`/admin/ulasan/hapus/?id=${id}`, 'author')).status).toBe(403);

    const done = await post('/admin/ulasan/', 'editor', {
      aksi: 'delete',
      konfirmasi: 'ya',
      [`ulasan_${id}`]: '1',
      kembali: '/admin/ulasan/?sumber=post',
    });
    expect(done.headers.location).toBe('/admin/ulasan/?sumber=post&selesai=delete&jumlah=1');
    expect(await review(id)).toBeUndefined();
    expect(await summary()).toEqual({
      approved_count: (before?.approved_count ?? 0) - 1,
      rating_sum: (before?.rating_sum ?? 0) - 40,
    });
    expect(await audit('review.delete')).toEqual([{ subject_id: id, user_id: editorId }]);
  });

  test('per-source settings: editors change them, the public source reads them, bad input changes nothing', async () => {
    const page = await send('/admin/ulasan/pengaturan/', 'editor');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Simpan pengaturan Berita');
    expect((await send('/admin/ulasan/pengaturan/', 'author')).status).toBe(403);
    expect(await captchaEnabled(conn.db, (await findSource(conn.db, news.id))!)).toBe(false);

    const saved = await post('/admin/ulasan/pengaturan/', 'editor', {
      sumber: 'post',
      needs_moderation: '1',
      captcha: '1',
      comments_allowed: '1',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/admin/ulasan/pengaturan/?disimpan=post');
    const source = await findSource(conn.db, news.id);
    expect(source?.settings).toEqual({
      allowGuests: false,
      needsModeration: true,
      commentsAllowed: true,
      approvalAllowed: false,
    });
    expect(source?.captcha).toBe(true);
    expect(await captchaEnabled(conn.db, source!)).toBe(true);
    expect(await audit('review_source.update')).toHaveLength(1);
    expect((await send(saved.headers.location as string, 'editor')).text).toContain('Pengaturan Berita disimpan.');

    const bad = await post('/admin/ulasan/pengaturan/', 'editor', { sumber: 'post', allow_guests: 'ya', captcha: '1' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Nilai pilihan tidak valid.');
    expect((await post('/admin/ulasan/pengaturan/', 'editor', { sumber: 'tidakada' })).status).toBe(404);
    expect((await post('/admin/ulasan/pengaturan/', 'author', { sumber: 'post' })).status).toBe(403);
    expect((await post('/admin/ulasan/pengaturan/', 'editor', { sumber: 'post' }, 'palsu')).status).toBe(403);
    expect((await findSource(conn.db, news.id))?.settings.allowGuests).toBe(false);
    expect(await audit('review_source.update')).toHaveLength(1);
  });
});
