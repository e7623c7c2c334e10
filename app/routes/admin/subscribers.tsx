import { data } from 'react-router';
import { z } from 'zod';
import { listSubscribers, unsubscribeByStaff } from '~/features/subscribe/staff.server';
import { parseSubscriberQuery } from '~/features/subscribe/staff-model';
import { SubscriberList } from '~/features/subscribe/ui/staff-subscribers';
import { type StaffActionArgs, staffAction } from '~/staff/access.server';
import { staffListLoader } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/subscribers';

// Issue 14 "Subscribers": /admin/pelanggan/, the list with search, status and paging, and a
// subscriber unsubscribed by staff (a POST form per row).

export const loader = staffListLoader('subscribers', parseSubscriberQuery, listSubscribers);

const unsubscribeForm = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});

export const action = staffAction(
  'subscribers',
  async ({ context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const parsed = unsubscribeForm.safeParse(fields);
    if (!parsed.success) throw data({ message: 'Pelanggan yang dipilih tidak valid.' }, { status: 400 });
    const outcome = await unsubscribeByStaff(context.db, user.id, parsed.data.id);
    if (outcome.kind === 'missing') throw data({ message: 'Pelanggan ini tidak ditemukan.' }, { status: 404 });
    return {
      ok: true,
      message:
        outcome.kind === 'done'
          ? `${outcome.email} telah berhenti berlangganan.`
          : `${outcome.email} sudah berhenti berlangganan sebelumnya.`,
    };
  },
);

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriberList {...loaderData} notice={actionData ?? null} />;
}

export { StaffError as ErrorBoundary };
