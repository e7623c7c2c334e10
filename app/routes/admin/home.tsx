import { recentChanges } from '~/features/admin/audit.server';
import { ChangeList } from '~/features/admin/ui/change-list';
import { staffArea } from '~/lib/staff-access.server';
import { StaffError, useStaff } from '~/ui/staff';
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

export { StaffError as ErrorBoundary };
