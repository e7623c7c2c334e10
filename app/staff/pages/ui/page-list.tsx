import { formatPostDate } from '~/content/posts';
import { StaffHead, StaffListFilters, type StaffListProps, StaffListTable } from '~/ui/staff';
import {
  editorPath,
  PAGES_STAFF_PATH,
  type PageListQuery,
  type PageRow,
  pageListHref,
  STATUS_LABELS,
  TYPE_LABELS,
} from '../model';

export type PageListProps = StaffListProps<PageRow, PageListQuery>;

const TYPE_OPTIONS = [
  { value: 'halaman', label: 'Halaman' },
  { value: 'templat', label: 'Templat' },
];

/** The pages and templates: a search by title and a type filter (a GET form), 20 a page, each opening its editor. */
export function PageList(list: PageListProps) {
  const { total, page, pages, query } = list;
  return (
    <>
      <StaffHead title="Halaman" heading="Halaman dan templat" />
      <p>
        Pilih halaman atau templat untuk menyusun bagian, kolom, dan widgetnya. Perubahan disimpan sebagai draf dan baru
        tampil di situs setelah diterbitkan.
      </p>
      <StaffListFilters
        action={PAGES_STAFF_PATH}
        label="Cari halaman"
        submit="Cari"
        id="halaman"
        search={{ label: 'Judul', value: query.q, maxLength: 100 }}
        selects={[{ label: 'Jenis', name: 'jenis', value: query.type, all: 'Semua', options: TYPE_OPTIONS }]}
        reset="Semua halaman"
      />
      <StaffListTable
        list={list}
        href={pageListHref}
        pager="Halaman daftar halaman"
        caption={`${total} halaman dan templat, yang terakhir diubah lebih dulu; halaman ${page} dari ${pages}`}
        columns={['Judul', 'Jenis', 'Status', 'Diubah']}
        empty="Tidak ada halaman atau templat yang cocok."
        row={(r) => ({
          href: editorPath(r.id),
          name: r.title,
          cells: [
            TYPE_LABELS[r.type] ?? r.type,
            <>
              {STATUS_LABELS[r.status] ?? r.status}
              {r.hasDraft ? ' · ada draf' : ''}
            </>,
            <time key="diubah" dateTime={r.modifiedAt}>
              {formatPostDate(r.modifiedAt)}
            </time>,
          ],
        })}
      />
    </>
  );
}
