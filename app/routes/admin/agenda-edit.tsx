import { data, redirect } from 'react-router';
import { agendaCategories, loadAgendaEvent, saveAgendaEvent } from '~/features/agenda/staff.server';
import { eventFormSchema, typedValues } from '~/features/agenda/staff-form';
import { EMPTY_EVENT } from '~/features/agenda/staff-model';
import { EventForm } from '~/features/agenda/ui/staff-event-form';
import { fieldErrors } from '~/lib/form-errors';
import { shownForm } from '~/lib/shown-form';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/agenda-edit';

// Issue 14 "Agenda": /admin/agenda/baru/ (a new event) and /admin/agenda/{id}/ (an event's form).
// A save publishes at once and comes back here with `?disimpan` (post, redirect, get).

const record = staffRecord('Acara ini tidak ditemukan.');

export const loader = staffLoader('agenda', async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const id = record.idOrNew(params.id);
  const categories = await agendaCategories(context.db);
  const saved = new URL(request.url).searchParams.has('disimpan');
  if (id === null) return { id, values: EMPTY_EVENT, version: '', categories, savedMonth: null };
  const event = await loadAgendaEvent(context.db, id);
  if (!event) throw record.notFound();
  return { ...event, categories, savedMonth: saved ? event.values.mulai.slice(0, 7) : null };
});

export const action = staffAction(
  'agenda',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = record.idOrNew(params.id);
    const parsed = eventFormSchema.safeParse(fields);
    const values = typedValues(fields);
    const refuse = (errors: Record<string, string>, status: number) =>
      data({ values, errors, version: fields.versi ?? '' }, { status });
    if (!parsed.success) return refuse(fieldErrors(parsed.error.issues), 400);
    const outcome = await saveAgendaEvent(context.db, user.id, id, parsed.data);
    if ('id' in outcome) throw redirect(`${siteHref('/admin/agenda/:id', { id: String(outcome.id) })}?disimpan`);
    if (outcome.kind === 'missing') throw record.notFound();
    if (outcome.kind === 'category') return refuse({ kategori: 'Pilih salah satu kategori yang ada.' }, 400);
    return refuse(
      {
        form: 'Acara ini telah diubah orang lain sejak formulir ini dibuka, dan isian Anda belum disimpan. Isian Anda masih di sini: simpan lagi untuk menimpa perubahan itu, atau buka acara ini di tab lain untuk melihatnya.',
      },
      409,
    );
  },
);

export default function StaffAgendaEvent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EventForm
      id={loaderData.id}
      version={loaderData.version}
      categories={loaderData.categories}
      {...shownForm(loaderData, actionData)}
      savedMonth={actionData ? null : loaderData.savedMonth}
    />
  );
}

export { StaffError as ErrorBoundary };
