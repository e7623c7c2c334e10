import { autosave, MAX_EDITOR_BYTES } from '~/features/post-editor/editor.server';
import { can } from '~/lib/staff';
import { staffForm } from '~/lib/staff-access.server';
import type { Route } from './+types/news-autosave';

// The editor's autosave (a fetch with the X-CSRF-Token header); answers JSON.
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, fields } = await staffForm(context, request, 'posts', MAX_EDITOR_BYTES);
  return autosave(context.db, { id: user.id, anyPost: can(user, 'posts.any') }, fields, params.id);
}
