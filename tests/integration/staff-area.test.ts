import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { contentVersion, recordChange } from '~/lib/content-version.server';
import { rememberFor } from '~/lib/remember.server';
import { checkCsrf, csrfToken } from '~/staff/access.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { createUser, startTestSession } from '../support/users';

/**
 * Issue 14, the staff area's frame: who may open it, that its pages are never stored, the CSRF token
 * of its forms, and the content version that ends every process's copies after a change by staff.
 */

afterAll(() => closeAppBuild());

describe.each(DIALECTS)('the staff area on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn, { pageCacheMs: 60_000 });
    for (const role of ['editor', 'author', 'subscriber', 'administrator'] as const) {
      const id = await createUser(conn.db, `staf-${role}`, role);
      cookies[role] = `session=${await startTestSession(conn.db, id)}`;
    }
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const open = (path: string, role?: string) =>
    site.send(path, { headers: { accept: 'text/html', ...(role ? { cookie: cookies[role] as string } : {}) } });

  test('a visitor is sent to sign in and back; a subscriber is refused; staff see their sections', async () => {
    const visitor = await open('/admin/');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2F');
    const parent = await open('/admin/', 'subscriber');
    expect(parent.status).toBe(403);
    expect(parent.text).toContain('Anda tidak berhak');

    const editor = await open('/admin/', 'editor');
    expect(editor.status).toBe(200);
    expect(editor.headers['cache-control']).toBe('private, no-store');
    expect(editor.headers['x-robots-tag']).toContain('noindex');
    const nav = /<nav class="admin__nav"[\s\S]*?<\/nav>/.exec(editor.text)?.[0] ?? '';
    expect(nav).toContain('Berita');
    expect(nav).toContain('Ulasan');
    expect(nav).toContain('Pelanggan');
    expect(nav).toContain('href="/admin/menu/"');
    // Users are the administrators' only.
    expect(nav).not.toContain('Pengguna');
    // The public header and footer stay out of the staff area.
    expect(editor.text).not.toContain('class="site-header"');

    const author = await open('/admin/', 'author');
    const authorNav = /<nav class="admin__nav"[\s\S]*?<\/nav>/.exec(author.text)?.[0] ?? '';
    expect([...authorNav.matchAll(/<a /g)]).toHaveLength(1);
    const admin = await open('/admin/', 'administrator');
    expect(admin.status).toBe(200);
    const adminNav = /<nav class="admin__nav"[\s\S]*?<\/nav>/.exec(admin.text)?.[0] ?? '';
    expect(adminNav).toContain('href="/admin/pengguna/"');
  });

  test('a staff form must carry its user’s token', async () => {
    const editor = { id: 41, session: 'session-a' };
    const ctx = { nonceSecret: 'rahasia-uji' };
    const token = csrfToken(ctx, editor);
    const post = (headers: Record<string, string> = {}) =>
      new Request('http://school.test/admin/berita/', { method: 'POST', headers });
    expect(() => checkCsrf(ctx, editor, post(), { _token: token })).not.toThrow();
    expect(() => checkCsrf(ctx, editor, post({ 'x-csrf-token': token }))).not.toThrow();
    expect(() => checkCsrf(ctx, editor, post())).toThrow();
    expect(() => checkCsrf(ctx, { id: 42, session: 'session-a' }, post(), { _token: token })).toThrow();
    // Bound to the session it was made in: the same user's other session is refused.
    expect(() => checkCsrf(ctx, { id: 41, session: 'session-b' }, post(), { _token: token })).toThrow();
  });

  test('a change by staff is a new content version: remembered reads and cached pages end at once', async () => {
    const editorId = await createUser(conn.db, 'staf-pengubah', 'editor');
    const remember = rememberFor<number>(60_000);
    let reads = 0;
    const read = async () => ++reads;
    expect(await remember(conn.db, 'k', read)).toBe(1);
    expect(await remember(conn.db, 'k', read)).toBe(1);

    // A page kept in the page cache (visitors, 60 s) …
    const first = await open('/kontak/');
    expect(first.status).toBe(200);
    expect((await open('/kontak/')).text).toBe(first.text);

    const before = contentVersion(conn.db);
    await recordChange(conn.db, {
      userId: editorId,
      action: 'post.update',
      subjectType: 'post',
      subjectId: 1,
      summary: 'Uji',
      public: true,
    });
    expect(contentVersion(conn.db)).toBeGreaterThan(before);
    expect(await remember(conn.db, 'k', read)).toBe(2);
    // … is rendered afresh after the change (a new CSP nonce shows a new render).
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonceOf((await open('/kontak/')).text)).not.toBe(nonceOf(first.text));

    const log = await conn.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: editorId, action: 'post.update', subject_type: 'post', subject_id: 1 });
  });

  test('a draft’s autosave keeps every cached page; publishing the draft ends them', async () => {
    const editorPage = await open('/admin/berita/baru/', 'editor');
    const token = /name="_token" value="([^"]+)"/.exec(editorPage.text)?.[1] as string;
    const send = (path: string, fields: Record<string, string>) =>
      site.send(path, {
        method: 'POST',
        headers: {
          cookie: cookies.editor as string,
          origin: `http://${site.host}`,
          'content-type': 'application/x-www-form-urlencoded',
          'x-csrf-token': token,
          accept: 'text/html',
        },
        body: new URLSearchParams({ _token: token, ...fields }).toString(),
      });
    const post = {
      title: 'Draf yang belum terbit',
      slug: '',
      excerpt: '',
      content: '<p>Belum untuk umum.</p>',
      tags: '',
      featured_media_id: '',
      published_at: '',
      seo_title: '',
      seo_description: '',
    };
    // The first autosave stores the new draft …
    const created = JSON.parse((await send('/admin/berita/baru/autosimpan', { ...post, modified_at: '' })).text);
    expect(created).toMatchObject({ ok: true });
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    // The cache's switch is read again after a public change: the page is kept once that read answered.
    let cachedNonce: string | undefined;
    await vi.waitFor(async () => {
      cachedNonce = nonceOf((await open('/kontak/')).text);
      expect(nonceOf((await open('/kontak/')).text)).toBe(cachedNonce);
    });
    const version = contentVersion(conn.db);

    // … later autosaves change what only staff see: audited, and every cached page stays.
    let modifiedAt = created.modifiedAt as string;
    for (const content of ['<p>Satu.</p>', '<p>Dua.</p>']) {
      const saved = JSON.parse(
        (await send(`/admin/berita/${created.id}/autosimpan`, { ...post, content, modified_at: modifiedAt })).text,
      );
      expect(saved).toMatchObject({ ok: true });
      modifiedAt = saved.modifiedAt;
    }
    const autosaves = await conn.db
      .selectFrom('audit_log')
      .select('id')
      .where('subject_id', '=', created.id)
      .where('action', '=', 'post.autosave')
      .execute();
    expect(autosaves).toHaveLength(2);
    expect(contentVersion(conn.db)).toBe(version);
    expect(nonceOf((await open('/kontak/')).text)).toBe(cachedNonce);

    // Publishing it is a change the public sees: the cached pages end.
    const published = await send(`/admin/berita/${created.id}/`, {
      ...post,
      intent: 'publish',
      modified_at: modifiedAt,
    });
    expect(published.status).toBe(302);
    expect(contentVersion(conn.db)).toBeGreaterThan(version);
    expect(nonceOf((await open('/kontak/')).text)).not.toBe(cachedNonce);
  });
});
