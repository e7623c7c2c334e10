import { z } from 'zod';
import { AGENDA_CATEGORIES, type AgendaCategory } from './model';

const categories = Object.keys(AGENDA_CATEGORIES) as [AgendaCategory, ...AgendaCategory[]];

/**
 * Settings of the agenda calendar widget (`jet-listing-calendar`, spec 000 §2 "Calendar with month
 * switching"). Kept out of browser modules so that zod stays out of the bundle.
 */
export const agendaCalendarSettings = z.object({
  /** The calendar's name for screen readers and its heading. */
  title: z.string().min(1).max(200).default('Kalender kegiatan'),
  /** Only events of this category; none: every event. */
  category: z.enum(categories).optional(),
  /** Shown under the grid for a month without events. */
  emptyMessage: z.string().max(300).default('Belum ada kegiatan pada bulan ini.'),
});
export type AgendaCalendarSettings = z.infer<typeof agendaCalendarSettings>;

/**
 * The agenda's category filter (issue 21; spec 001: visitors narrow listings, calendars included, with
 * filter widgets): a GET form over the calendar whose choice (`?kategori=`) every calendar of the page
 * follows, its month links and call 8 included.
 */
export const agendaCategoryFilterSettings = z.object({
  label: z.string().min(1).max(100).default('Kategori kegiatan'),
  /** The first choice: no filter. */
  allLabel: z.string().min(1).max(100).default('Semua kategori'),
  buttonText: z.string().min(1).max(60).default('Tampilkan'),
  /** The element id of the calendar the filter sits over: the page comes back to it after a choice. */
  calendar: z
    .string()
    .max(64)
    .regex(/^[\w-]*$/, 'an element id: letters, digits, - and _')
    .default(''),
});
export type AgendaCategoryFilterSettings = z.infer<typeof agendaCategoryFilterSettings>;
