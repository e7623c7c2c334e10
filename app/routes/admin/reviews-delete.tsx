import { deleteConfirmation } from '~/features/reviews/staff.server';
import { StaffDeleteConfirm } from '~/features/reviews/ui/staff-delete';
import { staffAnswer, staffLoader } from '~/staff/access.server';
import type { Route } from './+types/reviews-delete';

export const loader = staffLoader('reviews', ({ request, context }: Route.LoaderArgs) =>
  staffAnswer(deleteConfirmation(context.db, new URL(request.url).searchParams)),
);

export default function StaffReviewsDelete({ loaderData }: Route.ComponentProps) {
  return <StaffDeleteConfirm {...loaderData} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
