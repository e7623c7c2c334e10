import { listAlbums } from '~/features/gallery-editor/gallery.server';
import { ALBUM_NOTICES, parseAlbumListQuery } from '~/features/gallery-editor/model';
import { AlbumList } from '~/features/gallery-editor/ui/album-list';
import { staffUser } from '~/lib/staff-access.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/gallery';

// Issue 14 "Gallery": /admin/galeri/, the gallery's albums (search, status, 20 a page).
export async function loader({ request, context }: Route.LoaderArgs) {
  await staffUser(context, request, 'gallery');
  const params = new URL(request.url).searchParams;
  const query = parseAlbumListQuery(params);
  const list = await listAlbums(context.db, query);
  return { ...list, query: { ...query, page: list.page }, notice: ALBUM_NOTICES[params.get('pesan') ?? ''] ?? null };
}

export default function StaffGallery({ loaderData }: Route.ComponentProps) {
  return <AlbumList {...loaderData} />;
}

export { StaffError as ErrorBoundary };
