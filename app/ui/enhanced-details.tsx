import { type ComponentType, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';

/** What an enhanced component gets: the server's `<details>`, which it takes over. */
export interface DetailsTakeover {
  details: RefObject<HTMLDetailsElement | null>;
}

/**
 * A header control as the server sends it (issue 12): a `<details>` whose summary reveals `children`
 * without JavaScript. The enhanced component's code (a React.lazy made once by the caller) loads on
 * the first tap (the `<details>` opens natively meanwhile, and the enhanced control opens once it
 * takes over, so the tap is kept), on keyboard focus, or as soon as `loadWhen` (a media query) comes to
 * match (a window narrowed after the page loaded). Never at load (issue 24: a phone's first view does
 * not need the dialog code): a finger touching the summary, or any focus on it, only fetches the code
 * ahead (`preload`), so that the enhanced control never replaces the summary under a tap in progress.
 * Kept tiny: it is in every page's entry (the JavaScript budget).
 */
export function EnhancedDetails<P extends object>({
  className,
  summary,
  loadWhen,
  enhanced: Enhanced,
  preload,
  props,
  children,
}: {
  className: string;
  summary: ReactNode;
  loadWhen?: string;
  enhanced: ComponentType<P & DetailsTakeover>;
  /** Fetches the enhanced component's code without showing it. */
  preload?: () => unknown;
  props: P;
  children?: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const [wanted, want] = useState(false);
  useEffect(() => {
    const now = () => want(true);
    if (details.current?.open) return now();
    if (!loadWhen) return;
    // A window that becomes narrow later (resized, a tablet turned) gets the enhanced control at once. A
    // property, not addEventListener with its cleanup: the header's controls live as long as the page
    // (the JS budget), and a query with a listener is kept alive by the browser.
    const query = matchMedia(loadWhen);
    query.onchange = () => query.matches && now();
  }, [loadWhen]);
  return (
    <>
      <details
        className={className}
        ref={details}
        onToggle={() => want(true)}
        onPointerDown={() => preload?.()}
        onFocus={(e) => {
          preload?.();
          // The keyboard's focus: the enhanced button takes it over (useTakeOver), ready for Enter.
          if (e.target.matches(':focus-visible')) want(true);
        }}
      >
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
 * dialog gives the focus back to what had it when it opened: the toggle, not the hidden summary). A
 * summary that had the keyboard's focus hands it to `toggle`.
 */
export function useTakeOver(
  details: RefObject<HTMLDetailsElement | null>,
  toggle: RefObject<HTMLElement | null>,
  open: (open: true) => void,
): void {
  useEffect(() => {
    const d = details.current;
    if (!d) return;
    const focused = d.contains(document.activeElement);
    d.hidden = true;
    if (d.open) {
      d.open = false;
      toggle.current?.focus();
      open(true);
    } else if (focused) toggle.current?.focus();
  }, [details, toggle, open]);
}
