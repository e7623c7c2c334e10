import { loadQueue, queueAction } from '~/features/reviews/staff.server';
import { noticeFrom } from '~/features/reviews/staff-model';
import { StaffQueue } from '~/features/reviews/ui/staff-queue';
import type { Route } from './+types/reviews';

export async function loader({ request, context }: Route.LoaderArgs) {
  const queue = await loadQueue(context, request);
  return { queue, notice: noticeFrom(new URL(request.url).searchParams) };
}

export function action({ request, context }: Route.ActionArgs) {
  return queueAction(context, request);
}

export default function StaffReviews({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffQueue queue={loaderData.queue} refused={actionData ?? null} notice={loaderData.notice} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
