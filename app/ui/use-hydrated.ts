import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and during hydration, true once the component is live in the browser.
 * Widgets show it as `data-hydrated` (the React Aria habit: state as data attributes), so tests and
 * styles can tell a live widget from the server's copy without reading React's internals.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
