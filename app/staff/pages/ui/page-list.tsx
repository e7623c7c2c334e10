import { Link } from 'react-router';
import { formatPostDate } from '~/content/posts';
import { StaffListFilters, StaffTable } from '~/ui/staff';
import {
  editorPath,
  PAGES_STAFF_PATH,
  type PageListQuery,
  type PageRow,
  pageListHref,
  STATUS_LABELS,
  TYPE_LABELS,
} from '../model';

export interface PageListProps {
  rows: PageRow[];
  total: number;
  page: number;
  pages: number;
  query: PageListQuery;
}

/** The pages and templates: a search by title and a type filter (a GET form), 20 a page, each opening its editor. */
export function PageList({ rows, total, page, pages, query }: PageListProps) {
  return (
    <>
      <title>Halaman · Ruang Staf</title>
      <h1>Halaman dan templat</h1>
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
        <div className="admin-field">
          <label htmlFor="halaman-q">Judul</label>
          <input id="halaman-q" type="search" name="q" defaultValue={query.q} maxLength={100} />
        </div>
        <div className="admin-field">
          <label htmlFor="halaman-jenis">Jenis</label>
          <select id="halaman-jenis" name="jenis" defaultValue={query.type ?? ''}>
            <option value="">Semua</option>
            <option value="halaman">Halaman</option>
            <option value="templat">Templat</option>
          </select>
        </div>
      </StaffListFilters>
      <StaffTable
        caption={`${total} halaman dan templat, yang terakhir diubah lebih dulu; halaman ${page} dari ${pages}`}
        columns={['Judul', 'Jenis', 'Status', 'Diubah']}
        rows={rows.length}
        empty="Tidak ada halaman atau templat yang cocok."
        pager={{ page, pages, label: 'Halaman daftar halaman', href: (n) => pageListHref({ ...query, page: n }) }}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={editorPath(r.id)}>{r.title}</Link>
            </th>
            <td>{TYPE_LABELS[r.type] ?? r.type}</td>
            <td>
              {STATUS_LABELS[r.status] ?? r.status}
              {r.hasDraft ? ' · ada draf' : ''}
            </td>
            <td>
              <time dateTime={r.modifiedAt}>{formatPostDate(r.modifiedAt)}</time>
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
