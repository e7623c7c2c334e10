import { Link } from 'react-router';
import { formatSchoolDateTime } from '~/content/posts';
import { siteHref } from '~/lib/site-href';
import { labelled, StaffListFilters, type StaffListProps, StaffListTable, StaffMessage } from '~/ui/staff';
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

const STATUS_OPTIONS = labelled(Object.keys(STATUS_LABELS) as EditorStatus[], STATUS_LABELS);

/** The list of news posts: a GET filter form and plain paging links (both work without JavaScript). */
export function NewsList({ categories, notice, ...list }: NewsListProps) {
  const { total, page, pages, query } = list;
  const categoryOptions = categories.map((c) => ({ value: c.id, label: `${'— '.repeat(c.depth)}${c.name}` }));
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
        id="saring"
        search={{ id: 'cari-judul', label: 'Cari judul', value: query.q, maxLength: 200 }}
        selects={[
          { label: 'Status', name: 'status', value: query.status, all: 'Semua status', options: STATUS_OPTIONS },
          {
            label: 'Kategori',
            name: 'kategori',
            value: query.category,
            all: 'Semua kategori',
            options: categoryOptions,
          },
        ]}
        reset="Semua berita"
      />
      <StaffListTable
        list={list}
        href={listHref}
        pager="Halaman daftar berita"
        caption={`${total.toLocaleString('id-ID')} berita, terbaru dahulu; halaman ${page} dari ${pages}`}
        columns={['Judul', 'Status', 'Penulis', 'Tanggal']}
        empty="Tidak ada berita yang cocok."
        row={(r) => ({
          href: newsPath(r.id),
          name: r.title || '(tanpa judul)',
          cells: [
            <span key="status" className={`news-admin__status news-admin__status--${r.status}`}>
              {STATUS_LABELS[r.status]}
            </span>,
            r.author ?? '—',
            formatSchoolDateTime(r.publishedAt),
          ],
        })}
      />
    </div>
  );
}
