import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * State of a load-more control (spec 000 §4): idle → loading → idle with the page increased; done at
 * the last page or after an empty answer. `fetchPage(n)` returns the HTML of page n ('' when none) and
 * throws when the request fails: the control then stays, marked `failed`, for the visitor to retry.
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
  const [failed, setFailed] = useState(false);
  const [ended, setEnded] = useState(page >= pages);
  const inFlight = useRef<AbortController | null>(null);

  // A new server render (another page of the same route) starts the list over.
  useEffect(() => {
    inFlight.current?.abort();
    setChunks([]);
    setCurrent(page);
    setEnded(page >= pages);
    setLoading(false);
    setFailed(false);
  }, [page, pages]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const loadNext = useCallback(async () => {
    if (loading || ended) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setFailed(false);
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
      // spec 000 §8: a failed request clears the loading state; the control stays to try again.
      if ((error as Error).name !== 'AbortError') setFailed(true);
    } finally {
      if (inFlight.current === controller) setLoading(false);
    }
  }, [loading, ended, current, pages, fetchPage, onLoaded]);

  return { chunks, current, loading, failed, ended, loadNext };
}

/** The answer's text, or an error for any status but 2xx (a failed load more never ends the list). */
export async function okText(res: Response): Promise<string> {
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.text();
}

/**
 * Calls `onVisible` when `target` comes within `rootMargin` of the window (lazy load, infinite
 * scroll). Each time it is enabled again (a page arrived) it observes anew after `delay` ms (spec 000
 * §9: 250), so a control still in view loads the next page too.
 */
export function useWhenVisible(
  target: React.RefObject<Element | null>,
  enabled: boolean,
  onVisible: () => void,
  rootMargin = '0px',
  delay = 250,
) {
  const started = useRef(false);
  // The latest callback, so that a new closure on each render does not restart the observer.
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = target.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    const timer = setTimeout(() => observer.observe(el), started.current ? delay : 0);
    started.current = true;
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [target, enabled, rootMargin, delay]);
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
