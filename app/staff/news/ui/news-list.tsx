import { Link } from 'react-router';
import { formatSchoolDateTime } from '~/content/posts';
import { siteHref } from '~/lib/site-href';
import {
  labelled,
  StaffListFilters,
  type StaffListProps,
  StaffMessage,
  StaffRow,
  StaffSearchField,
  StaffSelect,
  StaffTable,
} from '~/ui/staff';
import { type EditorStatus, type ListQuery, listHref, newsPath, STATUS_LABELS } from '../model';

/** What the staff list of news shows (editor.server.ts `newsListPage`). */
export interface NewsListProps
  extends StaffListProps<
    { id: number; title: string; status: EditorStatus; publishedAt: string; author: string | null },
    ListQuery
  > {
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
        <Link to={siteHref('/admin/berita/baru')} className="button">
          Tulis berita baru
        </Link>
      </div>
      <StaffMessage>{notice}</StaffMessage>
      <StaffListFilters
        action={siteHref('/admin/berita')}
        label="Saring berita"
        submit="Saring"
        reset={query.q || query.status || query.category ? 'Semua berita' : null}
      >
        <StaffSearchField id="cari-judul" label="Cari judul" value={query.q} maxLength={200} />
        <StaffSelect
          id="saring-status"
          label="Status"
          name="status"
          defaultValue={query.status ?? ''}
          empty="Semua status"
          options={labelled(Object.keys(STATUS_LABELS) as EditorStatus[], STATUS_LABELS)}
        />
        <StaffSelect
          id="saring-kategori"
          label="Kategori"
          name="kategori"
          defaultValue={query.category ?? ''}
          empty="Semua kategori"
          options={categories.map((c) => ({ value: c.id, label: `${'— '.repeat(c.depth)}${c.name}` }))}
        />
      </StaffListFilters>
      <StaffTable
        caption={`${total.toLocaleString('id-ID')} berita, terbaru dahulu; halaman ${page} dari ${pages}`}
        columns={['Judul', 'Status', 'Penulis', 'Tanggal']}
        rows={rows.length}
        empty="Tidak ada berita yang cocok."
        pager={{ page, pages, label: 'Halaman daftar berita', href: (n) => listHref({ ...query, page: n }) }}
      >
        {rows.map((r) => (
          <StaffRow
            key={r.id}
            href={newsPath(r.id)}
            name={r.title || '(tanpa judul)'}
            cells={[
              <span key="status" className={`news-admin__status news-admin__status--${r.status}`}>
                {STATUS_LABELS[r.status]}
              </span>,
              r.author ?? '—',
              formatSchoolDateTime(r.publishedAt),
            ]}
          />
        ))}
      </StaffTable>
    </div>
  );
}
