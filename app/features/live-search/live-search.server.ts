import { sql } from 'kysely';
import type { MediaView } from '~/content/media';
import { getMedia } from '~/content/media.server';
import { formatPostDate, postUrl } from '~/content/posts';
import { rankedPostIds } from '~/content/search.server';
import { withDescendants } from '~/content/terms';
import { getTermTree } from '~/content/terms.server';
import type { Db, Dialect } from '~/db';
import { escapeHtml } from '~/lib/html.server';
import { type FieldView, fieldsHtml, highlightHtml, navigationHtml, plainText, thumbnailHtml } from './html.server';
import {
  firstWords,
  type LiveSearchItem,
  type LiveSearchResult,
  type LiveSearchSettings,
  type MetaFields,
  searchTextOf,
  slidesOf,
} from './model';

/**
 * Call 2 (spec 000 §7; original-wire.md §6): the live search's results for one request's settings.
 * Found items are ranked by the content layer's full-text search; a failing query answers the
 * widget's server error (`failed`) rather than a 500, as the original does.
 */
export async function liveSearch(db: Db, dialect: Dialect, settings: LiveSearchSettings): Promise<LiveSearchResult> {
  const empty = (state: LiveSearchResult['state'], message: string): LiveSearchResult => ({
    state,
    message: escapeHtml(message),
    items: [],
    perSlide: settings.perSlide,
    slides: 0,
    navigation: { header: '', footer: '' },
  });
  const text = searchTextOf(settings.value);
  if (text === null) return empty('short', '');
  let items: LiveSearchItem[];
  try {
    items = await findItems(db, dialect, settings, text);
  } catch (error) {
    // The visitor sees the widget's own error text; the operator sees why in the log.
    console.error('live search failed', error);
    return empty('failed', settings.messages.serverError);
  }
  if (items.length === 0) return empty('none', settings.messages.negativeSearch);
  const slides = slidesOf(items.length, settings.perSlide);
  return {
    state: 'found',
    message: '',
    items,
    perSlide: settings.perSlide,
    slides,
    navigation: navigationHtml(settings.navigation, slides),
  };
}

async function findItems(db: Db, dialect: Dialect, s: LiveSearchSettings, text: string): Promise<LiveSearchItem[]> {
  const termIds = s.terms ? await withChildren(db, s.terms.taxonomy, s.terms.ids) : undefined;
  const ids = await rankedPostIds(db, dialect, {
    text,
    types: s.types,
    termIds,
    limit: s.results,
    phrase: s.phrase,
  });
  if (ids.length === 0) return [];
  const wantsBody = s.content.words > 0 && s.content.source === 'content';
  // A result shows a few dozen words: only the start of the body is read (characters, so at least as
  // many UTF-16 units as plainText keeps).
  const bodyChars = s.content.words * 40 + 400;
  const [rows, meta] = await Promise.all([
    db
      .selectFrom('post')
      .select(['id', 'type', 'slug', 'title', 'excerpt', 'featured_media_id'])
      .$if(wantsBody, (q) => q.select(sql<string>`substr(content, 1, ${bodyChars})`.as('content')))
      .where('id', 'in', ids)
      .execute(),
    metaValues(db, ids, metaKeysOf(s)),
  ]);
  const media = s.thumbnail
    ? await getMedia(
        db,
        rows.flatMap((r) => (r.featured_media_id ? [r.featured_media_id] : [])),
      )
    : new Map<number, MediaView>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const marked = s.highlight ? text : null;
  const fields = (setting: MetaFields | null, base: string, postId: number, position: 'before' | 'after') =>
    setting && setting.position === position ? fieldsHtml(base, fieldViews(setting, meta.get(postId)), marked) : '';
  return ids.flatMap((id): LiveSearchItem[] => {
    const row = byId.get(id);
    if (!row) return [];
    const source =
      s.content.source === 'excerpt'
        ? row.excerpt
        : s.content.source === 'custom-field'
          ? (meta.get(id)?.get(s.content.metaKey ?? '') ?? '')
          : plainText(row.content ?? '', bodyChars);
    return [
      {
        title: highlightHtml(row.title, marked),
        beforeTitle: fields(s.titleFields, 'jet-search-title-fields', id, 'before'),
        afterTitle: fields(s.titleFields, 'jet-search-title-fields', id, 'after'),
        content: highlightHtml(firstWords(source, s.content.words), marked),
        beforeContent: fields(s.contentFields, 'jet-search-content-fields', id, 'before'),
        afterContent: fields(s.contentFields, 'jet-search-content-fields', id, 'after'),
        thumbnail: s.thumbnail ? thumbnailHtml(media.get(row.featured_media_id ?? 0) ?? null) : '',
        link: postUrl(row.type, row.slug),
        newTab: s.newTab,
        // Price and rating are WooCommerce products' (original-wire.md §6); the school sells nothing.
        price: '',
        rating: '',
      },
    ];
  });
}

/** The term ids and every term below them in the taxonomy (WordPress's tax query includes children); unknown ids drop out. */
async function withChildren(db: Db, taxonomy: string, ids: readonly number[]): Promise<number[]> {
  const tree = await getTermTree(db, taxonomy);
  return [...new Set(ids.filter((id) => tree.terms.has(id)).flatMap((id) => withDescendants(tree, id)))];
}

function metaKeysOf(s: LiveSearchSettings): string[] {
  const keys = [...(s.titleFields?.fields ?? []), ...(s.contentFields?.fields ?? [])].map((f) => f.key);
  if (s.content.source === 'custom-field' && s.content.words > 0 && s.content.metaKey) keys.push(s.content.metaKey);
  return [...new Set(keys)];
}

/** The first value of each requested meta key per post, as text (dates in the school's long form). */
async function metaValues(db: Db, ids: number[], keys: string[]): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  if (keys.length === 0) return out;
  const rows = await db
    .selectFrom('post_meta')
    .select(['post_id', 'meta_key', 'value_text', 'value_number', 'value_date'])
    .where('post_id', 'in', ids)
    .where('meta_key', 'in', keys)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const values = out.get(r.post_id) ?? new Map<string, string>();
    if (!values.has(r.meta_key)) {
      const value =
        r.value_text ?? (r.value_number !== null ? String(r.value_number) : formatPostDate(r.value_date ?? ''));
      values.set(r.meta_key, value);
    }
    out.set(r.post_id, values);
  }
  return out;
}

/** The fields of a setting that have a value for the post, in the setting's order (the original skips empty ones). */
function fieldViews(setting: MetaFields, values: Map<string, string> | undefined): FieldView[] {
  return setting.fields.flatMap((f) => {
    const value = values?.get(f.key);
    return value ? [{ ...f, value }] : [];
  });
}
