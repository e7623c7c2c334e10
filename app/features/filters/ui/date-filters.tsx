import { useRef, useState } from 'react';
import { DEFAULT_DATE_FORMAT, dateRangeValue, parseDateRange } from '../date-format';
import { type Period, periodLabel, periodOf, periodShown, periodValue, shiftPeriod } from '../date-period';
import type { PeriodType } from '../model';
import { CalendarIcon, DateField, PickerPanel, PickerPopover } from './date-picker';
import { FilterFrame } from './filter-frame';
import { type SmartFilterProps, useFilter } from './use-filter';

/** spec 001 §9: weeks start on Monday. */
const WEEK_START = 1;

/**
 * Date range (spec 001 §3, §5): from and to boxes in the filter's format, each with a picker; the
 * from date is the to-picker's minimum and the to date the from-picker's maximum. The value is
 * `Y.M.D-Y.M.D` with either end open.
 */
export function DateRangeFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const format = filter.settings.dateFormat || DEFAULT_DATE_FORMAT;
  const { from, to } = typeof f.value === 'string' ? parseDateRange(f.value) : { from: null, to: null };
  const set = (a: Date | null, b: Date | null) => {
    const [x, y] = a && b && a > b ? [b, a] : [a, b];
    f.change(dateRangeValue(x, y) || null);
  };
  // What the two boxes share: the format, and both post as the filter's field (`key[]`).
  const box = { format, name: `${filter.queryKey}[]`, formId: f.formId, placeholder: filter.settings.placeholder };
  // The two ends, each the other's picker's limit.
  const ends = [
    { end: 'from', label: 'Dari', value: from, limit: { maxValue: to }, commit: (d: Date | null) => set(d, to) },
    { end: 'to', label: 'Sampai', value: to, limit: { minValue: from }, commit: (d: Date | null) => set(from, d) },
  ];
  return (
    <FilterFrame {...f.frame()}>
      <div className="jet-date-range">
        {ends.map(({ end, label, value, limit, commit }) => (
          <DateField
            key={end}
            {...box}
            {...limit}
            className={`jet-date-range__${end}`}
            label={label}
            value={value}
            onCommit={commit}
          />
        ))}
      </div>
    </FilterFrame>
  );
}

/** Whether a day lies inside a period (the picker marks the chosen week, month …). */
export function inPeriod(period: Period | null, date: Date): boolean {
  return period !== null && date >= period.from && date <= period.to;
}

/** The period a picked day makes, or null when nothing changes (spec 001 §5: a day inside the chosen week). */
export function pickedPeriod(type: PeriodType, current: Period | null, date: Date): Period | null {
  if (type === 'week' && inPeriod(current, date)) return null;
  return periodOf(type, date, WEEK_START);
}

/**
 * Date period (spec 001 §3-5): a day, week, month, year or range shown as a label; previous and next
 * shift it by its own length; the label opens a picker. A range needs its two dates.
 */
export function DatePeriodFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const type = filter.settings.periodType ?? 'day';
  // Only a value that is a period of this type shows here (the date filters share one key).
  const period = typeof f.value === 'string' ? periodShown(f.value, type, WEEK_START) : null;
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const popover = useRef<HTMLElement>(null);
  const format = type === 'month' || type === 'year' ? undefined : filter.settings.dateFormat;
  const label = period ? periodLabel(type, period, format) : filter.settings.placeholder || 'Pilih periode';
  // Without a period yet, the steps start from the one holding today.
  const shift = (direction: -1 | 1) => {
    const base = period ?? (type === 'range' ? null : periodOf(type, new Date(), WEEK_START));
    if (base) f.change(periodValue(shiftPeriod(type, base, direction)));
  };
  const pick = (date: Date) => {
    const next = pickedPeriod(type, period, date);
    setOpen(false);
    if (next) f.change(periodValue(next));
  };
  return (
    <FilterFrame {...f.frame()} ownSubmit={false}>
      <div className="jet-date-period" ref={anchor}>
        <button
          type="button"
          className="jet-date-period__prev"
          aria-label="Periode sebelumnya"
          disabled={type === 'range' && !period}
          onClick={() => shift(-1)}
        >
          ‹
        </button>
        <button
          type="button"
          className="jet-date-period__datepicker-button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <CalendarIcon />
          <span className="jet-date-period__label">{label}</span>
        </button>
        <button
          type="button"
          className="jet-date-period__next"
          aria-label="Periode berikutnya"
          disabled={type === 'range' && !period}
          onClick={() => shift(1)}
        >
          ›
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {period ? label : ''}
      </span>
      <PickerPopover
        triggerRef={anchor}
        popoverRef={popover}
        mode={open ? 'dialog' : null}
        label={filter.label}
        onClose={() => setOpen(false)}
      >
        {type === 'range' ? (
          <PickerPanel
            label={filter.label}
            range={period}
            onSelectRange={(from, to) => {
              setOpen(false);
              f.change(periodValue({ from, to }));
            }}
            autoFocus
            onDone={() => setOpen(false)}
          />
        ) : (
          <PickerPanel
            label={filter.label}
            value={period?.from ?? null}
            onSelect={pick}
            autoFocus
            onDone={() => setOpen(false)}
            cellClass={(d) => (inPeriod(period, d) ? 'jsf-in-period' : '')}
          />
        )}
      </PickerPopover>
    </FilterFrame>
  );
}
