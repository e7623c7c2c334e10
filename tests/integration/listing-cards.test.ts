import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Issue 21: what a listing card shows is a setting of the listing grid (`card`: image, category, date,
 * excerpt, the activities' facts, the store buttons), edited in the page editor's widget form. Once
 * the page is published, the server's first page and call 7's load more both follow it.
 */

afterAll(() => closeAppBuild());

const PUBLIC = '/arsip-berita/';
const GRID = 'ab0grid';

describe.each(DIALECTS)('listing cards on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let pageId = 0;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn, { pageCacheMs: 60_000 });
    await signInRoles(conn.db, 'kartu', ['editor', 'author'], { cookies, tokens });
    pageId = (
      await conn.db.selectFrom('post').select('id').where('slug', '=', 'arsip-berita').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  const { open, post } = staffRequests(() => site, cookies);
  const editor = () => `/admin/halaman/${pageId}/`;
  const elementForm = () => `${editor()}elemen/${GRID}/`;
  const version = async () =>
    String(
      (await conn.db.selectFrom('post').select('tree_version').where('id', '=', pageId).executeTakeFirstOrThrow())
        .tree_version,
    );
  const publishedGrid = async () => {
    const { tree } = await conn.db.selectFrom('post').select('tree').where('id', '=', pageId).executeTakeFirstOrThrow();
    return (JSON.parse(tree ?? '[]') as Array<{ id: string; settings: Record<string, unknown>; children: unknown[] }>)
      .flatMap(function walk(el): Array<{ id: string; settings: Record<string, unknown> }> {
        return [el, ...(el.children as (typeof el)[]).flatMap(walk)];
      })
      .find((el) => el.id === GRID)?.settings;
  };
  /** The widget's settings form as the editor shows it: every field's value (ticked boxes only). */
  const currentForm = async (): Promise<Record<string, string>> => {
    const page = await open(elementForm(), 'editor');
    expect(page.status).toBe(200);
    const form = /<main[\s\S]*<\/main>/.exec(page.text)?.[0] ?? '';
    const fields: Record<string, string> = {};
    const decode = (v: string) => v.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&');
    for (const m of form.matchAll(/<input ([^>]*)>/g)) {
      const attrs = m[1] as string;
      const name = /name="([^"]+)"/.exec(attrs)?.[1];
      if (!name) continue;
      const value = decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
      if (/type="(checkbox|radio)"/.test(attrs)) {
        if (/checked=""/.test(attrs)) fields[name] = /value="/.test(attrs) ? value : 'on';
      } else fields[name] = value;
    }
    for (const m of form.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
      fields[m[1] as string] = /<option value="([^"]*)" selected=""/.exec(m[2] as string)?.[1] ?? '';
    }
    for (const m of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g)) {
      fields[m[1] as string] = decode(m[2] as string);
    }
    return { ...fields, _token: tokens.editor as string };
  };
  /** The archive's first page as a visitor gets it: its cards' markup. */
  const publicCards = async () => {
    const page = await open(PUBLIC);
    expect(page.status).toBe(200);
    return page.text;
  };
  /** Call 7's second page of the archive grid, as the grid's load more asks for it. */
  const loadMore = async () => {
    const answer = await site.send('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body:
        'action=jet_engine_ajax&handler=listing_load_more' +
        `&page_settings%5Bpost_id%5D=${pageId}&page_settings%5Belement_id%5D=${GRID}&page_settings%5Bpage%5D=2`,
    });
    expect(answer.status).toBe(200);
    const html = (JSON.parse(answer.text) as { data: { html: string } }).data.html;
    expect(html).toContain('post-card__title');
    return html;
  };
  const count = (html: string, part: string) => html.split(part).length - 1;

  test('the grid’s form offers the card’s parts, all shown by default', async () => {
    const fields = await currentForm();
    for (const part of ['showImage', 'showCategory', 'showDate', 'showExcerpt', 'showStoreButtons']) {
      expect(fields[`s.card.${part}`], part).toBe('on');
    }
    const html = await publicCards();
    expect(count(html, 'class="post-card__excerpt"')).toBeGreaterThan(0);
    expect(count(html, 'class="post-card__date"')).toBeGreaterThan(0);
    expect(count(await loadMore(), 'class="post-card__date"')).toBeGreaterThan(0);
  });

  test('an author may not change it, nor an editor without the token', async () => {
    const fields = await currentForm();
    const { 's.card.showDate': _, ...noDate } = fields;
    const before = await version();
    expect((await open(elementForm(), 'author')).status).toBe(403);
    expect(
      (await post(elementForm(), 'author', { ...noDate, versi: before, _token: tokens.author as string })).status,
    ).toBe(403);
    const { _token, ...untokened } = noDate;
    expect((await post(elementForm(), 'editor', { ...untokened, versi: before })).status).toBe(403);
    expect(await version()).toBe(before);
  });

  test('a bad setting beside the card’s is refused with 400 and its message; nothing changes', async () => {
    const fields = await currentForm();
    const { 's.card.showDate': _, ...noDate } = fields;
    const before = await version();
    const answer = await post(elementForm(), 'editor', { ...noDate, 's.postsNum': '500', versi: before });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('aria-invalid="true"');
    expect(await version()).toBe(before);
    expect((await publishedGrid())?.card).toBeUndefined();
  });

  test('no date and no excerpt on the cards: after publishing, the first page and load more follow', async () => {
    const fields = await currentForm();
    const { 's.card.showDate': _d, 's.card.showExcerpt': _e, ...fewer } = fields;
    const saved = await post(elementForm(), 'editor', { ...fewer, versi: await version() });
    expect(saved.status).toBe(302);
    // A draft: the public page is unchanged until it is published.
    expect(count(await publicCards(), 'class="post-card__date"')).toBeGreaterThan(0);
    const published = await post(editor(), 'editor', {
      aksi: 'terbitkan',
      versi: await version(),
      _token: tokens.editor as string,
    });
    expect(published.status).toBe(302);
    expect((await publishedGrid())?.card).toEqual({
      showImage: true,
      showCategory: true,
      showDate: false,
      showExcerpt: false,
      showDetails: true,
      showStoreButtons: true,
    });

    const html = await publicCards();
    expect(count(html, 'class="post-card__title"')).toBeGreaterThan(0);
    expect(count(html, 'class="post-card__date"')).toBe(0);
    expect(count(html, 'class="post-card__excerpt"')).toBe(0);
    expect(count(html, 'class="post-card__category"')).toBeGreaterThan(0);
    const more = await loadMore();
    expect(count(more, 'class="post-card__date"')).toBe(0);
    expect(count(more, 'class="post-card__excerpt"')).toBe(0);
    expect(count(more, 'class="post-card__category"')).toBeGreaterThan(0);
    // The form reads the stored card back.
    const again = await currentForm();
    expect(again['s.card.showDate']).toBeUndefined();
    expect(again['s.card.showCategory']).toBe('on');
  });
});
