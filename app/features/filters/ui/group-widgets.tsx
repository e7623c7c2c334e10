import { useId } from 'react';
import type { z } from 'zod';
import { useHydrated } from '~/ui/use-hydrated';
import type { FilterGroupState } from '../model';
import { nextPage, paginationItems, prevPage } from '../pagination';
import type {
  activeWidgetSettings,
  applyWidgetSettings,
  paginationWidgetSettings,
  removeWidgetSettings,
} from '../settings';
import { browserEnv } from './browser-env';
import { addressOf, applyAll, goToPage, redirectUrl, removeActive, removeAll } from './group-actions';
import { isActiveValue } from './group-queries';
import { groupFormId, useGroupState } from './groups-context';
import { useBoundGroup } from './use-filter';
import { activeItems } from './values';

/** The widgets that act on a whole group: pagination, apply, remove-all and the active filters. */

// The phone's "Filter" control travels with them (lazy-widgets.tsx: the chunk a phone's first view needs).
export { FilterPanel } from './filter-panel';

type Settings<S extends z.ZodType> = z.output<S> & { group: FilterGroupState };

function isPlainClick(e: React.MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * The filter pagination (spec 001 §3-5): prev/next and page links with mid and end sizes, none below
 * two pages. Every link is the filtered address of its page, so paging works without JavaScript;
 * with it the page loads in place and the view scrolls to the listing.
 */
export function FilterPagination(props: Settings<typeof paginationWidgetSettings>) {
  const hydrated = useHydrated();
  const { group, prevNext, prevText, nextText, midSize, endSize, topOffset } = props;
  const store = useBoundGroup(group);
  const state = useGroupState(store);
  const pages = state.props.max_num_pages;
  const page = state.page;
  const items = paginationItems({ page, pages, midSize, endSize });
  if (items.length === 0) return null;
  const href = (n: number) => addressOf(store, state.query, n, { pathname: group.baseUrl, search: '' });
  const go = (n: number) => (e: React.MouseEvent) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    goToPage(store, n, browserEnv, topOffset);
  };
  const prev = prevPage(page);
  const next = nextPage(page, pages);
  /** The previous or next page's item, when the widget shows them and there is one. */
  const edge = (n: number | null, rel: 'prev' | 'next', text: string) =>
    prevNext && n !== null ? (
      <li className={`jet-filters-pagination__item prev-next ${rel}`}>
        <a className="jet-filters-pagination__link" href={href(n)} rel={rel} onClick={go(n)}>
          {text}
        </a>
      </li>
    ) : null;
  return (
    <nav
      className="jet-filters-pagination"
      aria-label="Halaman hasil"
      aria-busy={state.loading || undefined}
      data-loading={state.loading || undefined}
      data-hydrated={hydrated || undefined}
    >
      <ul className="jet-filters-pagination__list">
        {edge(prev, 'prev', prevText)}
        {items.map((item, i) =>
          item.kind === 'dots' ? (
            <li
              key={`dots-${i}`}
              className="jet-filters-pagination__item jet-filters-pagination__dots"
              aria-hidden="true"
            >
              …
            </li>
          ) : (
            <li
              key={item.page}
              className={`jet-filters-pagination__item${item.current ? ' jet-filters-pagination__current' : ''}`}
            >
              <a
                className="jet-filters-pagination__link"
                href={href(item.page)}
                aria-current={item.current ? 'page' : undefined}
                aria-label={`Halaman ${item.page}`}
                onClick={go(item.page)}
              >
                {item.page}
              </a>
            </li>
          ),
        )}
        {edge(next, 'next', nextText)}
      </ul>
    </nav>
  );
}

/**
 * The apply button: applies the group's reload and mixed filters, or redirects (original-wire.md
 * §2.11). It is the group form's submit button, so without JavaScript it sends the form (to the
 * redirect page when there is one).
 */
export function FilterApply(props: Settings<typeof applyWidgetSettings>) {
  const { group, label, redirectPath, redirectInNewWindow } = props;
  const store = useBoundGroup(group);
  const state = useGroupState(store);
  return (
    <div className="jet-smart-filters-apply-button" data-loading={state.loading || undefined}>
      <button
        type="submit"
        form={groupFormId(group)}
        className="button apply-filters__button"
        formAction={redirectPath ? redirectUrl(redirectPath) : undefined}
        formTarget={redirectPath && redirectInNewWindow ? '_blank' : undefined}
        onClick={(e) => {
          e.preventDefault();
          applyAll(
            store,
            browserEnv,
            redirectPath ? { path: redirectPath, newWindow: redirectInNewWindow } : undefined,
          );
        }}
      >
        {label}
      </button>
    </div>
  );
}

/** Remove-all (spec 001 §4): hidden while nothing is active; a link to the unfiltered page without JavaScript. */
export function FilterRemoveAll(props: Settings<typeof removeWidgetSettings>) {
  const { group, label } = props;
  const store = useBoundGroup(group);
  const state = useGroupState(store);
  const active =
    Object.values(state.query).some(isActiveValue) || Object.values(state.pending).some((v) => isActiveValue(v));
  return (
    <div className="jet-smart-filters-remove-filters" hidden={!active}>
      <a
        className="button button--secondary jet-remove-all-filters__button"
        href={group.baseUrl}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          removeAll(store, browserEnv);
        }}
      >
        {label}
      </a>
    </div>
  );
}

/**
 * Active filters, or active tags (one per chosen value): each removable; sorting and pagination are
 * left out; hidden while nothing is active (spec 001 §4-5).
 */
export function FilterActive(props: Settings<typeof activeWidgetSettings>) {
  const { group, title, tags } = props;
  const store = useBoundGroup(group);
  const state = useGroupState(store);
  const titleId = useId();
  const items = activeItems(state, tags);
  const base = tags ? 'jet-active-tag' : 'jet-active-filter';
  return (
    <div className={tags ? 'jet-active-tags' : 'jet-active-filters'} hidden={items.length === 0}>
      <p className={`${tags ? 'jet-active-tags' : 'jet-active-filters'}__title`} id={titleId}>
        {title}
      </p>
      <ul className={`${tags ? 'jet-active-tags' : 'jet-active-filters'}__list`} aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={`${item.key}-${item.item ?? ''}`} className={base}>
            <span className={`${base}__label`}>{item.label}:</span> <span className={`${base}__val`}>{item.value}</span>
            <button
              type="button"
              className={`${base}__remove`}
              aria-label={`Hapus filter ${item.label}: ${item.value}`}
              onClick={() => removeActive(store, item.key, item.item, browserEnv)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
