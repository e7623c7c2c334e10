import { useEffect, useRef, useState } from 'react';
import { postAjax } from '~/wire/client';
import type { FilterOption, HierarchyLevel } from '../model';
import { FilterFrame, FilterSelect } from './filter-frame';
import { type SmartFilterProps, useFilter } from './use-filter';
import { itemsOf } from './values';

/** The filter's value: the deepest chosen level (the server rebuilds the chain above it). */
export function deepestValue(levels: HierarchyLevel[]): string | null {
  for (let i = levels.length - 1; i >= 0; i--) if (levels[i]?.value) return levels[i]!.value;
  return null;
}

/** Level `index` takes `value`; deeper levels are reset and lose their options until reloaded (spec 001 §4). */
export function chooseLevel(levels: HierarchyLevel[], index: number, value: string): HierarchyLevel[] {
  return levels.map((l, j) => (j < index ? l : j === index ? { ...l, value } : { ...l, value: '', options: [] }));
}

/** Every level emptied and only the first keeps its options (remove-all, spec 001 §4). */
export function resetLevels(levels: HierarchyLevel[]): HierarchyLevel[] {
  return levels.map((l, j) => ({ ...l, value: '', options: j === 0 ? l.options : [] }));
}

/**
 * The levels of a `jet_smart_filters_get_hierarchy_level` answer (original-wire.md §2.10): each
 * `level_N` is a whole select filter for level N, counted from 0 as the original does; its
 * `data-depth` names the same level when present. Returns level index → options.
 */
export function levelsFromAnswer(data: Record<string, unknown>): Map<number, FilterOption[]> {
  const levels = new Map<number, FilterOption[]>();
  for (const [key, html] of Object.entries(data)) {
    const n = /^level_(\d+)$/.exec(key);
    if (!n || typeof html !== 'string') continue;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const depth = doc.querySelector('[data-depth]')?.getAttribute('data-depth');
    const index = depth && /^\d+$/.test(depth) ? Number(depth) : Number(n[1]);
    const options = [...doc.querySelectorAll('option')]
      .filter((o) => o.value !== '')
      .map((o) => {
        const count = o.getAttribute('data-count');
        const option: FilterOption = {
          value: o.value,
          label: (o.getAttribute('data-label') ?? o.textContent ?? '').trim(),
        };
        return count && /^\d+$/.test(count) ? { ...option, count: Number(count) } : option;
      });
    levels.set(index, options);
  }
  return levels;
}

/**
 * The hierarchical select (original-wire.md §2.10): one select per level; choosing a level resets the
 * deeper ones and loads the next level's options with `jet_smart_filters_get_hierarchy_level`, a
 * preloader showing on them meanwhile.
 */
export function HierarchyFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const [levels, setLevels] = useState<HierarchyLevel[]>(props.levels ?? []);
  const [loadingFrom, setLoadingFrom] = useState<number | null>(null);
  const request = useRef<AbortController | null>(null);

  // A new server render brings its own levels (Back/Forward).
  useEffect(() => setLevels(props.levels ?? []), [props.levels]);
  useEffect(() => () => request.current?.abort(), []);

  // Cleared from outside (remove-all, an active filter removed): back to the first level.
  const applied = itemsOf(f.value)[0] ?? null;
  const shown = deepestValue(levels);
  useEffect(() => {
    if (applied === null && shown !== null) {
      request.current?.abort();
      setLoadingFrom(null);
      setLevels((ls) => resetLevels(ls));
    }
  }, [applied, shown]);

  const choose = async (index: number, value: string) => {
    const next = chooseLevel(levels, index, value);
    setLevels(next);
    f.change(deepestValue(next));
    request.current?.abort();
    if (!value || index + 1 >= next.length) {
      setLoadingFrom(null);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setLoadingFrom(index + 1);
    try {
      const res = await postAjax(
        'jet_smart_filters_get_hierarchy_level',
        {
          filter_id: filter.id,
          values: next.slice(0, index + 1).map((l) => ({ value: l.value, tax: filter.queryVar })),
          depth: index + 1,
          indexer: filter.indexer.enabled ? 1 : undefined,
        },
        { signal: controller.signal },
      );
      const body = (await res.json()) as { success?: boolean; data?: Record<string, unknown> };
      if (!body.success || !body.data) throw new Error(`hierarchy level: ${res.status}`);
      const loaded = levelsFromAnswer(body.data);
      setLevels((ls) =>
        ls.map((l, j) => {
          const options = loaded.get(j);
          return j > index && options ? { ...l, options } : l;
        }),
      );
    } catch (error) {
      // spec 001 §8: failure handling not shown; the level stays empty and the console says why.
      if (!controller.signal.aborted) console.error(error);
    } finally {
      if (request.current === controller) setLoadingFrom(null);
    }
  };

  return (
    <FilterFrame {...f.frame()}>
      <div className="jet-select-hierarchy">
        {levels.map((level, i) => {
          const busy = loadingFrom !== null && i >= loadingFrom;
          return (
            <div
              key={i}
              className={`jet-select jet-select-hierarchy__level${busy ? ' jet-select--loading' : ''}`}
              data-loading={busy || undefined}
            >
              <FilterSelect
                label={level.label}
                labelClass="jet-select__label"
                name={filter.queryKey}
                form={f.formId}
                value={level.value}
                aria-busy={busy || undefined}
                disabled={busy || (i > 0 && level.options.length === 0 && !level.value)}
                onChange={(e) => void choose(i, e.currentTarget.value)}
              >
                <option value="">{busy ? 'Memuat…' : level.placeholder || 'Semua'}</option>
                {level.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                    {typeof o.count === 'number' && filter.indexer.showCounter ? ` (${o.count})` : ''}
                  </option>
                ))}
              </FilterSelect>
            </div>
          );
        })}
      </div>
    </FilterFrame>
  );
}
