import { formatPostDate } from '~/content/posts';
import {
  StaffHead,
  StaffListFilters,
  type StaffListProps,
  StaffRow,
  StaffSearchField,
  StaffSelect,
  StaffTable,
} from '~/ui/staff';
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

/** The pages and templates: a search by title and a type filter (a GET form), 20 a page, each opening its editor. */
export function PageList({ rows, total, page, pages, query }: PageListProps) {
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
        reset={query.q || query.type ? 'Semua halaman' : null}
      >
        <StaffSearchField id="halaman-q" label="Judul" value={query.q} maxLength={100} />
        <StaffSelect
          id="halaman-jenis"
          label="Jenis"
          name="jenis"
          defaultValue={query.type ?? ''}
          empty="Semua"
          options={[
            { value: 'halaman', label: 'Halaman' },
            { value: 'templat', label: 'Templat' },
          ]}
        />
      </StaffListFilters>
      <StaffTable
        caption={`${total} halaman dan templat, yang terakhir diubah lebih dulu; halaman ${page} dari ${pages}`}
        columns={['Judul', 'Jenis', 'Status', 'Diubah']}
        rows={rows.length}
        empty="Tidak ada halaman atau templat yang cocok."
        pager={{ page, pages, label: 'Halaman daftar halaman', href: (n) => pageListHref({ ...query, page: n }) }}
      >
        {rows.map((r) => (
          <StaffRow
            key={r.id}
            href={editorPath(r.id)}
            name={r.title}
            cells={[
              TYPE_LABELS[r.type] ?? r.type,
              <>
                {STATUS_LABELS[r.status] ?? r.status}
                {r.hasDraft ? ' · ada draf' : ''}
              </>,
              <time key="diubah" dateTime={r.modifiedAt}>
                {formatPostDate(r.modifiedAt)}
              </time>,
            ]}
          />
        ))}
      </StaffTable>
    </>
  );
}
