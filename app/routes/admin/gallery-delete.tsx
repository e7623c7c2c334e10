import { data, redirect } from 'react-router';
import { deleteAlbum, loadAlbum } from '~/features/gallery-editor/gallery.server';
import { albumIdParam, GALLERY_STAFF_PATH } from '~/features/gallery-editor/model';
import { DeleteAlbum } from '~/features/gallery-editor/ui/album-form';
import { staffForm, staffUser } from '~/lib/staff-access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/gallery-delete';

// Issue 14 "Gallery": /admin/galeri/{id}/hapus/ asks before an album is deleted; its POST deletes.

const notFound = () => data({ message: 'Album ini tidak ditemukan.' }, { status: 404 });

function albumId(raw: string): number {
  const id = albumIdParam(raw);
  if (id === null) throw notFound();
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'gallery');
  const album = await loadAlbum(context.db, albumId(params.id));
  if (!album) throw notFound();
  return { id: album.id, title: album.values.judul, photos: album.photos.length };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await staffForm(context, request, 'gallery');
  if (!(await deleteAlbum(context.db, user.id, albumId(params.id)))) throw notFound();
  throw redirect(`${GALLERY_STAFF_PATH}?pesan=dihapus`);
}

export default function StaffGalleryDelete({ loaderData }: Route.ComponentProps) {
  return <DeleteAlbum {...loaderData} />;
}

export { StaffError as ErrorBoundary };
