import { type Ref, type RefObject, useEffect } from 'react';

/** HTML pages appended by a load-more call, in order, without wrappers that break the grid. */
export function AppendedPages({ chunks, className }: { chunks: string[]; className: string }) {
  return chunks.map((html, i) => (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered by our own server from escaped content
    <div key={i} className={className} dangerouslySetInnerHTML={{ __html: html }} />
  ));
}

/** Tells screen-reader users that more items arrived (the focus stays on the control). */
export function LoadedAnnouncement({ page, loaded }: { page: number; loaded: boolean }) {
  return (
    <p className="visually-hidden" aria-live="polite">
      {loaded ? `Halaman ${page} dimuat` : ''}
    </p>
  );
}

/**
 * The load-more control: a real link to the next page (works without JavaScript), which loads in
 * place once the script runs. After a failed load it says so and offers to try again.
 */
export function LoadMoreLink({
  href,
  loading,
  failed,
  text,
  loadingText,
  onLoad,
  linkRef,
  className,
}: {
  href: string;
  loading: boolean;
  failed?: boolean;
  text: string;
  loadingText?: string;
  onLoad: () => void;
  linkRef?: Ref<HTMLAnchorElement>;
  className: string;
}) {
  return (
    <>
      <p className="load-more-error" role="alert">
        {failed ? 'Gagal memuat.' : ''}
      </p>
      <a
        ref={linkRef}
        className={`${className} button`}
        href={href}
        // Marks the control for the page's keeper of early clicks (pages/ui/element-tree.tsx).
        data-load-more=""
        aria-busy={loading}
        data-loading={loading || undefined}
        onClick={(e) => {
          e.preventDefault();
          onLoad();
        }}
      >
        {loading && loadingText ? loadingText : failed ? 'Coba lagi' : text}
      </a>
    </>
  );
}

/**
 * For a list's load more: marks the link live once the list's code runs, and carries out a click the page
 * kept while that code was on its way (`data-wanted`, pages/ui/element-tree.tsx).
 */
export function useKeptLoadMore(link: RefObject<HTMLAnchorElement | null>, loadNext: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    const el = link.current;
    el?.setAttribute('data-live', '');
    if (el?.hasAttribute('data-wanted')) {
      el.removeAttribute('data-wanted');
      loadNext();
    }
  }, []);
}
