import { data } from 'react-router';
import { recordId } from '~/lib/record-id';
import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { albumPhotos } from '~/staff/gallery/gallery.server';
import type { Route } from './+types/gallery-photos';

// Issue 14 "Gallery": /admin/galeri/{id}/foto/, the album's photos and their processing state as JSON;
// the upload screen polls it until each upload is done or failed.
export const loader = staffLoader('gallery', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const id = recordId(params.id);
  const photos = id === null ? null : await albumPhotos(context.db, id);
  if (!photos) throw data({ message: 'Album ini tidak ditemukan.' }, { status: 404 });
  return Response.json({ photos }, { headers: { 'Cache-Control': 'no-store' } });
});
