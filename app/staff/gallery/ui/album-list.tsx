import { Link } from 'react-router';
import { StaffListFilters, StaffTable } from '~/ui/staff';
import { type AlbumListQuery, albumListHref, GALLERY_STAFF_PATH } from '../model';

/** One album of the list (gallery.server.ts AlbumRow). */
export interface AlbumListItem {
  id: number;
  title: string;
  slug: string;
  status: 'publish' | 'draft';
  year: number | null;
  photos: number;
  categories: string;
}

export interface AlbumListProps {
  rows: AlbumListItem[];
  total: number;
  page: number;
  pages: number;
  query: AlbumListQuery;
  notice: string | null;
}

/** The gallery's albums: search and status (a GET form), 20 a page, links to each album's form. */
export function AlbumList({ rows, total, page, pages, query, notice }: AlbumListProps) {
  return (
    <>
      <title>Galeri · Ruang Staf</title>
      <h1>Galeri</h1>
      {notice && (
        <p role="status" className="admin-notice">
          {notice}
        </p>
      )}
      <p className="admin-actions">
        <Link to={`${GALLERY_STAFF_PATH}baru/`} className="button">
          Tambah album
        </Link>
      </p>
      <StaffListFilters
        action={GALLERY_STAFF_PATH}
        label="Saring album"
        reset={query.q || query.status ? 'Semua album' : null}
      >
        <div className="admin-field">
          <label htmlFor="galeri-q">Cari judul</label>
          <input id="galeri-q" type="search" name="q" defaultValue={query.q} maxLength={200} />
        </div>
        <div className="admin-field">
          <label htmlFor="galeri-status">Status</label>
          <select id="galeri-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">Semua</option>
            <option value="publish">Terbit</option>
            <option value="draft">Draf</option>
          </select>
        </div>
      </StaffListFilters>
      <StaffTable
        caption={`${total} album; halaman ${page} dari ${pages}`}
        columns={['Album', 'Status', 'Tahun', 'Foto', 'Kategori']}
        rows={rows.length}
        empty={`Tidak ada album${query.q || query.status ? ' yang cocok' : ''}.`}
        pager={{ page, pages, label: 'Halaman daftar album', href: (n) => albumListHref({ ...query, page: n }) }}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`${GALLERY_STAFF_PATH}${r.id}/`}>{r.title}</Link>
            </th>
            <td>{r.status === 'publish' ? 'Terbit' : 'Draf'}</td>
            <td>{r.year ?? '—'}</td>
            <td>{r.photos}</td>
            <td>{r.categories || '—'}</td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
