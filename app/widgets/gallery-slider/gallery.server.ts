import { GALLERY_FIELD } from '~/content/media';
import { getMedia } from '~/content/media.server';
import { getSiteOptions } from '~/content/options.server';
import type { PostSummary } from '~/content/posts';
import { postMeta } from '~/content/posts.server';
import type { Db } from '~/db';
import { queryKeyOf } from '~/features/filters/model';
import { getFilterRecords } from '~/features/filters/records.server';
import { writeFilterAddress } from '~/features/filters/url-state';
import { getStoredGroups, type StoredGroup } from '~/widgets/smart-filter/stored-groups.server';
import { type GalleryView, galleryPhotos, parseGalleryField, type TermLink } from './model';

/** A gallery item's photos: its featured image, then those its gallery field names (missing media skipped). */
export async function loadGalleryView(db: Db, summary: PostSummary): Promise<GalleryView> {
  const row = await postMeta(db, summary.id, GALLERY_FIELD);
  const ids = parseGalleryField(row?.value_text);
  const media = await getMedia(db, ids);
  const field = ids.flatMap((id) => media.get(id) ?? []);
  return { photos: galleryPhotos(summary.image, field) };
}

/**
 * The links of an item's terms in `taxonomy`: the page that lists the post type (a `jet-listing-grid`
 * on a published page), filtered by the term exactly as that page's own filter writes it (its group,
 * its query key, the site's URL type), so the filter shows checked and the counts match. Without such
 * a filter the link is the listing page itself; without such a page, `fallback`.
 */
export async function listingTermLinks(
  db: Db,
  postType: string,
  taxonomy: string,
  terms: ReadonlyArray<{ name: string; slug: string }>,
  fallback: string,
): Promise<TermLink[]> {
  if (terms.length === 0) return [];
  const [groups, records, options, termRows] = await Promise.all([
    getStoredGroups(db),
    getFilterRecords(db),
    getSiteOptions(db),
    db
      .selectFrom('term')
      .select(['id', 'slug'])
      .where('taxonomy', '=', taxonomy)
      .where(
        'slug',
        'in',
        terms.map((t) => t.slug),
      )
      .execute(),
  ]);
  // Grids of the post type on published pages (a grid in a template, a popup or a tab, has no address
  // of its own); the one whose group filters by the taxonomy first.
  const filterOf = (g: StoredGroup) =>
    g.filterIds.map((id) => records.get(id)).find((r) => r?.queryType === 'tax_query' && r.queryVar === taxonomy);
  const grids = [...groups.values()].filter(
    (g) => g.listing?.kind === 'jet-listing-grid' && g.listing.settings.postType === postType,
  );
  const pages = await db
    .selectFrom('post')
    .select(['id', 'slug'])
    .where('id', 'in', grids.flatMap((g) => g.listing?.postId ?? []).concat(0))
    .where('type', 'in', ['page', 'e-landing-page'])
    .where('status', '=', 'publish')
    .execute();
  const pathOf = (g: StoredGroup) => {
    const page = pages.find((p) => p.id === g.listing?.postId);
    if (!page) return null;
    return page.id === options.pageOnFront ? '/' : `/${page.slug}/`;
  };
  const onPages = grids.filter((g) => pathOf(g) !== null);
  const group = onPages.find((g) => filterOf(g)) ?? onPages[0];
  const base = group ? pathOf(group) : null;
  if (!group || !base) return terms.map((t) => ({ name: t.name, href: fallback }));
  const filter = filterOf(group);
  const ids = new Map(termRows.map((t) => [t.slug, t.id]));
  return terms.map((t) => {
    const id = ids.get(t.slug);
    if (!filter || id === undefined) return { name: t.name, href: base };
    const address = {
      provider: group.provider,
      queryId: group.queryId,
      query: { [queryKeyOf(filter)]: String(id) },
      page: 1,
    };
    return { name: t.name, href: writeFilterAddress({ pathname: base, search: '' }, address, options.filtersUrlType) };
  });
}
