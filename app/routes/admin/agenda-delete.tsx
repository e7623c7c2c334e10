import { rangeLabel } from '~/features/agenda/model';
import { deleteAgendaEvent, loadAgendaEvent } from '~/features/agenda/staff.server';
import { DeleteEvent } from '~/features/agenda/ui/staff-event-form';
import { siteHref } from '~/lib/site-href';
import { staffDeletion, staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/agenda-delete';

// Issue 14 "Agenda": /admin/agenda/{id}/hapus/ asks before an event is deleted; its POST deletes.

const deletion = staffDeletion('agenda', staffRecord('Acara ini tidak ditemukan.'), {
  async load(db, id) {
    const event = await loadAgendaEvent(db, id);
    if (!event) return null;
    const { judul, mulai, selesai } = event.values;
    return { id: event.id, title: judul, range: mulai ? rangeLabel(mulai, selesai || mulai) : '' };
  },
  remove: deleteAgendaEvent,
  done: `${siteHref('/admin/agenda')}?dihapus`,
});

export const loader = deletion.loader;
export const action = deletion.action;

export default function StaffAgendaDelete({ loaderData }: Route.ComponentProps) {
  return <DeleteEvent {...loaderData} />;
}

export { StaffError as ErrorBoundary };
