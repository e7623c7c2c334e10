import { data } from 'react-router';
import { recordId } from '~/lib/record-id';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { runDetails } from '~/staff/import/run.server';
import stylesheet from '~/staff/import/ui/import.css?url';
import { RunScreen } from '~/staff/import/ui/run-screen';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/settings-import-run';

// Issue 26: /admin/pengaturan/impor/{id}/, one import run: its progress while it runs, then its report.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const loader = staffLoader('settings', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const id = recordId(params.id);
  const run = id === null ? null : await runDetails(context.db, id);
  if (!run) throw data({ message: 'Impor ini tidak ditemukan.' }, { status: 404 });
  return run;
});

export default function StaffImportRun({ loaderData }: Route.ComponentProps) {
  return <RunScreen {...loaderData} />;
}

export { StaffError as ErrorBoundary };
