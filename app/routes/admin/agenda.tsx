import { listAgendaEvents } from '~/features/agenda/staff.server';
import { parseAgendaListQuery } from '~/features/agenda/staff-model';
import { AgendaList } from '~/features/agenda/ui/staff-list';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/agenda';

// Issue 14 "Agenda": /admin/agenda/, the school's events (upcoming first, or one month's).
export const loader = staffLoader('agenda', async ({ request, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const params = new URL(request.url).searchParams;
  const query = parseAgendaListQuery(params);
  const list = await listAgendaEvents(context.db, query);
  return { ...list, query, notice: params.has('dihapus') ? 'Acara telah dihapus dari agenda.' : null };
});

export default function StaffAgenda({ loaderData }: Route.ComponentProps) {
  return <AgendaList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
