import { z } from 'zod';
import { formText } from '~/lib/form-text';
import { EVENT_LIMITS, type EventFormValues, eventDatesProblem } from './staff-model';

/**
 * The event form's schema (issue 14 "Agenda"), read on the server from the posted fields. Kept out of
 * the screens' modules so that zod stays out of the browser bundle; the screens set the same limits on
 * their fields (staff-model.ts). The category is checked against the stored categories afterwards.
 */
export const eventFormSchema = z
  .object({
    judul: formText(EVENT_LIMITS.title, 'Judul').pipe(z.string().min(1, 'Isi judul acara.')),
    mulai: z.string().default(''),
    selesai: z.string().default(''),
    waktu: formText(EVENT_LIMITS.time, 'Waktu'),
    tempat: formText(EVENT_LIMITS.place, 'Tempat'),
    kategori: z.string().default('').pipe(z.string().min(1, 'Pilih kategori acara.').max(200)),
    keterangan: formText(EVENT_LIMITS.description, 'Keterangan'),
    /** The event's `modified_at` when the form was opened (an edit), to catch a second editor's save. */
    versi: z.string().max(40).default(''),
  })
  .superRefine((v, ctx) => {
    const problem = eventDatesProblem(v.mulai, v.selesai);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type EventForm = z.output<typeof eventFormSchema>;

/** The posted fields as the form shows them back after an error (nothing typed is lost). */
export function typedValues(fields: Record<string, string>): EventFormValues {
  const pick = (k: keyof EventFormValues) => fields[k] ?? '';
  return {
    judul: pick('judul'),
    mulai: pick('mulai'),
    selesai: pick('selesai'),
    waktu: pick('waktu'),
    tempat: pick('tempat'),
    kategori: pick('kategori'),
    keterangan: pick('keterangan'),
  };
}
