import { siteHref } from '~/lib/site-href';
import { deleteAlbum, loadAlbum } from '~/staff/gallery/gallery.server';
import { DeleteAlbum } from '~/staff/gallery/ui/album-form';
import { staffDeletion, staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/gallery-delete';

// Issue 14 "Gallery": /admin/galeri/{id}/hapus/ asks before an album is deleted; its POST deletes.

const deletion = staffDeletion('gallery', staffRecord('Album ini tidak ditemukan.'), {
  async load(db, id) {
    const album = await loadAlbum(db, id);
    return album && { id: album.id, title: album.values.judul, photos: album.photos.length };
  },
  remove: deleteAlbum,
  done: `${siteHref('/admin/galeri')}?pesan=dihapus`,
});

export const loader = deletion.loader;
export const action = deletion.action;

export default function StaffGalleryDelete({ loaderData }: Route.ComponentProps) {
  return <DeleteAlbum {...loaderData} />;
}

export { StaffError as ErrorBoundary };
