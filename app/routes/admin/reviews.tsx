import { data, redirect } from 'react-router';
import { listQueue, queueAction } from '~/features/reviews/staff.server';
import { noticeFrom, readQueueQuery } from '~/features/reviews/staff-model';
import { StaffQueue } from '~/features/reviews/ui/staff-queue';
import { answerOutcome, type StaffActionArgs, staffAction, staffAnswer, staffLoader } from '~/staff/access.server';
import type { Route } from './+types/reviews';

/** The queue's page: 301 for `?halaman=1`, 400 for junk, 404 past the last page or for an unknown source. */
export const loader = staffLoader('reviews', async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const read = readQueueQuery(params);
  if (read.kind === 'canonical') throw redirect(read.href, 301);
  if (read.kind === 'invalid') throw data({ message: read.message }, { status: 400 });
  return { queue: await staffAnswer(listQueue(context.db, read.filter)), notice: noticeFrom(params) };
});

export const action = staffAction('reviews', async ({ context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
  return answerOutcome(queueAction(context.db, user.id, fields));
});

export default function StaffReviews({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffQueue queue={loaderData.queue} refused={actionData ?? null} notice={loaderData.notice} />;
}

export { StaffError as ErrorBoundary } from '~/ui/staff';
