/**
 * The date picker's format letters (spec 001 §9: jQuery UI datepicker 1.13.2), re-implemented so that
 * labels, inputs and the server read and write dates exactly as the original site did, plus the
 * wire form of filter dates (original-wire.md §2.3: `Y.M.D`, no zero padding, `from-to`).
 */

/** spec 001 §3: the date-range filter's default format. */
export const DEFAULT_DATE_FORMAT = 'mm/dd/yy';
/** spec 001 §9: the picker's own format (the wire form with slashes). */
export const INTERNAL_DATE_FORMAT = 'yy/m/d';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const DAY_NAMES_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const MONTH_NAMES_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export interface DateFormatSettings {
  dayNames?: readonly string[];
  dayNamesShort?: readonly string[];
  monthNames?: readonly string[];
  monthNamesShort?: readonly string[];
  /** Two-digit years up to this one are this century: a number, or '+N' from the current year (default '+10'). */
  shortYearCutoff?: number | string;
  /** "Today" for the cutoff and for formats without a year; the clock when absent (tests inject it). */
  now?: Date;
}

const DEFAULT_CUTOFF = '+10';
const DAY_MS = 86_400_000;
const DAYS_TO_1970 = (1970 - 1) * 365 + Math.floor(1970 / 4) - Math.floor(1970 / 100) + Math.floor(1970 / 400);
/** Windows ticks (100 ns since 0001-01-01) at 1970-01-01: one day is 864 000 000 000 ticks. */
const TICKS_TO_1970 = DAYS_TO_1970 * 864_000_000_000;

/** The picker's fix for a midnight lost to a daylight-saving jump: 1 am (or 2 h later) instead. */
function daylightSavingAdjust(date: Date): Date {
  date.setHours(date.getHours() > 12 ? date.getHours() + 2 : 0);
  return date;
}

function daysInMonth(year: number, month: number): number {
  return 32 - daylightSavingAdjust(new Date(year, month, 32)).getDate();
}

/** Formats a date with the picker's letters; '' without a date (datepicker `formatDate`). */
export function formatDate(format: string, date: Date | null | undefined, settings: DateFormatSettings = {}): string {
  if (!date) return '';
  const dayNamesShort = settings.dayNamesShort ?? DAY_NAMES_SHORT;
  const dayNames = settings.dayNames ?? DAY_NAMES;
  const monthNamesShort = settings.monthNamesShort ?? MONTH_NAMES_SHORT;
  const monthNames = settings.monthNames ?? MONTH_NAMES;
  let i = 0;
  // A doubled letter is the long form; lookAhead consumes the second one.
  const lookAhead = (match: string) => {
    const matches = i + 1 < format.length && format.charAt(i + 1) === match;
    if (matches) i++;
    return matches;
  };
  const number = (match: string, value: number, len: number) => {
    let num = `${value}`;
    if (lookAhead(match)) while (num.length < len) num = `0${num}`;
    return num;
  };
  const name = (match: string, value: number, shortNames: readonly string[], longNames: readonly string[]) =>
    (lookAhead(match) ? longNames[value] : shortNames[value]) ?? '';

  let output = '';
  let literal = false;
  for (i = 0; i < format.length; i++) {
    const ch = format.charAt(i);
    if (literal) {
      if (ch === "'" && !lookAhead("'")) literal = false;
      else output += ch;
      continue;
    }
    switch (ch) {
      case 'd':
        output += number('d', date.getDate(), 2);
        break;
      case 'D':
        output += name('D', date.getDay(), dayNamesShort, dayNames);
        break;
      case 'o': {
        const start = new Date(date.getFullYear(), 0, 0).getTime();
        const day = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
        output += number('o', Math.round((day - start) / DAY_MS), 3);
        break;
      }
      case 'm':
        output += number('m', date.getMonth() + 1, 2);
        break;
      case 'M':
        output += name('M', date.getMonth(), monthNamesShort, monthNames);
        break;
      case 'y': {
        const short = date.getFullYear() % 100;
        output += lookAhead('y') ? date.getFullYear() : (short < 10 ? '0' : '') + short;
        break;
      }
      case '@':
        output += date.getTime();
        break;
      case '!':
        output += date.getTime() * 10_000 + TICKS_TO_1970;
        break;
      case "'":
        if (lookAhead("'")) output += "'";
        else literal = true;
        break;
      default:
        output += ch;
    }
  }
  return output;
}

/**
 * Reads a date written with the picker's letters (datepicker `parseDate`): null for '', else a local
 * midnight date, or an Error with the picker's own message (spec 001 §5).
 */
export function parseDate(
  format: string | null | undefined,
  value: string | null | undefined,
  settings: DateFormatSettings = {},
): Date | null {
  if (format == null || value == null) throw new Error('Invalid arguments');
  if (value === '') return null;

  const now = settings.now ?? new Date();
  const cutoffSetting = settings.shortYearCutoff || DEFAULT_CUTOFF;
  const shortYearCutoff =
    typeof cutoffSetting !== 'string' ? cutoffSetting : (now.getFullYear() % 100) + Number.parseInt(cutoffSetting, 10);
  const dayNamesShort = settings.dayNamesShort ?? DAY_NAMES_SHORT;
  const dayNames = settings.dayNames ?? DAY_NAMES;
  const monthNamesShort = settings.monthNamesShort ?? MONTH_NAMES_SHORT;
  const monthNames = settings.monthNames ?? MONTH_NAMES;

  let year = -1;
  let month = -1;
  let day = -1;
  let doy = -1;
  let literal = false;
  let iValue = 0;
  let i = 0;
  const lookAhead = (match: string) => {
    const matches = i + 1 < format.length && format.charAt(i + 1) === match;
    if (matches) i++;
    return matches;
  };
  const getNumber = (match: string) => {
    const isDoubled = lookAhead(match);
    const size = match === '@' ? 14 : match === '!' ? 20 : match === 'y' && isDoubled ? 4 : match === 'o' ? 3 : 2;
    // A year takes all its digits: `yy` exactly four, `y` exactly two (jQuery UI 1.13.2's minSize).
    const minSize = match === 'y' ? size : 1;
    const num = value.substring(iValue).match(new RegExp(`^\\d{${minSize},${size}}`));
    if (!num) throw new Error(`Missing number at position ${iValue}`);
    iValue += num[0].length;
    return Number.parseInt(num[0], 10);
  };
  // Longest names first, so 'Mar' does not win over 'March'.
  const getName = (match: string, shortNames: readonly string[], longNames: readonly string[]) => {
    const names = (lookAhead(match) ? longNames : shortNames)
      .map((n, index) => [index, n] as const)
      .sort((a, b) => b[1].length - a[1].length);
    for (const [index, n] of names) {
      if (value.slice(iValue, iValue + n.length).toLowerCase() === n.toLowerCase()) {
        iValue += n.length;
        return index + 1;
      }
    }
    throw new Error(`Unknown name at position ${iValue}`);
  };
  const checkLiteral = () => {
    if (value.charAt(iValue) !== format.charAt(i)) throw new Error(`Unexpected literal at position ${iValue}`);
    iValue++;
  };
  const fromTime = (time: number) => {
    const date = new Date(time);
    year = date.getFullYear();
    month = date.getMonth() + 1;
    day = date.getDate();
  };

  for (i = 0; i < format.length; i++) {
    if (literal) {
      if (format.charAt(i) === "'" && !lookAhead("'")) literal = false;
      else checkLiteral();
      continue;
    }
    switch (format.charAt(i)) {
      case 'd':
        day = getNumber('d');
        break;
      case 'D':
        getName('D', dayNamesShort, dayNames);
        break;
      case 'o':
        doy = getNumber('o');
        break;
      case 'm':
        month = getNumber('m');
        break;
      case 'M':
        month = getName('M', monthNamesShort, monthNames);
        break;
      case 'y':
        year = getNumber('y');
        break;
      case '@':
        fromTime(getNumber('@'));
        break;
      case '!':
        fromTime((getNumber('!') - TICKS_TO_1970) / 10_000);
        break;
      case "'":
        if (lookAhead("'")) checkLiteral();
        else literal = true;
        break;
      default:
        checkLiteral();
    }
  }

  if (iValue < value.length) {
    const extra = value.slice(iValue);
    // Trailing white space is allowed, anything else is not.
    if (!/^\s+/.test(extra)) throw new Error(`Extra/unparsed characters found in date: ${extra}`);
  }

  const thisYear = now.getFullYear();
  if (year === -1) year = thisYear;
  else if (year < 100) year += thisYear - (thisYear % 100) + (year <= shortYearCutoff ? 0 : -100);

  if (doy > -1) {
    month = 1;
    day = doy;
    for (let dim = daysInMonth(year, month - 1); day > dim; dim = daysInMonth(year, month - 1)) {
      month++;
      day -= dim;
    }
  }

  const date = daylightSavingAdjust(new Date(year, month - 1, day));
  // e.g. 31/02/00: the Date rolled over into the next month.
  if (date.getFullYear() !== year || date.getMonth() + 1 !== month || date.getDate() !== day) {
    throw new Error('Invalid date');
  }
  return date;
}

/** original-wire.md §2.3: a filter date on the wire, `2024.1.5` (local calendar date, no padding). */
export function toWireDate(d: Date): string {
  return `${d.getFullYear()}.${d.getMonth() + 1}.${d.getDate()}`;
}

/** Reads `2024.1.5` (or `2024/1/5`); null for anything else. Dots are read as slashes (spec 001 §5). */
export function fromWireDate(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}[./]\d{1,2}[./]\d{1,2}$/.test(trimmed)) return null;
  try {
    return parseDate(INTERNAL_DATE_FORMAT, trimmed.replace(/\./g, '/'));
  } catch {
    return null;
  }
}

/** A date-range value `from-to` (either end may be open); unreadable ends are null. */
export function parseDateRange(value: string): { from: Date | null; to: Date | null } {
  const dash = value.indexOf('-');
  const fromText = dash < 0 ? value : value.slice(0, dash);
  const toText = dash < 0 ? '' : value.slice(dash + 1);
  return { from: fromWireDate(fromText), to: fromWireDate(toText) };
}

/** The wire value of a date range: `2024.1.5-2024.2.10`, `2024.1.5-`, `-2024.2.10`, or '' (no filter). */
export function dateRangeValue(from: Date | null, to: Date | null): string {
  if (!from && !to) return '';
  return `${from ? toWireDate(from) : ''}-${to ? toWireDate(to) : ''}`;
}
