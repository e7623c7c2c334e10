import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Autocomplete, Input, ListBox, ListBoxItem, SearchField, Text } from 'react-aria-components';
import { flushSync } from 'react-dom';
import { LIVE_SEARCH } from '../model';
import {
  deviceModeOf,
  FAILED,
  type NavKind,
  type PanelView,
  panelOf,
  type ResultPost,
  SCHOOL_SEARCH,
  type SearchSettings,
  searchUrl,
} from './client-model';

/** Props of the live search field (issue 12; spec 000 §4 "Search", §5, §8). */
export interface SearchComboboxProps {
  /** The widget's settings sent with each request (default: the school header's, SCHOOL_SEARCH). */
  settings?: SearchSettings;
  /** Only items of these category ids (`category__in`); absent: every item. */
  categories?: number[];
  /** Enter with no result highlighted submits the form to `/?s=` (default on); off: Enter does nothing. */
  submitOnEnter?: boolean;
  /**
   * `dropdown`: the results float under the field (the header); `inline`: they take their place in the
   * flow and the container's width (the search popup, the mobile menu).
   */
  variant?: 'dropdown' | 'inline';
  /** A dropdown's width in px (`results_area_custom_width`); absent: the field's width (`fields_holder`). */
  resultsWidth?: number;
  /** Where a dropdown of a custom width sits against the field (`results_area_custom_position`; default left). */
  resultsPosition?: 'left' | 'center' | 'right';
  /** The server's field this one replaces: its text, focus and caret are taken over, then its form hidden. */
  takeOver?: () => HTMLInputElement | null | undefined;
  /** Focus the field once shown (the search popup). */
  focusOnShow?: boolean;
  /** Escape calls this instead of closing the results (the search popup closes itself). */
  onEscape?: () => void;
  className?: string;
}

const IDLE: PanelView = { kind: 'idle' };
const LOADING: PanelView = { kind: 'loading' };

/**
 * Call 2 for the text, 450 ms after the last change (spec §9); nothing under 2 characters. A newer text
 * aborts the request in flight, and an aborted request's answer is never shown: only the last one is.
 * A failure (non-2xx, network, success false) shows the server error; an abort does not (spec §8).
 */
function useSearch(settings: SearchSettings, text: string): PanelView {
  const [view, setView] = useState<PanelView>(IDLE);
  const url = searchUrl(settings, text, deviceModeOf(window.innerWidth));
  useEffect(() => {
    if (url === null) {
      setView(IDLE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setView(LOADING);
      let next: PanelView;
      try {
        const res = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
        next = res.ok ? panelOf(await res.json()) : FAILED;
      } catch {
        next = FAILED;
      }
      if (!controller.signal.aborted) setView(next);
    }, LIVE_SEARCH.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
  return view;
}

/** Plain text of the server's escaped HTML (for the status announcement). */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** A field of a result: HTML the server built from escaped text, marks included (spec §5). */
function Html({ html, className }: { html: string; className: string }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: call 2's answer fields, escaped and marked by our own server
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** One result: an option that is a link (Enter or a click opens it; `_blank` in a new tab). */
function Result({ post }: { post: ResultPost }) {
  const blank = post.link_target_attr === '_blank';
  return (
    <ListBoxItem
      id={post.link}
      href={post.link}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener' : undefined}
      textValue={textOf(post.title)}
      className="live-search__item"
    >
      <Html html={post.thumbnail} className="live-search__thumb" />
      <div className="live-search__body">
        <Html html={post.before_title} className="live-search__meta" />
        <Text
          slot="label"
          elementType="div"
          className="live-search__title"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: call 2's answer fields, escaped and marked by our own server
          dangerouslySetInnerHTML={{ __html: post.title }}
        />
        <Html html={post.after_title} className="live-search__meta" />
        <Html html={post.before_content} className="live-search__meta" />
        {post.content ? (
          <Text
            slot="description"
            elementType="div"
            className="live-search__content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: call 2's answer fields, escaped and marked by our own server
            dangerouslySetInnerHTML={{ __html: post.content }}
          />
        ) : null}
        <Html html={post.after_content} className="live-search__meta" />
        <Html html={post.price} className="live-search__meta" />
        <Html html={post.rating} className="live-search__meta" />
      </div>
    </ListBoxItem>
  );
}

/** A mouse press on a slide control keeps the focus (and the caret) in the field. */
const keepFocus = (e: MouseEvent) => e.preventDefault();

/** The slide controls one place holds: previous, bullets or numbers, next (spec §4: slides with navigation). */
function SlideNav({
  kinds,
  slide,
  count,
  go,
}: {
  kinds: NavKind[];
  slide: number;
  count: number;
  go: (slide: number) => void;
}) {
  if (kinds.length === 0) return null;
  const arrow = (step: -1 | 1) => {
    const to = slide + step;
    const off = to < 0 || to >= count;
    return (
      <button
        type="button"
        className={`live-search__arrow live-search__arrow--${step < 0 ? 'prev' : 'next'}`}
        aria-label={step < 0 ? 'Sebelumnya' : 'Berikutnya'}
        // Not `disabled`: a focused button that becomes disabled drops the focus out of the search.
        aria-disabled={off || undefined}
        onMouseDown={keepFocus}
        onClick={() => off || go(to)}
      />
    );
  };
  const pages = (kind: 'bullets' | 'numbers') => (
    <div className={`live-search__pages live-search__pages--${kind}`} key={kind}>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          className="live-search__page"
          aria-label={`Halaman ${i + 1}`}
          aria-current={i === slide || undefined}
          onMouseDown={keepFocus}
          onClick={() => go(i)}
        >
          {kind === 'numbers' ? i + 1 : null}
        </button>
      ))}
    </div>
  );
  return (
    <div className="live-search__nav">
      {kinds.includes('arrows') ? arrow(-1) : null}
      {kinds.includes('bullets') ? pages('bullets') : null}
      {kinds.includes('numbers') ? pages('numbers') : null}
      {kinds.includes('arrows') ? arrow(1) : null}
    </div>
  );
}

/**
 * The live search: a WAI-ARIA combobox through React Aria's Autocomplete (the field keeps the focus,
 * the highlighted result is its aria-activedescendant). Under 2 characters no request and no panel;
 * then a spinner, then the results in slides of `limit_query` or the answer's message. Arrow keys move
 * through the slide's results, and past its last (first) result to the next (previous) slide; Enter
 * opens the highlighted result, or with none submits to `/?s=` when submitOnEnter is on (never on an
 * empty field); Escape closes the results, a second Escape clears the text (SearchField).
 */
export function SearchCombobox({
  settings = SCHOOL_SEARCH,
  categories,
  submitOnEnter = true,
  variant = 'inline',
  resultsWidth,
  resultsPosition = 'left',
  takeOver,
  focusOnShow,
  onEscape,
  className = '',
}: SearchComboboxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [paged, setPaged] = useState<{ view: PanelView; slide: number }>({ view: IDLE, slide: 0 });
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const view = useSearch(categories?.length ? { ...settings, category__in: categories } : settings, text);
  const shown = open && view.kind !== 'idle';
  const results = shown && view.kind === 'results' ? view : null;
  // A new answer starts at its first slide.
  const slide = paged.view === view ? paged.slide : 0;
  const go = (to: number) => setPaged({ view, slide: to });
  const current = results?.slides[slide] ?? [];

  // Takes over the server's field: the characters typed while this code loaded, the focus and the caret.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when this field replaces the server's
  useLayoutEffect(() => {
    const old = takeOver?.();
    const mine = input.current;
    if (!old || !mine) return;
    mine.value = old.value;
    setText(old.value);
    if (old === document.activeElement) {
      mine.focus();
      mine.setSelectionRange(old.selectionStart, old.selectionEnd, old.selectionDirection ?? undefined);
      setOpen(true);
    }
    if (old.form) old.form.hidden = true;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the popup shows
  useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, []);

  // A dropdown of a custom width stays inside the window, whichever side of it the field is on.
  useLayoutEffect(() => {
    const box = panel.current;
    if (!box || !resultsWidth) return;
    box.style.translate = '';
    const { left, right } = box.getBoundingClientRect();
    const over = Math.max(0, right - (document.documentElement.clientWidth - 8));
    const under = Math.max(0, 8 - left);
    if (over || under) box.style.translate = `${under || -over}px`;
  });

  // A press anywhere else closes the results (a click on a result is inside, and opens it).
  useEffect(() => {
    if (!shown) return;
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [shown]);

  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && (onEscape || shown)) {
      // Before SearchField (which would clear the text) and before a dialog or menu around us.
      e.preventDefault();
      e.stopPropagation();
      if (onEscape) onEscape();
      else setOpen(false);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    if (!shown) {
      setOpen(true);
      return;
    }
    if (!results) return;
    // Past the slide's last (first) result: the next (previous) slide, whose first (last) result the
    // listbox then highlights (its highlight is gone with the old slide's items).
    const down = e.key === 'ArrowDown';
    const options = list.current?.querySelectorAll('[role="option"]');
    const edge = options?.[down ? options.length - 1 : 0];
    const to = slide + (down ? 1 : -1);
    if (edge && edge.id === input.current?.getAttribute('aria-activedescendant') && results.slides[to]) {
      flushSync(() => go(to));
    }
  };

  const onSubmit = (e: FormEvent) => {
    // Enter on a highlighted result opens it (React Aria); on an empty field, or with submit-on-enter
    // off, Enter does nothing (spec §5).
    if (!submitOnEnter || !text.trim() || input.current?.getAttribute('aria-activedescendant')) e.preventDefault();
  };

  const count = view.kind === 'results' ? view.slides.flat().length : 0;
  const status =
    view.kind === 'loading'
      ? 'Memuat…'
      : view.kind === 'message'
        ? textOf(view.message)
        : count
          ? `${count} hasil ditemukan`
          : '';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys and focus of the field and the results inside, caught on their way
    <div
      ref={root}
      className={`live-search live-search--${variant} ${className}`}
      data-open={shown || undefined}
      onKeyDownCapture={onKeyDownCapture}
      onBlur={(e) => {
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <Autocomplete
        inputValue={text}
        onInputChange={(value) => {
          setText(value);
          setOpen(true);
        }}
        // Enter submits the text unless the visitor chose a result with the arrow keys.
        disableAutoFocusFirst
      >
        <form method="get" action="/" className="live-search__form" onSubmit={onSubmit}>
          <SearchField name="s" aria-label="Cari" className="live-search__field">
            <Input
              ref={input}
              className="live-search__input"
              placeholder="Cari berita, kegiatan…"
              role="combobox"
              aria-haspopup="listbox"
              aria-expanded={Boolean(results)}
              onFocus={() => setOpen(true)}
            />
          </SearchField>
        </form>
        {shown ? (
          <div
            ref={panel}
            className="live-search__panel"
            data-position={resultsWidth ? resultsPosition : undefined}
            style={resultsWidth ? { width: resultsWidth } : undefined}
          >
            {view.kind === 'loading' ? (
              <div className="live-search__loading" aria-hidden="true">
                <span className="live-search__spinner" />
                Memuat…
              </div>
            ) : null}
            {view.kind === 'message' ? (
              <p
                className="live-search__message"
                data-error={view.error || undefined}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: call 2's answer message, escaped by our own server
                dangerouslySetInnerHTML={{ __html: view.message }}
              />
            ) : null}
            {results ? (
              <>
                <SlideNav kinds={results.navigation.header} slide={slide} count={results.slides.length} go={go} />
                <ListBox ref={list} aria-label="Hasil pencarian" className="live-search__results">
                  {current.map((post) => (
                    <Result key={post.link} post={post} />
                  ))}
                </ListBox>
                <SlideNav kinds={results.navigation.footer} slide={slide} count={results.slides.length} go={go} />
              </>
            ) : null}
          </div>
        ) : null}
      </Autocomplete>
      <p className="visually-hidden" role="status">
        {shown ? status : ''}
      </p>
    </div>
  );
}
