import { type CalendarDate, toZoned } from '@internationalized/date';

/**
 * The zone a school day's bounds are counted in: UTC+7 on every date (POSIX signs, so `GMT-7` is seven
 * hours ahead of UTC). Asia/Jakarta itself has been UTC+7 only since 1964 (+07:07:12, +07:20, +07:30,
 * +08:00 and +09:00 before); the date filters have always put a day's start at 17:00 UTC the evening
 * before, and a stored or queried bound must not move, so older days keep that offset too.
 */
const SCHOOL_DAY_ZONE = 'Etc/GMT-7';

/** The UTC instant at which a school day starts, as the ISO text `published_at` holds (`2024-01-04T17:00:00.000Z`). */
export function schoolDayStart(day: CalendarDate): string {
  return toZoned(day, SCHOOL_DAY_ZONE).toAbsoluteString();
}

/**
 * The UTC instant at which a school day ends (the next one starts), as ISO text: 24 hours after its start,
 * the zone having no daylight saving. Counted on the instant rather than as the next CalendarDate, which
 * stops at 9999-12-31 while the end of that day is still a bound the filters write (`-9999.12.31`).
 */
export function schoolDayEnd(day: CalendarDate): string {
  return new Date(toZoned(day, SCHOOL_DAY_ZONE).toDate().getTime() + 86_400_000).toISOString();
}
