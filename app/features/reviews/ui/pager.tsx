import { jumpPage, pagerItems } from './reviews-list';

/**
 * The reviews' pages (spec 000 §2): previous and next, a jump of 5 pages each way and the page
 * numbers around the current one. Buttons at an end are marked disabled but keep their focus.
 */
export function Pager({
  current,
  pages,
  busy,
  onChange,
}: {
  /** 1-based */
  current: number;
  pages: number;
  busy: boolean;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const go = (page: number) => {
    if (!busy && page !== current && page >= 1 && page <= pages) onChange(page);
  };
  const edge = (disabled: boolean) => ({ 'aria-disabled': disabled || undefined });
  return (
    <nav className="jet-reviews-widget-pagination" aria-label="Halaman ulasan" aria-busy={busy || undefined}>
      <ul>
        <li>
          <button
            type="button"
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--fast-prev"
            aria-label="Mundur 5 halaman"
            {...edge(current === 1)}
            onClick={() => go(jumpPage(current, pages, -1))}
          >
            «
          </button>
        </li>
        <li>
          <button
            type="button"
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--prev"
            {...edge(current === 1)}
            onClick={() => go(current - 1)}
          >
            Sebelumnya
          </button>
        </li>
        {pagerItems(current, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="jet-reviews-widget-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className="jet-reviews-widget-pagination__item"
                aria-label={`Halaman ${p}`}
                aria-current={p === current ? 'page' : undefined}
                onClick={() => go(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--next"
            {...edge(current === pages)}
            onClick={() => go(current + 1)}
          >
            Berikutnya
          </button>
        </li>
        <li>
          <button
            type="button"
            className="jet-reviews-widget-pagination__item jet-reviews-widget-pagination__item--fast-next"
            aria-label="Maju 5 halaman"
            {...edge(current === pages)}
            onClick={() => go(jumpPage(current, pages, 1))}
          >
            »
          </button>
        </li>
      </ul>
    </nav>
  );
}
