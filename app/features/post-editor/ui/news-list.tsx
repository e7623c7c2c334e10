import { Form, Link } from 'react-router';
import { StaffPager } from '~/ui/staff';
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

const date = (iso: string) =>
  new Date(iso).toLocaleString('id-ID', { timeZone: 'Asia/Jakarta', dateStyle: 'medium', timeStyle: 'short' });

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
      <Form method="get" className="news-admin__filters" role="search" aria-label="Saring berita">
        <div className="admin-field">
          <label htmlFor="cari-judul">Cari judul</label>
          <input id="cari-judul" name="q" type="search" defaultValue={query.q} />
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
        <button type="submit" className="button">
          Saring
        </button>
      </Form>
      <p aria-live="polite">
        {total === 0 ? 'Tidak ada berita yang cocok.' : `${total.toLocaleString('id-ID')} berita`}
        {pages > 1 ? ` · halaman ${page} dari ${pages}` : ''}
      </p>
      {rows.length > 0 ? (
        <table className="admin-table news-admin__table">
          <caption className="visually-hidden">Daftar berita, terbaru dahulu</caption>
          <thead>
            <tr>
              <th scope="col">Judul</th>
              <th scope="col">Status</th>
              <th scope="col">Penulis</th>
              <th scope="col">Tanggal</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/admin/berita/${r.id}/`}>{r.title || '(tanpa judul)'}</Link>
                </td>
                <td>
                  <span className={`news-admin__status news-admin__status--${r.status}`}>
                    {STATUS_LABELS[r.status]}
                  </span>
                </td>
                <td>{r.author ?? '—'}</td>
                <td>{date(r.publishedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <StaffPager
        page={page}
        pages={pages}
        label="Halaman daftar berita"
        href={(n) => listHref({ ...query, page: n })}
      />
    </div>
  );
}
