import type { Db } from '~/db';
import { type MediaView, toMediaView } from './media';

/** Loads the images with these ids in one query; ids without a row are absent from the map. */
export async function getMedia(db: Db, ids: readonly number[]): Promise<Map<number, MediaView>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  const found = new Map<number, MediaView>();
  if (wanted.length === 0) return found;
  const rows = await db.selectFrom('media').selectAll().where('id', 'in', wanted).execute();
  for (const row of rows) found.set(row.id, toMediaView(row));
  return found;
}
