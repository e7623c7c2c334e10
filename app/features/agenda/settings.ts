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
