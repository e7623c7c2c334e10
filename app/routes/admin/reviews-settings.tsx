import { settingsAction, sourceSettings } from '~/features/reviews/staff.server';
import { StaffSettings } from '~/features/reviews/ui/staff-settings';
import { answerOutcome, type StaffActionArgs, staffAction, staffLoader } from '~/staff/access.server';
import type { Route } from './+types/reviews-settings';

export const loader = staffLoader('reviews', ({ request, context }: Route.LoaderArgs) =>
  sourceSettings(context.db, new URL(request.url).searchParams.get('disimpan')),
);

export const action = staffAction('reviews', async ({ context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
  return answerOutcome(settingsAction(context.db, user.id, fields));
});

export default function StaffReviewsSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffSettings sources={loaderData.sources} saved={loaderData.saved} refused={actionData ?? null} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
