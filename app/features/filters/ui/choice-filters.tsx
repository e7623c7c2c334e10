import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Picture } from '~/ui/picture';
import type { OptionView } from '../indexer-rules';
import type { FilterOption } from '../model';
import { Counter, FilterFrame, FilterSelect, rowClass } from './filter-frame';
import { optionViews, type SmartFilterProps, useFilter } from './use-filter';
import { checkboxValue, itemsOf, toggleItem } from './values';

/**
 * The filters that choose among options (spec 001 §1): checkboxes, radio, select, alphabet, rating
 * and colour/image swatches. Each is a set of real form controls named by the filter's query key,
 * so the group works as a GET form before (or without) JavaScript.
 */

/**
 * A radio that also unchecks: clicking the checked choice, or Space on it, clears the filter
 * (spec 001 §4 rating; the same for single letters and swatches). Natively neither changes anything.
 */
function uncheckable(checked: boolean, clear: () => void) {
  return {
    onClick: () => {
      if (checked) clear();
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key !== ' ' || !checked) return;
      e.preventDefault();
      clear();
    },
  };
}

/** Checkboxes, with more/less and dropdown modes and the AND/OR operator (original-wire.md §2.3). */
export function CheckboxesFilter(props: SmartFilterProps) {
  const { filter, options } = props;
  const f = useFilter(props);
  const chosen = itemsOf(f.value);
  const views = optionViews(filter, options, f.counts, (v) => chosen.includes(v));
  const { moreLess = 0, dropdown = false, operator, placeholder } = filter.settings;
  const toggle = (value: string) => f.change(checkboxValue(toggleItem(chosen, value), operator));
  const row = (o: FilterOption, i: number) => (
    <label key={o.value} className={rowClass('jet-checkboxes-list__row', views[i])} hidden={views[i]?.hidden}>
      <input
        type="checkbox"
        className="jet-checkboxes-list__input"
        name={`${filter.queryKey}[]`}
        value={o.value}
        form={f.formId}
        checked={chosen.includes(o.value)}
        disabled={views[i]?.disabled}
        onChange={() => toggle(o.value)}
      />
      <span className="jet-checkboxes-list__label">{o.label}</span>
      <Counter view={views[i]} />
    </label>
  );
  const visible = moreLess > 0 ? options.slice(0, moreLess) : options;
  const extra = moreLess > 0 ? options.slice(moreLess) : [];
  const list = (
    <div className="jet-checkboxes-list">
      {visible.map(row)}
      {extra.length > 0 ? (
        <MoreLess count={extra.length} open={extra.some((o) => chosen.includes(o.value))}>
          {extra.map((o, i) => row(o, i + visible.length))}
        </MoreLess>
      ) : null}
    </div>
  );
  return (
    <FilterFrame {...f.frame(views)}>
      {dropdown ? (
        <Dropdown
          summary={
            chosen.length > 0
              ? chosen.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ')
              : placeholder || 'Pilih…'
          }
        >
          {list}
        </Dropdown>
      ) : (
        list
      )}
    </FilterFrame>
  );
}

/** The more/less toggle: a native disclosure, so it works (and is announced) without JavaScript. */
function MoreLess({ count, open, children }: { count: number; open: boolean; children: React.ReactNode }) {
  const [isOpen, setOpen] = useState(open);
  return (
    <details
      className="jet-filter-items-moreless"
      open={isOpen || undefined}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="jet-filter-items-moreless__toggle">
        {isOpen ? 'Lebih sedikit' : `Lebih banyak (${count})`}
      </summary>
      {children}
    </details>
  );
}

/** Options in a dropdown: a native disclosure that also closes on Escape and on a click outside. */
function Dropdown({ summary, children }: { summary: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    ref.current?.querySelector('summary')?.focus();
  };
  return (
    <details
      ref={ref}
      className="jet-filter-items-dropdown"
      open={open || undefined}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary className="jet-filter-items-dropdown__label">{summary}</summary>
      <div className="jet-filter-items-dropdown__body">{children}</div>
    </details>
  );
}

/** A filter with one chosen option (radio, select): the choice ('' for none) and how each option shows. */
function useSingleChoice(props: SmartFilterProps) {
  const f = useFilter(props);
  const current = itemsOf(f.value)[0] ?? '';
  const views = optionViews(props.filter, props.options, f.counts, (v) => v === current);
  return { f, current, views };
}

/** Radio buttons with an "all" choice that clears the filter. */
export function RadioFilter(props: SmartFilterProps) {
  const { filter, options } = props;
  const { f, current, views } = useSingleChoice(props);
  return (
    <FilterFrame {...f.frame(views)}>
      <div className="jet-radio-list">
        <label className="jet-radio-list__row jet-radio-list__row--all">
          <input
            type="radio"
            className="jet-radio-list__input"
            name={filter.queryKey}
            value=""
            form={f.formId}
            checked={current === ''}
            onChange={() => f.change(null)}
          />
          <span className="jet-radio-list__label">{filter.settings.placeholder || 'Semua'}</span>
        </label>
        {options.map((o, i) => (
          <label key={o.value} className={rowClass('jet-radio-list__row', views[i])} hidden={views[i]?.hidden}>
            <input
              type="radio"
              className="jet-radio-list__input"
              name={filter.queryKey}
              value={o.value}
              form={f.formId}
              checked={current === o.value}
              disabled={views[i]?.disabled}
              onChange={() => f.change(o.value)}
            />
            <span className="jet-radio-list__label">{o.label}</span>
            <Counter view={views[i]} />
          </label>
        ))}
      </div>
    </FilterFrame>
  );
}

/** A select; options the indexer hides are left out, those it disables are disabled. */
export function SelectFilter(props: SmartFilterProps) {
  const { filter, options } = props;
  const { f, current, views } = useSingleChoice(props);
  return (
    <FilterFrame {...f.frame(views)} group={false}>
      <FilterSelect
        label={filter.label}
        name={filter.queryKey}
        form={f.formId}
        value={current}
        onChange={(e) => f.change(e.currentTarget.value || null)}
      >
        <option value="">{filter.settings.placeholder || 'Semua'}</option>
        {options.map((o, i) =>
          views[i]?.hidden ? null : (
            <option key={o.value} value={o.value} disabled={views[i]?.disabled}>
              {optionText(o, views[i])}
            </option>
          ),
        )}
      </FilterSelect>
    </FilterFrame>
  );
}

/** An option's text with its counter (original-wire.md §2.9: label + counter for `<option>`). */
export function optionText(o: FilterOption, view: OptionView | undefined): string {
  const indent = o.depth ? `${'\u2014 '.repeat(o.depth)}` : '';
  return `${indent}${o.label}${view?.counter ? ` ${view.counter}` : ''}`;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** Letter toggles: one letter (clicking it again clears it) or several (`multiple`). */
export function AlphabetFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const letters = filter.settings.letters?.length ? filter.settings.letters : LETTERS;
  const multiple = filter.settings.multiple ?? false;
  const chosen = itemsOf(f.value);
  return (
    <FilterFrame {...f.frame()}>
      <div className="jet-alphabet-list">
        {letters.map((letter) => {
          const value = letter.toLowerCase();
          const checked = chosen.includes(value);
          return (
            <label key={letter} className="jet-alphabet-list__row">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                className="jet-alphabet-list__input"
                name={multiple ? `${filter.queryKey}[]` : filter.queryKey}
                value={value}
                form={f.formId}
                checked={checked}
                {...(multiple ? {} : uncheckable(checked, () => f.change(null)))}
                onChange={() => f.change(multiple ? checkboxValue(toggleItem(chosen, value)) : checked ? null : value)}
              />
              <span className="jet-alphabet-list__item">{letter}</span>
            </label>
          );
        })}
      </div>
    </FilterFrame>
  );
}

/** Stars: the checked star and those below it fill; clicking (or Space on) the checked star unchecks it. */
export function RatingFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const stars = filter.settings.stars ?? 5;
  const current = Number(itemsOf(f.value)[0] ?? 0);
  return (
    <FilterFrame {...f.frame()}>
      <div className="jet-rating-stars">
        {Array.from({ length: stars }, (_, i) => {
          const n = i + 1;
          const checked = current === n;
          return (
            <label key={n} className="jet-rating-star" data-filled={n <= current || undefined}>
              <input
                type="radio"
                className="jet-rating-star__input"
                name={filter.queryKey}
                value={String(n)}
                form={f.formId}
                checked={checked}
                {...uncheckable(checked, () => f.change(null))}
                onChange={() => f.change(String(n))}
              />
              <span className="jet-rating-star__icon" aria-hidden="true">
                ★
              </span>
              <span className="visually-hidden">{n === 1 ? '1 bintang' : `${n} bintang`}</span>
            </label>
          );
        })}
      </div>
    </FilterFrame>
  );
}

/** Colour or image swatches: radio semantics (one, clicking it again clears it) or checkboxes (`multiple`). */
export function SwatchFilter(props: SmartFilterProps) {
  const { filter, options } = props;
  const f = useFilter(props);
  const multiple = filter.settings.multiple ?? false;
  const chosen = itemsOf(f.value);
  const views = optionViews(filter, options, f.counts, (v) => chosen.includes(v));
  return (
    <FilterFrame {...f.frame(views)}>
      <div className={`jet-color-image-list jet-color-image-list--${filter.settings.swatch ?? 'color'}`}>
        {options.map((o, i) => {
          const checked = chosen.includes(o.value);
          return (
            <label key={o.value} className={rowClass('jet-color-image-list__row', views[i])} hidden={views[i]?.hidden}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                className="jet-color-image-list__input"
                name={multiple ? `${filter.queryKey}[]` : filter.queryKey}
                value={o.value}
                form={f.formId}
                checked={checked}
                disabled={views[i]?.disabled}
                {...(multiple ? {} : uncheckable(checked, () => f.change(null)))}
                onChange={() =>
                  f.change(multiple ? checkboxValue(toggleItem(chosen, o.value), filter.settings.operator) : o.value)
                }
              />
              <span className="jet-color-image-list__decorator" aria-hidden="true">
                {o.image ? (
                  <Picture media={o.image} sizes="48px" className="jet-color-image-list__image" />
                ) : (
                  <span className="jet-color-image-list__color" style={{ background: o.color ?? 'transparent' }} />
                )}
              </span>
              <span className="jet-color-image-list__label">{o.label}</span>
              <Counter view={views[i]} />
            </label>
          );
        })}
      </div>
    </FilterFrame>
  );
}
