import { type ReactNode, type SelectHTMLAttributes, useEffect, useId, useRef } from 'react';
import { useHydrated } from '~/ui/use-hydrated';
import type { OptionView } from '../indexer-rules';
import type { PublicFilter } from '../model';
import { replayEarlyInput } from './early-input';

/**
 * The frame every filter widget shares: the original's class names, its identity as data
 * attributes, the loading state (spec 001 §4) and, without JavaScript, a submit button for its group
 * form when the page has no apply button.
 */
export function FilterFrame({
  filter,
  loading,
  hidden = false,
  formId,
  ownSubmit,
  group = true,
  className,
  children,
}: {
  filter: PublicFilter;
  loading: boolean;
  /** Every option hidden by the indexer rule: the whole filter is hidden (spec 001 §4). */
  hidden?: boolean;
  formId: string;
  ownSubmit: boolean;
  /** A fieldset with the label as its legend (lists of choices); false: the control has its own label. */
  group?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const frame = useRef<HTMLDivElement>(null);
  // Live now: choices the visitor made in the server's HTML before this code ran apply (issue 13);
  // after the page's other effects, so the group is bound and its filters registered first.
  useEffect(() => {
    const timer = setTimeout(() => replayEarlyInput(frame.current), 0);
    return () => clearTimeout(timer);
  }, []);
  const body = group ? (
    <fieldset className="jet-filter__fieldset">
      <legend className="jet-filter-label">{filter.label}</legend>
      {children}
    </fieldset>
  ) : (
    children
  );
  return (
    <div
      ref={frame}
      className={`jet-smart-filters-${filter.type} jet-filter${className ? ` ${className}` : ''}`}
      data-filter-id={filter.id}
      data-query-key={filter.queryKey}
      data-apply-type={filter.applyType}
      data-loading={loading || undefined}
      data-hydrated={hydrated || undefined}
      aria-busy={loading || undefined}
      hidden={hidden}
    >
      {body}
      {ownSubmit ? <NoScriptSubmit formId={formId} /> : null}
    </div>
  );
}

/** Without JavaScript a group is a GET form; this button sends it. */
export function NoScriptSubmit({ formId }: { formId: string }) {
  return (
    <noscript>
      <button type="submit" form={formId} className="button jet-filter__submit">
        Terapkan
      </button>
    </noscript>
  );
}

/**
 * A select with its own label (select, sorting, each hierarchy level): the rest of the props go to the
 * select, which posts as the filter's field in its group form.
 */
export function FilterSelect({
  label,
  labelClass = 'jet-filter-label',
  className = 'jet-select__control',
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; labelClass?: string }) {
  const id = useId();
  return (
    <>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={className} {...select}>
        {children}
      </select>
    </>
  );
}

/** The counter of an option (`(5)`), or nothing. */
export function Counter({ view }: { view: OptionView | undefined }) {
  return view?.counter ? <span className="jet-filters-counter">{view.counter}</span> : null;
}

/** Row classes of the original for an option the indexer hides or disables. */
export function rowClass(base: string, view: OptionView | undefined): string {
  return `${base}${view?.hidden ? ' jet-filter-row-hide' : ''}${view?.disabled ? ' jet-filter-row-disable' : ''}`;
}
