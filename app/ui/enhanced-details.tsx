import { type ComponentType, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';

/** What an enhanced component gets: the server's `<details>`, which it takes over. */
export interface DetailsTakeover {
  details: RefObject<HTMLDetailsElement | null>;
}

/**
 * A header control as the server sends it (issue 12): a `<details>` whose summary reveals `children`
 * without JavaScript. The enhanced component's code (a React.lazy made once by the caller) loads on
 * the first tap, when the browser is idle and `idleWhen` (a media query) matches, or as soon as it
 * comes to match (a window narrowed after the page loaded), then takes over
 * the `<details>` with `takeOver`, so a tap made while the script loads is kept. Kept tiny: it is in
 * every page's entry (the JavaScript budget).
 */
export function EnhancedDetails<P extends object>({
  className,
  summary,
  idleWhen,
  enhanced: Enhanced,
  props,
  children,
}: {
  className: string;
  summary: ReactNode;
  idleWhen?: string;
  enhanced: ComponentType<P & DetailsTakeover>;
  props: P;
  children?: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const [wanted, want] = useState(false);
  useEffect(() => {
    const now = () => want(true);
    if (details.current?.open) return now();
    if (!idleWhen) return;
    const query = matchMedia(idleWhen);
    // Where idle callbacks are missing (Safari), the code loads on the first tap.
    if (query.matches) window.requestIdleCallback?.(now);
    // A window that becomes narrow later (resized, a tablet turned) gets the enhanced control at once. A
    // property, not addEventListener with its cleanup: the header's controls live as long as the page
    // (the JS budget), and a query with a listener is kept alive by the browser.
    query.onchange = () => query.matches && now();
  }, [idleWhen]);
  return (
    <>
      <details className={className} ref={details} onToggle={() => want(true)}>
        <summary className={`${className}__toggle`}>{summary}</summary>
        {children}
      </details>
      {wanted ? (
        <Suspense>
          <Enhanced {...props} details={details} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * For the enhanced control: hides the server's `<details>` once it renders, and when a tap made while
 * the code loaded had opened it, opens the control (the tap is kept) with the focus on `toggle` (the
 * dialog gives the focus back to what had it when it opened: the toggle, not the hidden summary).
 */
export function useTakeOver(
  details: RefObject<HTMLDetailsElement | null>,
  toggle: RefObject<HTMLElement | null>,
  open: (open: true) => void,
): void {
  useEffect(() => {
    const d = details.current;
    if (!d) return;
    d.hidden = true;
    if (d.open) {
      d.open = false;
      toggle.current?.focus();
      open(true);
    }
  }, [details, toggle, open]);
}
