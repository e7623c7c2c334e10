import { largestUrl, toMediaView } from '~/content/media';
import { postUrl } from '~/content/posts';
import type { Db } from '~/db';
import {
  isWordPressQueryOnHome,
  type OldKind,
  type OldLookup,
  oldAddressLookups,
  samePath,
  termArchiveUrl,
} from './model';

/**
 * Old addresses of a WordPress site moved in (issue 26): the imported item an old address names (`import_item`,
 * written by the import), and the 301 that sends a visitor there. Only published items are answered: a draft's
 * old address stays a 404, as the item's own address is.
 */

/** Post types whose items have a public address of their own (content/posts.ts `postUrl`). */
const PUBLIC_TYPES = ['post', 'page', 'galeri', 'ekskul'];

/** The meta a post's earlier slug is kept in (WordPress's name; the import writes it when a slug changed). */
const OLD_SLUG_META = '_wp_old_slug';

/** How long a browser or proxy may keep the redirect: a newer import may move the item again. */
const REDIRECT_CACHE = 'public, max-age=3600';

type Found = string | null;

/** The address of a published post here, or null. */
async function postAddress(query: ReturnType<typeof postRows>): Promise<Found> {
  const row = await query.executeTakeFirst();
  return row ? postUrl(row.type, row.slug) : null;
}

const postRows = (db: Db) =>
  db
    .selectFrom('post')
    .select(['post.type', 'post.slug'])
    .where('post.status', '=', 'publish')
    .where('post.type', 'in', PUBLIC_TYPES);

/** The imported rows of `kind` for an old id (the newest import first when several old sites were moved in). */
const importedIds = (db: Db, kind: OldKind | 'term', wpId: number, source?: string) => {
  let q = db.selectFrom('import_item').select('local_id').where('kind', '=', kind).where('wp_id', '=', wpId);
  if (source !== undefined) q = q.where('source', '=', source);
  return q.orderBy('updated_at', 'desc').limit(1);
};

async function mediaAddress(db: Db, mediaId: number): Promise<Found> {
  const row = await db
    .selectFrom('media')
    .selectAll()
    .where('id', '=', mediaId)
    .where('status', '=', 'ready')
    .executeTakeFirst();
  return row ? largestUrl(toMediaView(row), 'jpg') : null;
}

async function termAddress(db: Db, where: { id: number } | { taxonomy: string; slug: string }): Promise<Found> {
  let q = db.selectFrom('term').select(['taxonomy', 'slug']);
  q =
    'id' in where
      ? q.where('id', '=', where.id)
      : q.where('taxonomy', '=', where.taxonomy).where('slug', '=', where.slug);
  const row = await q.executeTakeFirst();
  return row ? termArchiveUrl(row.taxonomy, row.slug) : null;
}

/** What one lookup finds, or null. `source` keeps to one old site (the import resolving its own links). */
async function find(db: Db, lookup: OldLookup, source?: string): Promise<Found> {
  switch (lookup.by) {
    case 'wp-id': {
      for (const kind of lookup.kinds) {
        const ids = importedIds(db, kind, lookup.id, source);
        const found =
          kind === 'post'
            ? await postAddress(postRows(db).where('post.id', 'in', ids))
            : await (async () => {
                const row = await ids.executeTakeFirst();
                return row ? mediaAddress(db, row.local_id) : null;
              })();
        if (found) return found;
      }
      return null;
    }
    case 'term-id': {
      const row = await importedIds(db, 'term', lookup.id, source).executeTakeFirst();
      return row ? termAddress(db, { id: row.local_id }) : null;
    }
    case 'term-slug':
      return termAddress(db, lookup);
    case 'old-path': {
      let q = db
        .selectFrom('import_item')
        .select(['kind', 'local_id'])
        .where('old_path', '=', lookup.path)
        .where('kind', 'in', ['post', 'media']);
      if (source !== undefined) q = q.where('source', '=', source);
      for (const row of await q.orderBy('updated_at', 'desc').limit(5).execute()) {
        const found =
          row.kind === 'post'
            ? await postAddress(postRows(db).where('post.id', '=', row.local_id))
            : await mediaAddress(db, row.local_id);
        if (found) return found;
      }
      return null;
    }
    case 'slug': {
      // Its slug here (a date permalink of a post that kept its slug), news before pages before the rest…
      const here = await postRows(db)
        .where('post.slug', '=', lookup.slug)
        .orderBy('post.type', 'desc')
        .executeTakeFirst();
      if (here) return postUrl(here.type, here.slug);
      // …else a post whose slug changed (on import: the old one is its `_wp_old_slug`, as WordPress keeps it).
      const renamed = db
        .selectFrom('post_meta')
        .select('post_id')
        .where('meta_key', '=', OLD_SLUG_META)
        .where('value_text', '=', lookup.slug);
      return postAddress(postRows(db).where('post.id', 'in', renamed).orderBy('post.type', 'desc'));
    }
  }
}

/**
 * The current address of what an old address names (its lookups tried in order), or null. Never the address
 * itself (a redirect there would loop) unless `same` allows it (the import making an old link this site's).
 * `source` keeps to what one old site brought.
 */
export async function newAddressOf(
  db: Db,
  pathname: string,
  search: string,
  options: { source?: string; same?: boolean } = {},
): Promise<string | null> {
  for (const lookup of oldAddressLookups(pathname, search)) {
    const found = await find(db, lookup, options.source);
    if (found && (options.same || !samePath(found, pathname))) return found;
  }
  return null;
}

/**
 * The 301 for an old address, or null (the site's own answer stands). Asked twice per request by the server:
 * before the page is made (`siteStatus` null), when only `/` with a WordPress query form is looked up (the
 * home page would answer it), and after a 404, when any old address is. GET and HEAD only; a data request of
 * the client router (`.data`) is not. A lookup that fails leaves the site's answer.
 */
export async function movedAddress(
  db: Db,
  method: string,
  url: URL,
  siteStatus: number | null,
): Promise<Response | null> {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (siteStatus === null ? !isWordPressQueryOnHome(url.pathname, url.search) : siteStatus !== 404) return null;
  if (url.pathname.endsWith('.data')) return null;
  let location: string | null;
  try {
    location = await newAddressOf(db, url.pathname, url.search);
  } catch (error) {
    console.warn(`old address ${url.pathname}${url.search}: ${(error as Error).message}`);
    return null;
  }
  if (!location) return null;
  return new Response(null, { status: 301, headers: { Location: location, 'Cache-Control': REDIRECT_CACHE } });
}
