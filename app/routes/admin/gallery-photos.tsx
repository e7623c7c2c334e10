import { data } from 'react-router';
import { albumPhotos } from '~/features/gallery-editor/gallery.server';
import { albumIdParam } from '~/features/gallery-editor/model';
import { staffUser } from '~/lib/staff-access.server';
import type { Route } from './+types/gallery-photos';

// Issue 14 "Gallery": /admin/galeri/{id}/foto/, the album's photos and their processing state as JSON;
// the upload screen polls it until each upload is done or failed.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'gallery');
  const id = albumIdParam(params.id);
  const photos = id === null ? null : await albumPhotos(context.db, id);
  if (!photos) throw data({ message: 'Album ini tidak ditemukan.' }, { status: 404 });
  return Response.json({ photos }, { headers: { 'Cache-Control': 'no-store' } });
}
