import { Link } from 'react-router';
import { formatSchoolDateTime } from '~/content/posts';
import { StaffListFilters, StaffTable } from '~/ui/staff';
import { type EditorStatus, type ListQuery, listHref, STATUS_LABELS } from '../model';

/** What the staff list of news shows (editor.server.ts `newsListPage`). */
export interface NewsListProps {
  rows: Array<{
    id: number;
    title: string;
    status: EditorStatus;
    publishedAt: string;
    author: string | null;
  }>;
  total: number;
  page: number;
  pages: number;
  query: ListQuery;
  categories: Array<{ id: number; name: string; depth: number }>;
  notice: string | null;
}

/** The list of news posts: a GET filter form and plain paging links (both work without JavaScript). */
export function NewsList({ rows, total, page, pages, query, categories, notice }: NewsListProps) {
  return (
    <div className="news-admin">
      <title>{`Berita · Ruang Staf${page > 1 ? ` · halaman ${page}` : ''}`}</title>
      <div className="news-admin__head">
        <h1>Berita</h1>
        <Link to="/admin/berita/baru/" className="button">
          Tulis berita baru
        </Link>
      </div>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <StaffListFilters
        action="/admin/berita/"
        label="Saring berita"
        submit="Saring"
        reset={query.q || query.status || query.category ? 'Semua berita' : null}
      >
        <div className="admin-field">
          <label htmlFor="cari-judul">Cari judul</label>
          <input id="cari-judul" name="q" type="search" defaultValue={query.q} maxLength={200} />
        </div>
        <div className="admin-field">
          <label htmlFor="saring-status">Status</label>
          <select id="saring-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">Semua status</option>
            {(Object.keys(STATUS_LABELS) as EditorStatus[]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="saring-kategori">Kategori</label>
          <select id="saring-kategori" name="kategori" defaultValue={query.category ?? ''}>
            <option value="">Semua kategori</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {`${'— '.repeat(c.depth)}${c.name}`}
              </option>
            ))}
          </select>
        </div>
      </StaffListFilters>
      <StaffTable
        caption={`${total.toLocaleString('id-ID')} berita, terbaru dahulu; halaman ${page} dari ${pages}`}
        columns={['Judul', 'Status', 'Penulis', 'Tanggal']}
        rows={rows.length}
        empty="Tidak ada berita yang cocok."
        pager={{ page, pages, label: 'Halaman daftar berita', href: (n) => listHref({ ...query, page: n }) }}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`/admin/berita/${r.id}/`}>{r.title || '(tanpa judul)'}</Link>
            </th>
            <td>
              <span className={`news-admin__status news-admin__status--${r.status}`}>{STATUS_LABELS[r.status]}</span>
            </td>
            <td>{r.author ?? '—'}</td>
            <td>{formatSchoolDateTime(r.publishedAt)}</td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
