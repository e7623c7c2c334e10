import type { CSSProperties } from 'react';
import type { PostSummary } from '~/content/posts';
import { PostCard } from '../posts/post-card';
import { arrowsState, listingHref, type WireListingSettings } from './model';

/** A category the filter offers. */
export interface ListingTerm {
  id: number;
  name: string;
}

/** One page of the listing as the server shows it. */
export interface ListingPage {
  page: number;
  pages: number;
  /** The category shown (0: every category). */
  term: number;
  /** Posts per page of this page (the desktop's on the server). */
  perPage: number;
  items: PostSummary[];
}

/** What the listing's loader sends (smart-listing.server.tsx `loadSmartListing`). */
export interface SmartListingProps {
  elementId: string;
  title: string;
  /** The original's `data-settings`, sent back with each request as `jet_widget_settings`. */
  settings: WireListingSettings;
  /** The filter's categories; null: no filter. */
  terms: ListingTerm[] | null;
  allLabel: string;
  shown: ListingPage;
}

/**
 * The smart listing (JetBlog's blog widget, spec 001 §3-§4, §7): complete without JavaScript — the
 * filter's categories and the arrows are links to `?term=` and `?paged=` of the same page — and taken
 * over by its behaviour (smart-listing.client.ts), which asks for the posts and arrows over
 * `jet_blog_smart_listing_get_posts` and puts them in place. The original's class names are kept.
 */
export function SmartListing({ elementId, title, settings, terms, allLabel, shown }: SmartListingProps) {
  const titleId = `${elementId}-title`;
  const columns = {
    '--sl-cols': settings.posts_columns,
    '--sl-cols-tablet': settings.posts_columns_tablet,
    '--sl-cols-mobile': settings.posts_columns_mobile,
  } as CSSProperties;
  return (
    <section
      id={elementId}
      className="jet-smart-listing-wrap smart-listing"
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : 'Berita'}
      data-behaviour="smart-listing"
      data-settings={JSON.stringify(settings)}
      data-page={shown.page}
      data-term={shown.term}
      data-per-page={shown.perPage}
      style={columns}
    >
      <div className="jet-smart-listing__heading">
        {title ? (
          <h2 className="jet-smart-listing__title" id={titleId}>
            {title}
          </h2>
        ) : null}
        {terms ? (
          <nav className="jet-smart-listing__filter" aria-label="Kategori berita">
            <ul>
              {[{ id: 0, name: allLabel }, ...terms].map((t) => (
                <li
                  key={t.id}
                  className={`jet-smart-listing__filter-item${t.id === shown.term ? ' jet-active-item' : ''}`}
                >
                  <a
                    href={listingHref({ page: 1, term: t.id }, elementId)}
                    data-term={t.id}
                    aria-current={t.id === shown.term ? 'true' : undefined}
                  >
                    {t.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className={`jet-smart-listing${settings.featured_post === 'yes' ? ' has-featured' : ''}`}>
        <SmartListingPosts items={shown.items} featured={settings.featured_post === 'yes'} settings={settings} />
      </div>
      <SmartListingArrows page={shown.page} pages={shown.pages} term={shown.term} anchor={elementId} />
      {/* What a new page shows, said once it is in place (the behaviour writes it). */}
      <p className="visually-hidden" role="status" data-status="" />
    </section>
  );
}

/** The posts of one page: the featured post first and larger, then the others (`data.posts` of the call). */
export function SmartListingPosts({
  items,
  featured,
  settings,
}: {
  items: PostSummary[];
  featured: boolean;
  settings: Pick<WireListingSettings, 'show_excerpt'>;
}) {
  if (items.length === 0) return <p className="jet-smart-listing__empty">Belum ada berita di kategori ini.</p>;
  const first = featured ? items[0] : undefined;
  const rest = featured ? items.slice(1) : items;
  return (
    <>
      {first ? (
        <div className="jet-smart-listing__featured" data-post-id={first.id}>
          <PostCard post={first} titleLevel={3} showExcerpt showStoreButtons={false} />
        </div>
      ) : null}
      {rest.length > 0 ? (
        <div className="jet-smart-listing__posts">
          {rest.map((post) => (
            <div key={post.id} className="jet-smart-listing__post" data-post-id={post.id}>
              <PostCard
                post={post}
                titleLevel={3}
                showExcerpt={settings.show_excerpt === 'yes'}
                showStoreButtons={false}
              />
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}

/**
 * The prev/next arrows (`data.arrows` of the call): links to the neighbouring pages, or marked disabled at
 * the ends (spec 001 §5: a disabled arrow does nothing). Hidden when there is one page only, but always
 * there, so that an answer can bring them back.
 */
export function SmartListingArrows({
  page,
  pages,
  term,
  anchor,
}: {
  page: number;
  pages: number;
  term: number;
  anchor: string;
}) {
  const { prev, next } = arrowsState(page, pages);
  const arrow = (dir: 'prev' | 'next', to: number | null) => {
    const label = dir === 'prev' ? 'Sebelumnya' : 'Berikutnya';
    const className = `jet-smart-listing__arrow jet-arrow-${dir}`;
    const icon = (
      <span className="jet-smart-listing__arrow-icon" aria-hidden="true">
        {dir === 'prev' ? '‹' : '›'}
      </span>
    );
    return to === null ? (
      // A link without an address is not focusable; `role` and `aria-disabled` tell readers it is an inactive link.
      // biome-ignore lint/a11y/useValidAnchor: a disabled link has no address (the WAI-ARIA disabled link)
      <a className={`${className} jet-arrow-disabled`} data-dir={dir} role="link" aria-disabled="true">
        {dir === 'prev' ? icon : null}
        <span>{label}</span>
        {dir === 'next' ? icon : null}
      </a>
    ) : (
      <a className={className} data-dir={dir} data-page={to} href={listingHref({ page: to, term }, anchor)} rel={dir}>
        {dir === 'prev' ? icon : null}
        <span>{label}</span>
        {dir === 'next' ? icon : null}
      </a>
    );
  };
  return (
    <nav
      className="jet-smart-listing__arrows"
      aria-label="Halaman berita"
      data-page={page}
      data-pages={pages}
      hidden={pages <= 1}
    >
      {arrow('prev', prev)}
      <span className="jet-smart-listing__counter">
        <span className="visually-hidden">Halaman </span>
        {page}
        <span aria-hidden="true"> / </span>
        <span className="visually-hidden"> dari </span>
        {pages}
      </span>
      {arrow('next', next)}
    </nav>
  );
}
