import { z } from 'zod';
import { linkSetting } from '~/lib/link-setting';
import { isSchoolDateTime } from './model';

/** spec 001 §3 "Countdown": the three types. */
export const COUNTDOWN_TYPES = ['due_date', 'evergreen', 'endless'] as const;
/** spec 001 §3 "Countdown" and spec 000 §9 "Countdown types": what runs on expiry. */
export const EXPIRE_ACTIONS = ['redirect', 'message', 'hide', 'restart'] as const;

/** The longest interval staff may give (a year of hours). */
export const MAX_INTERVAL_HOURS = 8760;
/** The interval evergreen and endless countdowns start with: a day. */
export const DEFAULT_INTERVAL_HOURS = 24;

/**
 * The countdown's settings (spec 001 §3, §4; spec 000 §9 "Countdown types"):
 * - `due_date` counts to `dueDate`, a date and time in the school's zone (WIB);
 * - `evergreen` gives each visitor the interval from their first visit (kept in their browser), and
 *   starts only when the interval is above 0 (spec 000 §5);
 * - `endless` counts to `dueDate`, then again to each interval after it, without end.
 */
export const countdownSettings = z.object({
  type: z.enum(COUNTDOWN_TYPES).default('due_date'),
  /** `2027-06-12T23:59`, WIB (due_date, and the first end of an endless countdown). */
  dueDate: z
    .string()
    .refine(isSchoolDateTime, { message: 'Tulis tanggal dan jam seperti 2027-06-12T23:59 (WIB).' })
    .optional(),
  /** The interval of an evergreen or endless countdown: hours and minutes (0 and 0: it does not start). */
  intervalHours: z.number().int().min(0).max(MAX_INTERVAL_HOURS).default(DEFAULT_INTERVAL_HOURS),
  intervalMinutes: z.number().int().min(0).max(59).default(0),
  /** What runs when the time is up (several may be chosen; an endless countdown restarts by itself). */
  expireActions: z.array(z.enum(EXPIRE_ACTIONS)).max(EXPIRE_ACTIONS.length).default([]),
  /** Where the redirect action leads. */
  redirectUrl: linkSetting().optional(),
  /** The message action's rich text (sanitized when stored and when shown). */
  message: z.string().max(5000).default(''),
  /** The line above the digits, which also starts the sentence screen readers read ("… 12 hari 3 jam"). */
  caption: z.string().max(120).default('Sisa waktu'),
  showDays: z.boolean().default(true),
  showHours: z.boolean().default(true),
  showMinutes: z.boolean().default(true),
  showSeconds: z.boolean().default(true),
  /** Shows the due date in words under the digits (due_date), for visitors whose browser runs no script. */
  showDueDate: z.boolean().default(true),
  daysLabel: z.string().min(1).max(30).default('Hari'),
  hoursLabel: z.string().min(1).max(30).default('Jam'),
  minutesLabel: z.string().min(1).max(30).default('Menit'),
  secondsLabel: z.string().min(1).max(30).default('Detik'),
});

export type CountdownSettings = z.output<typeof countdownSettings>;
