import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatPostDate } from '~/content/posts';
import { AJAX_URL } from '~/wire/client';
import {
  frontStoreKey,
  parseStoredIds,
  type StoredPost,
  type StorePageData,
  type StoreView,
  storeBySlug,
} from '../model';
import { PostStoreCount } from './post-count';
import { StoreButton } from './store-button';

/** Loads the store code on a store page, and reloads the page's data when a button changed a store here. */
function useStoreSync(listId: string) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    void import('./enhance').then((m) => m.startStores());
    const list = document.getElementById(listId);
    // The list's remove buttons go away with their items: the focus stays in the list.
    const sync = () => void revalidate().then(() => list?.focus());
    list?.addEventListener('jet-engine:store-sync', sync);
    return () => list?.removeEventListener('jet-engine:store-sync', sync);
  }, [listId, revalidate]);
}

/** The frame of a store page: title, the outcome of a no-JavaScript form, who the stores belong to. */
export function StorePageFrame({ page, children }: { page: StorePageData; children: ReactNode }) {
  return (
    <div className="store-page">
      <h1 className="store-page__title">{page.title}</h1>
      {page.notice ? (
        <p className={`store-page__notice store-page__notice--${page.notice.kind}`} role="status">
          {page.notice.text}
        </p>
      ) : null}
      <p className="store-page__owner">
        {page.signedIn ? (
          'Tersimpan di akun Anda.'
        ) : (
          <>
            Tersimpan di peramban ini. <a href="/masuk/">Masuk</a> agar simpanan Anda ikut ke akun dan terbuka di
            perangkat lain.
          </>
        )}
      </p>
      {children}
    </div>
  );
}

const TYPE_LABELS: Record<string, string> = { post: 'Berita', ekskul: 'Ekstrakurikuler' };

/** The saved items page (/simpanan/): the visitor's favourites, each with its remove button. */
export function SavedPage({ page }: { page: StorePageData }) {
  const listId = 'simpanan-daftar';
  useStoreSync(listId);
  const [favourites, compare] = page.stores;
  return (
    <StorePageFrame page={page}>
      {favourites ? (
        <section id={listId} className="store-list" aria-labelledby="simpanan-favorit" tabIndex={-1}>
          <h2 id="simpanan-favorit">
            {favourites.name}{' '}
            <span className="store-list__count">
              (
              <span className="jet-engine-data-store-count" data-store={favourites.slug}>
                {favourites.posts.length}
              </span>{' '}
              dari {favourites.size})
            </span>
          </h2>
          <StoreItems store={favourites} listId={listId} counts={page.postCounts[favourites.slug] ?? {}} />
        </section>
      ) : null}
      <WishlistSection slug="keinginan" />
      {compare ? (
        <section className="store-list store-list--compare" aria-labelledby="simpanan-banding">
          <h2 id="simpanan-banding">Perbandingan ekstrakurikuler</h2>
          <p>
            {compare.posts.length === 0
              ? 'Belum ada kegiatan yang dipilih untuk dibandingkan. Tekan “Bandingkan” pada kartu ekstrakurikuler.'
              : `${compare.posts.length} kegiatan dipilih (paling banyak ${compare.size}). `}
            {compare.posts.length > 0 ? <a href={compare.page}>Lihat perbandingan</a> : null}
          </p>
        </section>
      ) : null}
    </StorePageFrame>
  );
}

/** One kept post of a store's list: its kind, its link, `children` (its date, its count), its remove button. */
function StoreItem({
  store,
  post,
  synchId,
  children,
}: {
  store: string;
  post: StoredPost;
  /** the list the remove button updates */
  synchId: string;
  children?: ReactNode;
}) {
  return (
    <li className="store-list__item" data-store-item="">
      <div className="store-list__text">
        <span className="store-list__type">{TYPE_LABELS[post.type] ?? post.type}</span>
        <a className="store-list__link" href={post.url}>
          {post.title}
        </a>
        {children}
      </div>
      <StoreButton
        store={store}
        postId={post.id}
        title={post.title}
        op="remove"
        addedLabel="Hapus"
        removeFromListing
        synchId={synchId}
      />
    </li>
  );
}

function StoreItems({
  store,
  listId,
  counts,
}: {
  store: StoreView;
  listId: string;
  /** How many visitors keep each post in this store. */
  counts: Record<number, number>;
}) {
  const list = useRef<HTMLUListElement>(null);
  if (store.posts.length === 0) {
    return (
      <p className="store-list__empty">
        Belum ada yang disimpan. Tekan “Simpan” pada <a href="/berita/">berita</a> atau{' '}
        <a href="/ekskul/">kegiatan ekstrakurikuler</a> untuk menyimpannya di sini.
      </p>
    );
  }
  return (
    <ul className="store-list__items" ref={list} data-store-list="" tabIndex={-1} aria-label={`Daftar ${store.name}`}>
      {store.posts.map((post) => (
        <StoreItem key={post.id} store={store.slug} post={post} synchId={listId}>
          {post.type === 'post' ? (
            <time className="store-list__date" dateTime={post.publishedAt}>
              {formatPostDate(post.publishedAt)}
            </time>
          ) : null}
          <PostStoreCount
            store={store.slug}
            postId={post.id}
            count={counts[post.id] ?? 0}
            className="store-list__date"
          />
        </StoreItem>
      ))}
    </ul>
  );
}

/**
 * A store kept in the browser (the wishlist): its ids are read from local storage and its posts asked
 * of the server (`jet_engine_store_posts`); read again when a remove button here changes it.
 */
function WishlistSection({ slug }: { slug: string }) {
  const store = storeBySlug(slug);
  const sectionId = `simpanan-${slug}`;
  const [posts, setPosts] = useState<StoredPost[] | null>(null);
  useEffect(() => {
    const section = document.getElementById(sectionId);
    let current: AbortController | undefined;
    const read = async () => {
      current?.abort();
      const abort = new AbortController();
      current = abort;
      let ids: number[] = [];
      try {
        ids = parseStoredIds(localStorage.getItem(frontStoreKey(slug)));
      } catch {}
      if (ids.length === 0) return setPosts([]);
      const res = await fetch(`${AJAX_URL}?action=jet_engine_store_posts&ids=${ids.join(',')}`, {
        signal: abort.signal,
      });
      const body = (await res.json()) as { data?: { posts?: StoredPost[] } };
      setPosts(body.data?.posts ?? []);
    };
    const sync = () =>
      void read().then(
        () => section?.focus(),
        () => {},
      );
    read().catch(() => setPosts([]));
    section?.addEventListener('jet-engine:store-sync', sync);
    return () => {
      current?.abort();
      section?.removeEventListener('jet-engine:store-sync', sync);
    };
  }, [slug, sectionId]);
  if (!store) return null;
  return (
    <section
      id={sectionId}
      className="store-list store-list--front"
      aria-labelledby={`${sectionId}-judul`}
      tabIndex={-1}
    >
      <h2 id={`${sectionId}-judul`}>{store.name}</h2>
      {posts === null ? (
        <p className="store-list__empty">Daftar ini disimpan di peramban Anda dan tampil bila JavaScript aktif.</p>
      ) : posts.length === 0 ? (
        <p className="store-list__empty">
          Belum ada kegiatan yang Anda minati. Tekan “{store.name}” pada kartu ekstrakurikuler.
        </p>
      ) : (
        <ul className="store-list__items" aria-label={`Daftar ${store.name}`}>
          {posts.map((post) => (
            <StoreItem key={post.id} store={slug} post={post} synchId={sectionId} />
          ))}
        </ul>
      )}
    </section>
  );
}

export { useStoreSync };
