import { agendaMonth } from '~/features/agenda/staff.server';
import { AgendaMonthView } from '~/features/agenda/ui/staff-list';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/agenda-month';

// Issue 14 "Agenda": /admin/agenda/kalender/?bulan=YYYY-MM, a month's events on a grid (this month without one).
export const loader = staffLoader('agenda', async ({ request, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  return { month: await agendaMonth(context.db, new URL(request.url).searchParams.get('bulan')) };
});

export default function StaffAgendaMonth({ loaderData }: Route.ComponentProps) {
  return <AgendaMonthView month={loaderData.month} />;
}

export { StaffError as ErrorBoundary };
