import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { recentChanges } from '~/staff/admin/audit.server';
import { ChangeList } from '~/staff/admin/ui/change-list';
import { StaffError, useStaff } from '~/ui/staff';
import type { Route } from './+types/home';

export const loader = staffLoader('staff', async ({ context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  return { changes: await recentChanges(context.db) };
});

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
