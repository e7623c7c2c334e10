import { data, redirect } from 'react-router';
import { checkCsrf, type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { drainBody, listRuns, receiveImportUpload, serverUploadsDir } from '~/staff/import/run.server';
import stylesheet from '~/staff/import/ui/import.css?url';
import { ImportScreen, runHref } from '~/staff/import/ui/import-screen';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/settings-import';

// Issue 26 "Move a school's existing WordPress site in" (administrators): /admin/pengaturan/impor/. The upload of
// an export, streamed to disk, becomes a run the background job imports; the browser goes on to the run's page.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const loader = staffLoader('settings', async ({ context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const runs = await listRuns(context.db);
  return { runs, serverUploads: serverUploadsDir() };
});

const upload = staffAction(
  'settings',
  async ({ request, context, user }: StaffActionArgs<Route.ActionArgs>) => {
    const outcome = await receiveImportUpload(context.db, user.id, request, (fields) =>
      checkCsrf(context, user, request, fields),
    );
    if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status });
    throw redirect(runHref(outcome.runId));
  },
  // The body is the export itself: read as it arrives, straight to disk, by the feature.
  { readsBody: true },
);

// A refusal before the body is read (a visitor, a role without the need) still reads what the browser sends, so
// that it gets the answer rather than a reset connection.
export const action = Object.assign(
  async (args: Route.ActionArgs) => {
    try {
      return await upload(args);
    } catch (error) {
      await drainBody(args.request);
      throw error;
    }
  },
  { need: upload.need },
);

export default function StaffImport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ImportScreen runs={loaderData.runs} serverUploads={loaderData.serverUploads} error={actionData?.error ?? null} />
  );
}

export { StaffError as ErrorBoundary };
