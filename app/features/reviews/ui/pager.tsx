import { jumpPage, pagerItems } from './reviews-list';

/** The query parameter that names the page of reviews a post's address shows (1-based). */
export const PAGE_QUERY = 'ulasan';
/** The id of the reviews widget: the links' fragment. */
export const WIDGET_ANCHOR = 'ulasan';

/** The address of one page of a post's reviews: page 1 is the plain address. */
export function reviewsPageHref(path: string, page: number): string {
  return page <= 1 ? `${path}#${WIDGET_ANCHOR}` : `${path}?${PAGE_QUERY}=${page}#${WIDGET_ANCHOR}`;
}

/**
 * The reviews' pages (spec 000 §2): previous and next, a jump of 5 pages each way and the page
 * numbers around the current one. Each is a link to the post's address with `?ulasan=N`, which the
 * server renders without JavaScript; with it, a click loads the page with call 9 instead. Links at an
 * end are marked disabled but keep their focus.
 */
export function Pager({
  current,
  pages,
  busy,
  path,
  onChange,
}: {
  /** 1-based */
  current: number;
  pages: number;
  busy: boolean;
  /** the post's address, the links' base */
  path: string;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const link = (page: number, disabled = false) => {
    const target = Math.min(pages, Math.max(1, page));
    const href = reviewsPageHref(path, target);
    return {
      href,
      disabled,
      onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
        // A new tab or window keeps the browser's own behaviour.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (busy || disabled || target === current) return;
        window.history.replaceState(window.history.state, '', href.replace(/#.*$/, '') + window.location.hash);
        onChange(target);
      },
    };
  };
  return (
    <nav className="jet-reviews-widget-pagination" aria-label="Halaman ulasan" aria-busy={busy || undefined}>
      <ul>
        <li>
          <PageLink
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--fast-prev"
            aria-label="Mundur 5 halaman"
            {...link(jumpPage(current, pages, -1), current === 1)}
          >
            «
          </PageLink>
        </li>
        <li>
          <PageLink
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--prev"
            {...link(current - 1, current === 1)}
          >
            Sebelumnya
          </PageLink>
        </li>
        {pagerItems(current, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="jet-reviews-widget-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <PageLink
                className="jet-reviews-widget-pagination__item"
                aria-label={`Halaman ${p}`}
                aria-current={p === current ? 'page' : undefined}
                {...link(p)}
              >
                {p}
              </PageLink>
            </li>
          ),
        )}
        <li>
          <PageLink
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--next"
            {...link(current + 1, current === pages)}
          >
            Berikutnya
          </PageLink>
        </li>
        <li>
          <PageLink
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--fast-next"
            aria-label="Maju 5 halaman"
            {...link(jumpPage(current, pages, 1), current === pages)}
          >
            »
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

/** One control of the pager: a link, marked disabled at an end (it then leads to the page shown). */
function PageLink({
  className,
  href,
  disabled = false,
  'aria-label': label,
  'aria-current': current,
  onClick,
  children,
}: {
  className: string;
  href: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-current'?: 'page';
  onClick: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  children: React.ReactNode;
}) {
  return (
    <a
      className={className}
      aria-label={label}
      aria-disabled={disabled || undefined}
      aria-current={current}
      href={href}
      onClick={onClick}
    >
      {children}
    </a>
  );
}
