import { staffArea } from '~/features/admin/access.server';
import { recentChanges } from '~/features/admin/audit.server';
import { AdminError, useStaff } from '~/features/admin/ui/admin-shell';
import { ChangeList } from '~/features/admin/ui/change-list';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffArea(context, request);
  return { changes: await recentChanges(context.db) };
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const staff = useStaff();
  return (
    <>
      <title>Ruang Staf · SMP Tunas Bangsa</title>
      <h1>Selamat datang, {staff.user.name}</h1>
      <p>Pilih bagian yang ingin Anda kelola dari menu di atas.</p>
      <h2>Perubahan terakhir</h2>
      <ChangeList changes={loaderData.changes} caption="Dua puluh perubahan terakhir oleh staf" />
    </>
  );
}

export { AdminError as ErrorBoundary };
