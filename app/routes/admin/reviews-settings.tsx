import { loadSettings, settingsAction } from '~/features/reviews/staff.server';
import { StaffSettings } from '~/features/reviews/ui/staff-settings';
import type { Route } from './+types/reviews-settings';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(context, request);
}

export default function StaffReviewsSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffSettings sources={loaderData.sources} saved={loaderData.saved} refused={actionData ?? null} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
