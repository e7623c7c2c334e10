import type { CounterMode, IndexerRule } from './model';

/**
 * What the indexer's counts do to a filter's options in the browser (original-wire.md §2.9,
 * spec 001 §4 "Indexer counters").
 */
export interface OptionView {
  hidden: boolean;
  disabled: boolean;
  /** The counter text, e.g. '(5)'; null when the filter shows no counters. */
  counter: string | null;
}

export interface OptionViewRule {
  rule: IndexerRule;
  showCounter: boolean;
  checked: boolean;
  /** The filter has indexed counts (default true): then an option missing from them counts 0. */
  indexed?: boolean;
}

/**
 * How one option shows given its count: 0 hides or disables it per the rule, but a checked option
 * stays usable so it can be unchecked. Without indexed counts nothing changes and no counter shows.
 */
export function optionView(
  count: number | undefined,
  { rule, showCounter, checked, indexed = true }: OptionViewRule,
): OptionView {
  if (!indexed) return { hidden: false, disabled: false, counter: null };
  const n = count ?? 0;
  const empty = n <= 0 && !checked;
  return {
    hidden: empty && rule === 'hide',
    disabled: empty && rule === 'disable',
    counter: showCounter ? `(${n})` : null,
  };
}

/** A filter whose every option is hidden is hidden as a whole (with its apply button). */
export function filterHidden(views: readonly OptionView[]): boolean {
  return views.length > 0 && views.every((v) => v.hidden);
}

/**
 * The counts a filter shows after a filtering answer: 'never' keeps those it has (the page's
 * first counts), 'other_changed' takes the fresh ones unless this filter itself was the change
 * (null = no single filter, e.g. remove-all), 'default' always takes the fresh ones.
 */
export function nextCounts(
  mode: CounterMode,
  changedQueryKey: string | null,
  ownQueryKey: string,
  shown: Record<string, number>,
  fresh: Record<string, number>,
): Record<string, number> {
  if (mode === 'never') return shown;
  if (mode === 'other_changed' && changedQueryKey === ownQueryKey) return shown;
  return fresh;
}
