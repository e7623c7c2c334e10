import { answerOutcome, type StaffActionArgs, staffAction } from '~/staff/access.server';
import { autosave, MAX_EDITOR_BYTES } from '~/staff/news/editor.server';
import type { Route } from './+types/news-autosave';

// The editor's autosave (a fetch with the X-CSRF-Token header); answers JSON.
export const action = staffAction(
  'posts',
  async ({ context, params, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    return answerOutcome(autosave(context.db, user, fields, params.id));
  },
  { maxBytes: MAX_EDITOR_BYTES },
);
