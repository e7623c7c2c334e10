import { loadDeleteConfirmation } from '~/features/reviews/staff.server';
import { StaffDeleteConfirm } from '~/features/reviews/ui/staff-delete';
import type { Route } from './+types/reviews-delete';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadDeleteConfirmation(context, request);
}

export default function StaffReviewsDelete({ loaderData }: Route.ComponentProps) {
  return <StaffDeleteConfirm {...loaderData} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
