import { data, redirect } from 'react-router';
import { rangeLabel } from '~/features/agenda/model';
import { deleteAgendaEvent, loadAgendaEvent } from '~/features/agenda/staff.server';
import { DeleteEvent } from '~/features/agenda/ui/staff-event-form';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/agenda-delete';

// Issue 14 "Agenda": /admin/agenda/{id}/hapus/ asks before an event is deleted; its POST deletes.

const notFound = () => data({ message: 'Acara ini tidak ditemukan.' }, { status: 404 });

function eventId(raw: string): number {
  const id = recordId(raw);
  if (id === null) throw notFound();
  return id;
}

export const loader = staffLoader('agenda', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const event = await loadAgendaEvent(context.db, eventId(params.id));
  if (!event) throw notFound();
  const { judul, mulai, selesai } = event.values;
  return { id: event.id, title: judul, range: mulai ? rangeLabel(mulai, selesai || mulai) : '' };
});

export const action = staffAction('agenda', async ({ params, context, user }: StaffActionArgs<Route.ActionArgs>) => {
  if (!(await deleteAgendaEvent(context.db, user.id, eventId(params.id)))) throw notFound();
  throw redirect(`${siteHref('/admin/agenda')}?dihapus`);
});

export default function StaffAgendaDelete({ loaderData }: Route.ComponentProps) {
  return <DeleteEvent {...loaderData} />;
}

export { StaffError as ErrorBoundary };
