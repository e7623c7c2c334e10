import { deviceOf, MOBILE_MAX, TABLET_MAX } from '~/lib/devices';
import { coveredTop, smoothScrollTo } from '~/lib/smooth-scroll';
import { announceContent, postAjax } from '~/wire/client';
import {
  layoutOfWire,
  pageKeepingFirstPost,
  perPageByDevice,
  RESIZE_DEBOUNCE_MS,
  statusText,
  type WireListingSettings,
} from './model';

/** The call's name (original-wire.md §7). */
const ACTION = 'jet_blog_smart_listing_get_posts';

/** The part of the call's answer this client reads (smart-listing.server.tsx `answerListing`). */
interface ListingAnswer {
  success?: boolean;
  data?: {
    posts?: unknown;
    arrows?: unknown;
    page?: unknown;
    pages?: unknown;
    term?: unknown;
    posts_per_page?: unknown;
  };
}

interface Wanted {
  page: number;
  term: number;
  perPage: number;
}

const ARROW = '.jet-smart-listing__arrow';
const ENABLED_ARROW = `${ARROW}:not([aria-disabled="true"])`;

/**
 * The smart listing's behaviour (spec 001 §4, §7, §8): a filter or arrow click asks for that page over
 * the call and puts the answer's posts and arrows in place of the old; while a request runs the listing
 * is processing (`aria-busy`) and further clicks are ignored; a failure only ends the processing. When
 * the device changes (and the listing is not part of an archive template) the page is asked again at
 * that device's page size, keeping the visitor's place. Without this code every control is a link that
 * the server answers with the same listing.
 */
export function enhance(root: HTMLElement): () => void {
  const settings = readSettings(root.dataset.settings);
  const list = root.querySelector<HTMLElement>('.jet-smart-listing');
  if (!settings || !list) return () => {};
  const perDevice = perPageByDevice(layoutOfWire(settings));
  const wantedPerPage = () => perDevice[deviceOf(window.innerWidth)];
  const shown = (): Wanted => ({
    page: Number(root.dataset.page) || 1,
    term: Number(root.dataset.term) || 0,
    perPage: Number(root.dataset.perPage) || perDevice.desktop,
  });
  let processing = false;

  async function request(wanted: Wanted): Promise<boolean> {
    if (processing) return false;
    processing = true;
    root.setAttribute('aria-busy', 'true');
    root.classList.add('jet-processing');
    let done = false;
    try {
      const res = await postAjax(ACTION, {
        jet_request_data: { paged: wanted.page, posts_per_page: wanted.perPage, term: wanted.term },
        jet_widget_settings: settings,
      });
      const answer = res.ok ? ((await res.json()) as ListingAnswer) : null;
      done = answer !== null && show(answer);
    } catch {
      // spec 001 §8: a failed request only ends the processing state; the listing stays as it was.
    } finally {
      processing = false;
      root.removeAttribute('aria-busy');
      root.classList.remove('jet-processing');
    }
    // The device may have changed while the request ran.
    if (done) followDevice();
    return done;
  }

  /** Puts an answer in place; false when it is not one (then nothing changes). */
  function show(answer: ListingAnswer): boolean {
    const d = answer.data;
    if (!answer.success || typeof d?.posts !== 'string' || typeof d.arrows !== 'string') return false;
    const page = Number(d.page);
    const pages = Number(d.pages);
    const term = Number(d.term);
    const perPage = Number(d.posts_per_page);
    if (![page, pages, term, perPage].every(Number.isInteger)) return false;
    const oldArrows = root.querySelector('.jet-smart-listing__arrows');
    const focusedDir = oldArrows?.contains(document.activeElement)
      ? (document.activeElement?.closest<HTMLElement>(ARROW)?.dataset.dir ?? null)
      : null;
    (list as HTMLElement).innerHTML = d.posts;
    const template = document.createElement('template');
    template.innerHTML = d.arrows;
    const arrows = template.content.firstElementChild;
    if (oldArrows && arrows) oldArrows.replaceWith(arrows);
    Object.assign(root.dataset, { page: String(page), term: String(term), perPage: String(perPage) });
    const termName = markTerm(term);
    // The arrow pressed was replaced: the keyboard stays on it (or on the other one at an end).
    if (focusedDir !== null) {
      const next =
        root.querySelector<HTMLElement>(`${ENABLED_ARROW}[data-dir="${focusedDir}"]`) ??
        root.querySelector<HTMLElement>(ENABLED_ARROW);
      if (next) next.focus();
      else {
        (list as HTMLElement).tabIndex = -1;
        (list as HTMLElement).focus();
      }
    }
    const status = root.querySelector('[data-status]');
    if (status) status.textContent = statusText(page, pages, termName);
    announceContent(list as HTMLElement);
    return true;
  }

  /** Marks the filter item of `term` active; returns its name (null for every category). */
  function markTerm(term: number): string | null {
    let name: string | null = null;
    for (const link of root.querySelectorAll<HTMLAnchorElement>('.jet-smart-listing__filter-item a')) {
      const active = Number(link.dataset.term) === term;
      link.parentElement?.classList.toggle('jet-active-item', active);
      if (active) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
      if (active && term > 0) name = link.textContent?.trim() ?? null;
    }
    return name;
  }

  function followDevice() {
    if (settings?.is_archive_template === 'yes') return;
    const now = shown();
    const perPage = wantedPerPage();
    if (perPage === now.perPage) return;
    void request({ page: pageKeepingFirstPost(now.page, now.perPage, perPage), term: now.term, perPage });
  }

  function onClick(event: MouseEvent) {
    // A new tab or window (a modified click) follows the link as it is.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link || !root.contains(link)) return;
    const arrow = link.closest<HTMLElement>(ARROW);
    const filterLink = link.closest('.jet-smart-listing__filter-item') ? link : null;
    if (!arrow && !filterLink) return;
    event.preventDefault();
    // spec 001 §4-§5: ignored while processing; a disabled arrow does nothing.
    if (processing || arrow?.getAttribute('aria-disabled') === 'true') return;
    const now = shown();
    const perPage = wantedPerPage();
    if (arrow) {
      const from = perPage === now.perPage ? now.page : pageKeepingFirstPost(now.page, now.perPage, perPage);
      const page = Math.max(1, from + (arrow.dataset.dir === 'prev' ? -1 : 1));
      void request({ page, term: now.term, perPage }).then((ok) => {
        // The new page starts at the listing's top: bring it into view when the visitor paged from below it.
        if (ok && root.getBoundingClientRect().top < coveredTop()) smoothScrollTo(root, coveredTop());
      });
    } else {
      void request({ page: 1, term: Number(filterLink?.dataset.term) || 0, perPage });
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const onDeviceChange = () => {
    clearTimeout(timer);
    timer = setTimeout(followDevice, RESIZE_DEBOUNCE_MS);
  };
  const queries = [MOBILE_MAX, TABLET_MAX].map((w) => window.matchMedia(`(min-width: ${w + 1}px)`));
  root.addEventListener('click', onClick);
  for (const q of queries) q.addEventListener('change', onDeviceChange);
  // The server sends the desktop's page size: a tablet or a phone asks for its own at once.
  followDevice();
  return () => {
    root.removeEventListener('click', onClick);
    for (const q of queries) q.removeEventListener('change', onDeviceChange);
    clearTimeout(timer);
  };
}

function readSettings(text: string | undefined): WireListingSettings | null {
  try {
    const value = JSON.parse(text ?? '') as unknown;
    return typeof value === 'object' && value !== null ? (value as WireListingSettings) : null;
  } catch {
    return null;
  }
}
