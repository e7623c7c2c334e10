import { data, redirect } from 'react-router';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { deleteAlbum, loadAlbum } from '~/staff/gallery/gallery.server';
import { DeleteAlbum } from '~/staff/gallery/ui/album-form';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/gallery-delete';

// Issue 14 "Gallery": /admin/galeri/{id}/hapus/ asks before an album is deleted; its POST deletes.

const notFound = () => data({ message: 'Album ini tidak ditemukan.' }, { status: 404 });

function albumId(raw: string): number {
  const id = recordId(raw);
  if (id === null) throw notFound();
  return id;
}

export const loader = staffLoader('gallery', async ({ params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const album = await loadAlbum(context.db, albumId(params.id));
  if (!album) throw notFound();
  return { id: album.id, title: album.values.judul, photos: album.photos.length };
});

export const action = staffAction('gallery', async ({ params, context, user }: StaffActionArgs<Route.ActionArgs>) => {
  if (!(await deleteAlbum(context.db, user.id, albumId(params.id)))) throw notFound();
  throw redirect(`${siteHref('/admin/galeri')}?pesan=dihapus`);
});

export default function StaffGalleryDelete({ loaderData }: Route.ComponentProps) {
  return <DeleteAlbum {...loaderData} />;
}

export { StaffError as ErrorBoundary };
