import { Link } from 'react-router';
import {
  StaffHead,
  StaffListFilters,
  type StaffListProps,
  StaffMessage,
  StaffRow,
  StaffSearchField,
  StaffSelect,
  StaffTable,
} from '~/ui/staff';
import { type AlbumListQuery, type AlbumRow, albumListHref, GALLERY_STAFF_PATH } from '../model';

export interface AlbumListProps extends StaffListProps<AlbumRow, AlbumListQuery> {
  notice: string | null;
}

/** The gallery's albums: search and status (a GET form), 20 a page, links to each album's form. */
export function AlbumList({ rows, total, page, pages, query, notice }: AlbumListProps) {
  return (
    <>
      <StaffHead title="Galeri" />
      <StaffMessage>{notice}</StaffMessage>
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
        <StaffSearchField id="galeri-q" label="Cari judul" value={query.q} maxLength={200} />
        <StaffSelect
          id="galeri-status"
          label="Status"
          name="status"
          defaultValue={query.status ?? ''}
          empty="Semua"
          options={[
            { value: 'publish', label: 'Terbit' },
            { value: 'draft', label: 'Draf' },
          ]}
        />
      </StaffListFilters>
      <StaffTable
        caption={`${total} album; halaman ${page} dari ${pages}`}
        columns={['Album', 'Status', 'Tahun', 'Foto', 'Kategori']}
        rows={rows.length}
        empty={`Tidak ada album${query.q || query.status ? ' yang cocok' : ''}.`}
        pager={{ page, pages, label: 'Halaman daftar album', href: (n) => albumListHref({ ...query, page: n }) }}
      >
        {rows.map((r) => (
          <StaffRow
            key={r.id}
            href={`${GALLERY_STAFF_PATH}${r.id}/`}
            name={r.title}
            cells={[r.status === 'publish' ? 'Terbit' : 'Draf', r.year ?? '—', r.photos, r.categories || '—']}
          />
        ))}
      </StaffTable>
    </>
  );
}
