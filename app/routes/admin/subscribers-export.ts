import { exportSubscribers } from '~/features/subscribe/staff.server';
import { exportFileName, parseSubscriberQuery, schoolDate } from '~/features/subscribe/staff-model';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import type { Route } from './+types/subscribers-export';

// Issue 14 "Subscribers": /admin/pelanggan/ekspor.csv, the subscribers of the list's search and status
// as a UTF-8 CSV file with a BOM (a resource route: no view).
export const loader = staffLoader('subscribers', async ({ request, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const query = parseSubscriberQuery(new URL(request.url).searchParams);
  const csv = await exportSubscribers(context.db, query);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(schoolDate(new Date()))}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
});
