import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GALLERY_FIELD } from '~/content/media';
import type { Connection } from '~/db/connection.server';
import { readFilterAddress } from '~/features/filters/url-state';
import { NotFound } from '~/lib/errors';
import type { PageView } from '~/pages/model';
import { galleryItemView, type ViewContext } from '~/pages/view.server';
import { loadContent } from '../../seed';
import { DIALECTS, freshDatabase } from '../support/databases';

/**
 * Issue 13 "Gallery items": a gallery item shows all its photos (the featured one, then its gallery
 * field's), and its category links lead to /galeri/ filtered by that category as the gallery's own
 * filter writes it (original-wire.md §2.5 plain, §2.6 permalink).
 */

const content = loadContent();
const withPhotos =
  content.gallery.find((g) => g.photos.length >= 3 && g.categories.length >= 2) ??
  content.gallery.find((g) => g.photos.length >= 3);
if (!withPhotos) throw new Error('content/gallery.yaml has no item with several photos');
const item = withPhotos;
const imageFile = (key: string) => content.images.find((i) => i.key === key)?.file;

function viewContext(conn: Connection, path: string): ViewContext {
  return {
    db: conn.db,
    dialect: conn.dialect,
    origin: 'http://school.test',
    url: new URL(path, 'http://school.test'),
    serverHtml: null,
    user: null,
  };
}

type PostView = Extract<PageView, { kind: 'post' }>;
async function itemView(conn: Connection, slug: string, type: 'galeri' | 'ekskul' = 'galeri'): Promise<PostView> {
  const view = await galleryItemView(viewContext(conn, `/${type}/${slug}/`), slug, type);
  if (view.kind !== 'post') throw new Error(`/${type}/${slug}/ is not a post view`);
  return view;
}

async function termId(conn: Connection, slug: string): Promise<number> {
  const row = await conn.db
    .selectFrom('term')
    .select('id')
    .where('taxonomy', '=', 'kategori-galeri')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(DIALECTS)('a gallery item on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
  }, 120_000);
  afterAll(() => dispose?.());

  test('shows the featured photo, then the photos of its gallery field, in order', async () => {
    const view = await itemView(conn, item.slug);
    expect(view.gallery?.photos.map((p) => p.file)).toEqual([item.image, ...item.photos].map(imageFile));
    for (const p of view.gallery?.photos ?? []) {
      expect(p.alt).not.toBe('');
      expect(p.sizes.length).toBeGreaterThan(0);
    }
  });

  test('links each category to /galeri/ filtered by it, in the address the gallery filter reads', async () => {
    const view = await itemView(conn, item.slug);
    const names = new Map(content.terms['kategori-galeri'].map((t) => [t.slug, t.name]));
    expect(view.categoryLinks?.map((l) => l.name).sort()).toEqual(item.categories.map((c) => names.get(c)).sort());
    for (const link of view.categoryLinks ?? []) {
      const slug = item.categories.find((c) => names.get(c) === link.name) as string;
      const url = new URL(link.href, 'http://school.test');
      expect(url.pathname).toBe('/galeri/');
      expect(readFilterAddress(url)).toEqual({
        provider: 'jet-engine',
        queryId: 'galeri',
        query: { '_tax_query_kategori-galeri': String(await termId(conn, slug)) },
        page: 1,
      });
    }
  });

  test('a gallery field naming missing or malformed media shows what exists, never fails', async () => {
    const post = await conn.db
      .selectFrom('post')
      .select(['id', 'featured_media_id'])
      .where('slug', '=', item.slug)
      .executeTakeFirstOrThrow();
    await conn.db
      .updateTable('post_meta')
      .set({ value_text: `999999,abc,,${post.featured_media_id},-4` })
      .where('post_id', '=', post.id)
      .where('meta_key', '=', GALLERY_FIELD)
      .execute();
    const view = await itemView(conn, item.slug);
    expect(view.gallery?.photos.map((p) => p.id)).toEqual([post.featured_media_id]);
  });

  test('an activity (/ekskul/) has no gallery; an unknown item is a 404', async () => {
    const activity = content.ekskul[0];
    if (!activity) throw new Error('no activity in content/ekskul.yaml');
    const view = await itemView(conn, activity.slug, 'ekskul');
    expect(view.gallery).toBeUndefined();
    expect(view.categoryLinks).toBeUndefined();
    await expect(itemView(conn, 'tidak-ada-foto-ini')).rejects.toBeInstanceOf(NotFound);
  });
});

describe('with permalink filter addresses (SQLite)', () => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase('sqlite'));
    await conn.db
      .updateTable('site_option')
      .set({ value: JSON.stringify('permalink') })
      .where('name', '=', 'filters_url_type')
      .execute();
  }, 120_000);
  afterAll(() => dispose?.());

  test('a category link is the gallery permalink of that category', async () => {
    const view = await itemView(conn, item.slug);
    const first = view.categoryLinks?.[0];
    const slug = item.categories.find(
      (c) => content.terms['kategori-galeri'].find((t) => t.slug === c)?.name === first?.name,
    ) as string;
    expect(first?.href).toBe(`/galeri/jsf/jet-engine:galeri/tax/kategori-galeri:${await termId(conn, slug)}/`);
  });
});

describe('without a published gallery page (SQLite)', () => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase('sqlite'));
    await conn.db
      .updateTable('post')
      .set({ status: 'draft' })
      .where('type', '=', 'page')
      .where('slug', '=', 'galeri')
      .execute();
  }, 120_000);
  afterAll(() => dispose?.());

  test('category links fall back to /galeri/, the photos still show', async () => {
    const view = await itemView(conn, item.slug);
    expect(view.categoryLinks?.length).toBe(item.categories.length);
    for (const link of view.categoryLinks ?? []) expect(link.href).toBe('/galeri/');
    expect(view.gallery?.photos).toHaveLength(1 + item.photos.length);
  });
});
