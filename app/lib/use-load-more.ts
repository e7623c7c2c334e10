import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * State of a load-more control (spec 000 §4): idle → loading → idle with the page increased; done at
 * the last page or after an empty answer. `fetchPage(n)` returns the HTML of page n ('' when none).
 */
export function useLoadMore({
  page,
  pages,
  fetchPage,
  onLoaded,
}: {
  page: number;
  pages: number;
  fetchPage: (next: number, signal: AbortSignal) => Promise<string>;
  onLoaded?: (page: number) => void;
}) {
  const [chunks, setChunks] = useState<string[]>([]);
  const [current, setCurrent] = useState(page);
  const [loading, setLoading] = useState(false);
  const [ended, setEnded] = useState(page >= pages);
  const inFlight = useRef<AbortController | null>(null);

  // A new server render (another page of the same route) starts the list over.
  useEffect(() => {
    inFlight.current?.abort();
    setChunks([]);
    setCurrent(page);
    setEnded(page >= pages);
    setLoading(false);
  }, [page, pages]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const loadNext = useCallback(async () => {
    if (loading || ended) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    const next = current + 1;
    try {
      const html = (await fetchPage(next, controller.signal)).trim();
      if (html === '') {
        setEnded(true);
        return;
      }
      setChunks((c) => [...c, html]);
      setCurrent(next);
      if (next >= pages) setEnded(true);
      onLoaded?.(next);
    } catch (error) {
      // A failed request leaves the control in place to try again (spec: failure handling not shown).
      if ((error as Error).name !== 'AbortError') console.warn('load more failed', error);
    } finally {
      if (inFlight.current === controller) setLoading(false);
    }
  }, [loading, ended, current, pages, fetchPage, onLoaded]);

  return { chunks, current, loading, ended, loadNext };
}

/** Calls `onVisible` whenever `target` scrolls into view (lazy load and infinite scroll). */
export function useWhenVisible(target: React.RefObject<Element | null>, enabled: boolean, onVisible: () => void) {
  useEffect(() => {
    const el = target.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onVisible();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [target, enabled, onVisible]);
}

/** Writes a new address without a reload, keeping React Router's history bookkeeping consistent. */
export function pushAddress(url: string) {
  const state = (window.history.state ?? {}) as { idx?: number };
  window.history.pushState(
    { ...state, idx: (state.idx ?? 0) + 1, key: Math.random().toString(36).slice(2, 10) },
    '',
    url,
  );
}
