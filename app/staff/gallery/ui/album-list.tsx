import {
  labelled,
  StaffAddLink,
  StaffHead,
  StaffListFilters,
  type StaffListProps,
  StaffListTable,
  StaffMessage,
} from '~/ui/staff';
import { type AlbumListQuery, type AlbumRow, albumListHref, GALLERY_STAFF_PATH } from '../model';

export interface AlbumListProps extends StaffListProps<AlbumRow, AlbumListQuery> {
  notice: string | null;
}

const STATUS_LABELS = { publish: 'Terbit', draft: 'Draf' } as const;
const STATUS_OPTIONS = labelled(['publish', 'draft'], STATUS_LABELS);

/** The gallery's albums: search and status (a GET form), 20 a page, links to each album's form. */
export function AlbumList({ notice, ...list }: AlbumListProps) {
  const { total, page, pages, query } = list;
  return (
    <>
      <StaffHead title="Galeri" />
      <StaffMessage>{notice}</StaffMessage>
      <StaffAddLink to={`${GALLERY_STAFF_PATH}baru/`} label="Tambah album" />
      <StaffListFilters
        action={GALLERY_STAFF_PATH}
        label="Saring album"
        id="galeri"
        search={{ label: 'Cari judul', value: query.q, maxLength: 200 }}
        selects={[{ label: 'Status', name: 'status', value: query.status, all: 'Semua', options: STATUS_OPTIONS }]}
        reset="Semua album"
      />
      <StaffListTable
        list={list}
        href={albumListHref}
        pager="Halaman daftar album"
        caption={`${total} album; halaman ${page} dari ${pages}`}
        columns={['Album', 'Status', 'Tahun', 'Foto', 'Kategori']}
        empty={`Tidak ada album${query.q || query.status ? ' yang cocok' : ''}.`}
        row={(r) => ({
          href: `${GALLERY_STAFF_PATH}${r.id}/`,
          name: r.title,
          cells: [STATUS_LABELS[r.status], r.year ?? '—', r.photos, r.categories || '—'],
        })}
      />
    </>
  );
}
