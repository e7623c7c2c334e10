import { AGENDA_CATEGORIES, type AgendaCategory } from '../model';
import { calendarAnchor } from './calendar-view';

/** What the filter's loader (agenda/widget.server.tsx) gives it. */
export interface AgendaCategoryFilterProps {
  id: string;
  label: string;
  allLabel: string;
  buttonText: string;
  /** The calendar's element id ('' for none): the page comes back to it. */
  calendar: string;
  /** The month shown (`YYYY-MM`), kept by the choice. */
  month: string;
  /** The chosen category, none: every category. */
  filter: AgendaCategory | null;
}

/**
 * The agenda's category filter (issue 21): a plain GET form over the calendar (`?bulan=…&kategori=…`),
 * so it works without JavaScript and a choice is an address to share or bookmark. Rendered by the
 * server only; the live calendar keeps its `bulan` field on the month it shows.
 */
export function AgendaCategoryFilter({
  id,
  label,
  allLabel,
  buttonText,
  calendar,
  month,
  filter,
}: AgendaCategoryFilterProps) {
  const select = `agenda-filter-${id}`;
  return (
    <form
      method="get"
      action={calendar ? `#${calendarAnchor(calendar)}` : undefined}
      className="agenda-filter"
      data-agenda-filter=""
      aria-label={label}
    >
      <input type="hidden" name="bulan" value={month} />
      <label htmlFor={select}>{label}</label>
      <select id={select} name="kategori" defaultValue={filter ?? ''}>
        <option value="">{allLabel}</option>
        {(Object.entries(AGENDA_CATEGORIES) as Array<[AgendaCategory, string]>).map(([slug, name]) => (
          <option key={slug} value={slug}>
            {name}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {buttonText}
      </button>
    </form>
  );
}
