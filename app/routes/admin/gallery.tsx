import { type StaffLoaderArgs, staffLoader } from '~/staff/access.server';
import { listAlbums } from '~/staff/gallery/gallery.server';
import { ALBUM_NOTICES, parseAlbumListQuery } from '~/staff/gallery/model';
import { AlbumList } from '~/staff/gallery/ui/album-list';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/gallery';

// Issue 14 "Gallery": /admin/galeri/, the gallery's albums (search, status, 20 a page).
export const loader = staffLoader('gallery', async ({ request, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
  const params = new URL(request.url).searchParams;
  const query = parseAlbumListQuery(params);
  const list = await listAlbums(context.db, query);
  return { ...list, query: { ...query, page: list.page }, notice: ALBUM_NOTICES[params.get('pesan') ?? ''] ?? null };
});

export default function StaffGallery({ loaderData }: Route.ComponentProps) {
  return <AlbumList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
