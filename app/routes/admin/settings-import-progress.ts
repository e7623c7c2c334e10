import { data } from 'react-router';
import { recordId } from '~/lib/record-id';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { runProgress } from '~/staff/import/run.server';
import type { Route } from './+types/settings-import-progress';

// Issue 26: /admin/pengaturan/impor/{id}/kemajuan/, a run's progress as JSON; its page asks every second.
export const loader = staffLoader('settings', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const id = recordId(params.id);
  const progress = id === null ? null : await runProgress(context.db, id);
  if (!progress) throw data({ message: 'Impor ini tidak ditemukan.' }, { status: 404 });
  return Response.json(progress, { headers: { 'Cache-Control': 'no-store' } });
});
