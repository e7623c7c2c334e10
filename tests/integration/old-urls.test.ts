import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertPost, replaceMeta } from '~/content/posts-write.server';
import type { Connection } from '~/db/connection.server';
import { recordImportItem } from '~/staff/import/import-item.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';

/**
 * Issue 26: a WordPress site's old addresses keep working. `?p=ID`, `?page_id=ID`, `?attachment_id=ID`, `?cat=ID`,
 * the recorded old permalinks, date permalinks and old slugs answer 301 to the imported item's address; an unknown
 * id, a draft, a POST and an address the site has a page at are answered as before, and no input makes a 500.
 */

afterAll(() => closeAppBuild());

const SOURCE = 'https://smp-lama.sch.id';

describe.each(DIALECTS)('old WordPress addresses on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  const news = { id: 0, slug: '' };
  const page = { id: 0, slug: 'visi-misi' };
  const gallery = { id: 0, slug: '' };
  const category = { id: 0, slug: '' };
  let renamedId = 0;
  let draftId = 0;
  let mediaId = 0;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    const db = conn.db;
    const first = (type: string) =>
      db
        .selectFrom('post')
        .select(['id', 'slug'])
        .where('type', '=', type)
        .where('status', '=', 'publish')
        .orderBy('id')
        .executeTakeFirstOrThrow();
    Object.assign(news, await first('post'));
    Object.assign(gallery, await first('galeri'));
    page.id = (await db.selectFrom('post').select('id').where('slug', '=', page.slug).executeTakeFirstOrThrow()).id;
    Object.assign(
      category,
      await db
        .selectFrom('term')
        .select(['id', 'slug'])
        .where('taxonomy', '=', 'category')
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    mediaId = (
      await db.selectFrom('media').select('id').where('status', '=', 'ready').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const at = '2026-11-28T10:00:00.000Z';
    const post = (slug: string, status: string) => ({
      type: 'post',
      status,
      slug,
      title: slug,
      excerpt: '',
      content: '<p>isi</p>',
      tree: null,
      parent_id: null,
      author_id: null,
      featured_media_id: null,
      published_at: at,
      modified_at: at,
      menu_order: 0,
    });
    // A post whose slug was taken here: it came in as `-2`, its old slug kept as WordPress keeps one.
    renamedId = await insertPost(db, post('rapat-komite-impor-2', 'publish'));
    await replaceMeta(db, renamedId, { _wp_old_slug: { value_text: 'rapat-komite-impor' } });
    draftId = await insertPost(db, post('draf-impor', 'draft'));
    const rows: Array<[string, number, number, string | null]> = [
      ['post', 101, news.id, '/2023/05/12/berita-lama-sekali/'],
      ['post', 7, page.id, '/?page_id=7'],
      ['post', 102, gallery.id, '/portofolio/foto-upacara-lama/'],
      ['post', 103, draftId, '/2023/06/01/draf-impor/'],
      ['post', 104, renamedId, '/2024/01/02/rapat-komite-impor/'],
      // An old permalink that is a page here now: the page wins.
      ['post', 105, news.id, `/${page.slug}/`],
      ['term', 5, category.id, null],
      ['media', 40, mediaId, '/2023/05/12/berita-lama-sekali/foto/'],
    ];
    for (const [kind, wpId, localId, oldPath] of rows) {
      await recordImportItem(db, { source: SOURCE, kind, wpId, localId, digest: 'x', oldPath }, false, at);
    }
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await dispose?.();
  });

  const moved = async (target: string, method = 'GET') => {
    const answer = await site.send(target, { method });
    return { status: answer.status, location: answer.headers.location ?? null };
  };

  test('?p= and ?page_id= of an imported post, page or gallery item answer 301 to its address', async () => {
    expect(await moved('/?p=101')).toEqual({ status: 301, location: `/${news.slug}/` });
    expect(await moved('/?page_id=7')).toEqual({ status: 301, location: `/${page.slug}/` });
    expect(await moved('/?p=7')).toEqual({ status: 301, location: `/${page.slug}/` });
    expect(await moved('/?p=102')).toEqual({ status: 301, location: `/galeri/${gallery.slug}/` });
    // As WordPress answers them: on index.php and below any address the site has nothing at.
    expect(await moved('/index.php?p=101')).toEqual({ status: 301, location: `/${news.slug}/` });
    expect(await moved('/arsip-lama/?page_id=7')).toEqual({ status: 301, location: `/${page.slug}/` });
    expect(await moved('/?p=101', 'HEAD')).toEqual({ status: 301, location: `/${news.slug}/` });
  });

  test('?cat= and ?attachment_id= answer with the category archive and the image', async () => {
    expect(await moved('/?cat=5')).toEqual({ status: 301, location: `/category/${category.slug}/` });
    const image = await moved('/?attachment_id=40');
    expect(image.status).toBe(301);
    expect(image.location).toMatch(/^\/wp-content\/uploads\/.+-\d+w\.jpg$/);
  });

  test('a recorded date permalink, another date structure and an old slug answer 301', async () => {
    expect(await moved('/2023/05/12/berita-lama-sekali/')).toEqual({ status: 301, location: `/${news.slug}/` });
    expect(await moved('/portofolio/foto-upacara-lama/')).toEqual({
      status: 301,
      location: `/galeri/${gallery.slug}/`,
    });
    // The slug under a structure the old site never had (WordPress guesses so too).
    expect(await moved(`/2019/01/${news.slug}/`)).toEqual({ status: 301, location: `/${news.slug}/` });
    // The slug the post had before the import renamed it, in its date permalink and on its own.
    expect(await moved('/2024/01/02/rapat-komite-impor/')).toEqual({ status: 301, location: '/rapat-komite-impor-2/' });
    expect(await moved('/rapat-komite-impor/')).toEqual({ status: 301, location: '/rapat-komite-impor-2/' });
    expect(await moved('/2023/05/12/berita-lama-sekali/foto/')).toMatchObject({ status: 301 });
  });

  test('an unknown id, a draft and garbage get the answer the site gave before (never a 500)', async () => {
    expect((await moved('/2023/01/01/tidak-pernah-ada/')).status).toBe(404);
    expect((await moved('/arsip-lama/?p=999999')).status).toBe(404);
    // On the home page the home page answers, as it did before the import.
    expect(await moved('/?p=999999')).toEqual({ status: 200, location: null });
    expect(await moved('/?p=103')).toEqual({ status: 200, location: null });
    expect((await moved('/2023/06/01/draf-impor/')).status).toBe(404);
    for (const target of [
      '/?p=2147483648',
      '/?p=99999999999999999999',
      '/?page_id=-1',
      '/?cat=1e9',
      '/?tag=%27%3B%20drop%20table%20post%3B--',
      '/?category_name=%E0%A4%A',
    ]) {
      expect((await moved(target)).status, target).toBe(200);
    }
    for (const target of [
      '/nope/?p=99999999999999999999',
      `/${'a'.repeat(300)}/`,
      '/%E0%A4%A/',
      '/2023/05/%25%5F/',
      '/category/a/b%27c/',
    ]) {
      expect((await moved(target)).status, target).toBe(404);
    }
  });

  test('a POST is never redirected, and a page of the site is never shadowed', async () => {
    // An old slug (a GET of it answers 301): a form posted there reaches the page route as before.
    const posted = await site.send('/rapat-komite-impor/', {
      method: 'POST',
      headers: { origin: `http://${site.host}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(posted.status).not.toBe(301);
    expect(posted.headers.location).toBeUndefined();
    // Recorded as an old permalink of the news post, but the site has a page there.
    expect(await moved(`/${page.slug}/`)).toEqual({ status: 200, location: null });
    expect(await moved(`/${news.slug}/`)).toEqual({ status: 200, location: null });
  });
});
