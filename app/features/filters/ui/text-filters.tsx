import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { FilterFrame, FilterSelect } from './filter-frame';
import { waitsForApply } from './group-actions';
import { type SmartFilterProps, useFilter } from './use-filter';
import { searchValue, sortIndex, sortValue } from './values';

/** spec 001 §9: the pause in typing after which an ajax-ontyping search applies. */
export const TYPING_DELAY_MS = 350;

/**
 * Search (original-wire.md §2.3: `__s_query|search`): applies on its button or Enter; in
 * ajax-ontyping mode also 350 ms after the last keystroke once the text has the minimum letters
 * (shorter text counts as empty, spec 001 §5).
 */
export function SearchFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const id = useId();
  const applied = typeof f.value === 'string' ? f.value : '';
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const minLetters = filter.settings.minLetters ?? 0;

  // The value changed elsewhere (remove-all, Back): the box shows it, unless it is what was typed.
  useEffect(() => {
    setText((typed) => (searchValue(typed, minLetters) === (applied || null) ? typed : applied));
  }, [applied, minLetters]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (typed: string) => {
    clearTimeout(timer.current);
    f.change(searchValue(typed, minLetters));
  };
  const submit = () => {
    commit(text);
    // Reload and mixed searches are applied by their own button too (it submits the group form).
    if (waitsForApply(filter.applyType)) f.store.runtime.submit?.();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    submit();
  };
  return (
    <FilterFrame {...f.frame()} ownSubmit={false} group={false}>
      <label className="jet-filter-label" htmlFor={id}>
        {filter.label}
      </label>
      <div className="jet-search-filter__row">
        <input
          id={id}
          type="search"
          className="jet-search-filter__input"
          name={filter.queryKey}
          form={f.formId}
          value={text}
          placeholder={filter.settings.placeholder}
          autoComplete="off"
          onKeyDown={onKeyDown}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            setText(typed);
            if (filter.applyType !== 'ajax-ontyping') return;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(typed), TYPING_DELAY_MS);
          }}
        />
        <button
          type="submit"
          form={f.formId}
          className="button jet-search-filter__submit"
          onClick={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          Cari
        </button>
      </div>
    </FilterFrame>
  );
}

/** Sorting (`_sort_standard`): a select of the filter's choices; the no-JS form sends the choice as JSON. */
export function SortingFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const choices = filter.settings.sortOptions ?? [];
  const current = sortIndex(f.value, choices);
  return (
    <FilterFrame {...f.frame()} group={false}>
      <FilterSelect
        label={filter.label}
        className="jet-sorting-select"
        name={filter.queryKey}
        form={f.formId}
        value={current < 0 ? '' : JSON.stringify(sortValue(choices[current]!))}
        onChange={(e) => {
          const text = e.currentTarget.value;
          f.change(text ? (JSON.parse(text) as Record<string, string>) : null);
        }}
      >
        <option value="">{filter.settings.placeholder || 'Urutan bawaan'}</option>
        {choices.map((o) => (
          <option key={`${o.orderby}-${o.order}-${o.metaKey ?? ''}`} value={JSON.stringify(sortValue(o))}>
            {o.label}
          </option>
        ))}
      </FilterSelect>
    </FilterFrame>
  );
}
