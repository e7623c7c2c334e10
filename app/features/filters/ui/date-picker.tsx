import { type CalendarDate, getLocalTimeZone, today } from '@internationalized/date';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarStateContext,
  Dialog,
  Heading,
  I18nProvider,
  Popover,
  RangeCalendar,
  RangeCalendarStateContext,
} from 'react-aria-components';
import { formatDate, parseDate } from '../date-format';
import {
  fromCalendarDate,
  isoWeek,
  toCalendarDate,
  WEEKDAY_NAMES_MONDAY_FIRST,
  WEEKDAYS_MONDAY_FIRST,
} from './calendar-dates';

/**
 * The filters' date picker (spec 001 §4, §9; issue §6) on React Aria: Prev/Next, the month title,
 * a Monday-first grid of at most six weeks with a 'Wk' column, Today and Done; English names;
 * Page Up/Down change the month (React Aria's grid keys). It opens on the field's focus as a
 * non-modal panel (focus stays in the text box; Tab, Escape or a click elsewhere close it) and from
 * the calendar button (or Arrow Down in the box) as a dialog that takes the focus.
 */

/** spec 001 §9: the picker speaks English, weeks start on Monday. */
const PICKER_LOCALE = 'en-GB';

type OpenMode = 'peek' | 'dialog' | null;

/** The rows of the visible month with the ISO week number first ('Wk'). */
function WeekRows({ cellClass }: { cellClass?: (date: CalendarDate) => string }) {
  const single = useContext(CalendarStateContext);
  const range = useContext(RangeCalendarStateContext);
  const state = single ?? range;
  if (!state) return null;
  const start = state.visibleRange.start;
  const weeks = state.getWeeksInMonth(start);
  return (
    <tbody>
      {Array.from({ length: weeks }, (_, w) => {
        const dates = state.getDatesInWeek(w, start);
        const thursday = dates[3] ?? dates.find((d) => d !== null) ?? start;
        const week = isoWeek(thursday);
        return (
          <tr key={w}>
            <th scope="row" className="ui-datepicker-week-col" aria-label={`Week ${week}`}>
              {week}
            </th>
            {dates.map((date, i) =>
              date ? (
                <CalendarCell
                  key={i}
                  date={date}
                  className={({ isOutsideMonth }) =>
                    `ui-datepicker-cell${isOutsideMonth ? ' ui-datepicker-other-month' : ''}${cellClass ? ` ${cellClass(date)}` : ''}`
                  }
                />
              ) : (
                <td key={i} />
              ),
            )}
          </tr>
        );
      })}
    </tbody>
  );
}

/** Header, grid and button pane shared by the single and the range calendar. */
function PickerBody({
  onToday,
  onDone,
  cellClass,
}: {
  onToday: () => void;
  onDone: () => void;
  cellClass?: (date: CalendarDate) => string;
}) {
  return (
    <>
      <header className="ui-datepicker-header">
        <Button slot="previous" className="ui-datepicker-prev" aria-label="Prev">
          Prev
        </Button>
        <Heading className="ui-datepicker-title" />
        <Button slot="next" className="ui-datepicker-next" aria-label="Next">
          Next
        </Button>
      </header>
      <CalendarGrid className="ui-datepicker-calendar">
        <thead aria-hidden="true">
          <tr>
            <th className="ui-datepicker-week-col">Wk</th>
            {WEEKDAYS_MONDAY_FIRST.map((d, i) => (
              <th key={d} title={WEEKDAY_NAMES_MONDAY_FIRST[i]}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <WeekRows cellClass={cellClass} />
      </CalendarGrid>
      {/* Plain buttons: inside the calendar React Aria's buttons are its previous/next slots. */}
      <div className="ui-datepicker-buttonpane">
        <button type="button" className="ui-datepicker-current" onClick={onToday}>
          Today
        </button>
        <button type="button" className="ui-datepicker-close" onClick={onDone}>
          Done
        </button>
      </div>
    </>
  );
}

export interface PickerPanelProps {
  label: string;
  /** Single: the chosen day. */
  value?: Date | null;
  onSelect?: (date: Date) => void;
  /** Range: both ends, chosen by two clicks (a date-period range, spec 001 §5). */
  range?: { from: Date; to: Date } | null;
  onSelectRange?: (from: Date, to: Date) => void;
  minValue?: Date | null;
  maxValue?: Date | null;
  autoFocus: boolean;
  onDone: () => void;
  cellClass?: (date: Date) => string;
}

/** The calendar inside the popover. */
export function PickerPanel(p: PickerPanelProps) {
  const initial = p.value ?? p.range?.from ?? null;
  const [focused, setFocused] = useState<CalendarDate>(() =>
    initial ? toCalendarDate(initial) : today(getLocalTimeZone()),
  );
  const goToday = () => setFocused(today(getLocalTimeZone()));
  const cellClass = p.cellClass ? (d: CalendarDate) => p.cellClass!(fromCalendarDate(d)) : undefined;
  const common = {
    'aria-label': p.label,
    className: 'ui-datepicker',
    firstDayOfWeek: 'mon' as const,
    focusedValue: focused,
    onFocusChange: setFocused,
    minValue: p.minValue ? toCalendarDate(p.minValue) : undefined,
    maxValue: p.maxValue ? toCalendarDate(p.maxValue) : undefined,
    autoFocus: p.autoFocus,
  };
  const body = <PickerBody onToday={goToday} onDone={p.onDone} cellClass={cellClass} />;
  return (
    <I18nProvider locale={PICKER_LOCALE}>
      {p.onSelectRange ? (
        <RangeCalendar
          {...common}
          value={p.range ? { start: toCalendarDate(p.range.from), end: toCalendarDate(p.range.to) } : null}
          onChange={(r) => r && p.onSelectRange?.(fromCalendarDate(r.start), fromCalendarDate(r.end))}
        >
          {body}
        </RangeCalendar>
      ) : (
        <Calendar
          {...common}
          value={p.value ? toCalendarDate(p.value) : null}
          onChange={(d) => p.onSelect?.(fromCalendarDate(d))}
        >
          {body}
        </Calendar>
      )}
    </I18nProvider>
  );
}

/** The picker's popover: non-modal while the text box keeps the focus, a dialog when opened to be used. */
export function PickerPopover({
  triggerRef,
  popoverRef,
  mode,
  label,
  onClose,
  children,
}: {
  triggerRef: RefObject<Element | null>;
  popoverRef: RefObject<HTMLElement | null>;
  mode: OpenMode;
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popover
      ref={popoverRef as RefObject<HTMLDivElement | null>}
      triggerRef={triggerRef}
      isOpen={mode !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isNonModal={mode === 'peek'}
      placement="bottom start"
      className="jsf-datepicker-popover"
    >
      {mode === 'dialog' ? (
        <Dialog aria-label={label} className="jsf-datepicker-dialog">
          {children}
        </Dialog>
      ) : (
        // A click on the panel's text keeps the focus where it is (the box), so the panel stays.
        // biome-ignore lint/a11y/noStaticElementInteractions: only stops a focus change; the controls inside are buttons
        <div
          className="jsf-datepicker-dialog"
          onMouseDown={(e) => {
            if (!(e.target as Element).closest('button,[role="button"],[tabindex]')) e.preventDefault();
          }}
        >
          {children}
        </div>
      )}
    </Popover>
  );
}

/**
 * Reads typed text in a format: the date (null for ''), or undefined when it does not parse. Dots
 * typed in a format written with slashes count as slashes (spec 001 §5).
 */
export function readTyped(format: string, text: string): Date | null | undefined {
  const typed = format.includes('.') ? text.trim() : text.trim().replace(/\./g, '/');
  try {
    return parseDate(format, typed);
  } catch {
    return undefined;
  }
}

function sameDay(a: Date | null, b: Date | null): boolean {
  return a === b || (a !== null && b !== null && a.getTime() === b.getTime());
}

/**
 * A date text box in the filter's format (formatDate/parseDate) with its picker. Text that does not
 * parse stays as typed and marks the box invalid (`aria-invalid`, no message: spec 001 §5).
 */
export function DateField({
  label,
  format,
  value,
  onCommit,
  minValue,
  maxValue,
  name,
  formId,
  placeholder,
  className,
}: {
  label: string;
  format: string;
  value: Date | null;
  onCommit: (date: Date | null) => void;
  minValue?: Date | null;
  maxValue?: Date | null;
  name?: string;
  formId?: string;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(() => formatDate(format, value));
  const [invalid, setInvalid] = useState(false);
  const [mode, setMode] = useState<OpenMode>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const popover = useRef<HTMLElement>(null);
  const quiet = useRef(false);
  const time = value?.getTime() ?? null;

  // The value's day decides, not its identity (each render reads a new Date from the query).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `time` stands for `value`
  useEffect(() => {
    setText(formatDate(format, value));
    setInvalid(false);
  }, [time, format]);

  const refocusInput = () => {
    quiet.current = true;
    input.current?.focus();
    setTimeout(() => {
      quiet.current = false;
    }, 100);
  };
  const close = (returnFocus: boolean) => {
    const wasDialog = mode === 'dialog';
    setMode(null);
    if (returnFocus || wasDialog) refocusInput();
  };
  const commit = (typed: string) => {
    const date = readTyped(format, typed);
    if (date === undefined) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!sameDay(date, value)) onCommit(date);
    else setText(formatDate(format, date));
  };
  const select = (date: Date) => {
    setText(formatDate(format, date));
    setInvalid(false);
    close(true);
    if (!sameDay(date, value)) onCommit(date);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && mode) {
      e.preventDefault();
      e.stopPropagation();
      setMode(null);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      setMode('dialog');
    } else if (e.key === 'Enter') {
      e.preventDefault();
      commit(text);
      setMode(null);
    } else if (e.key === 'Tab') {
      // Tab leaves the box (spec 001 §4: it closes the picker): the typed date counts at once, so
      // the other end's picker has it as its bound before the focus gets there (issue 13).
      commit(text);
      setMode(null);
    }
  };
  return (
    <div className={`jsf-date-field${className ? ` ${className}` : ''}`}>
      <label className="jsf-date-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="jsf-date-field__control" ref={anchor}>
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="numeric"
          className="jsf-date-field__input"
          name={name}
          form={formId}
          value={text}
          placeholder={placeholder ?? format}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (invalid && readTyped(format, e.currentTarget.value) !== undefined) setInvalid(false);
          }}
          onFocus={() => {
            if (!quiet.current) setMode((m) => m ?? 'peek');
          }}
          onClick={() => setMode((m) => m ?? 'peek')}
          onBlur={(e) => {
            const next = e.relatedTarget as Node | null;
            const inside = next && (popover.current?.contains(next) || anchor.current?.contains(next));
            if (mode === 'peek' && !inside) setMode(null);
            commit(text);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="jsf-date-field__button"
          aria-label={`Pilih tanggal: ${label}`}
          aria-haspopup="dialog"
          aria-expanded={mode === 'dialog'}
          onClick={() => setMode((m) => (m === 'dialog' ? null : 'dialog'))}
        >
          <CalendarIcon />
        </button>
      </div>
      <PickerPopover triggerRef={anchor} popoverRef={popover} mode={mode} label={label} onClose={() => close(false)}>
        <PickerPanel
          label={label}
          value={readTyped(format, text) ?? value}
          onSelect={select}
          minValue={minValue}
          maxValue={maxValue}
          autoFocus={mode === 'dialog'}
          onDone={() => close(true)}
        />
      </PickerPopover>
    </div>
  );
}

export function CalendarIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Z"
      />
    </svg>
  );
}
