import { Link } from 'react-router';
import { StaffAddLink, StaffTable } from '~/ui/staff';
import { FILTER_TYPE_LABELS, FILTERS_STAFF_PATH, type FilterUse, type StaffFilterRow } from '../staff-model';

/** Where a filter is shown: a link to each published page, the others by title and status. */
export function FilterUses({ uses }: { uses: readonly FilterUse[] }) {
  if (uses.length === 0) return <>Belum dipakai</>;
  return (
    <ul className="staff-filter-uses">
      {uses.map((u) => (
        <li key={u.postId}>
          {u.url ? <a href={u.url}>{u.title}</a> : u.title}
          {u.type === 'template' ? ' (templat)' : u.status !== 'publish' ? ' (belum terbit)' : ''}
        </li>
      ))}
    </ul>
  );
}

/** The query a filter reads, as the wire names it (`tax_query category`, `meta_query biaya|range`). */
export function queryText(f: { queryType: string; queryVar: string; queryVarSuffix: string }): string {
  return `${f.queryType}${f.queryVar ? ` ${f.queryVar}` : ''}${f.queryVarSuffix ? `|${f.queryVarSuffix}` : ''}`;
}

const typeLabel = (type: string) => (FILTER_TYPE_LABELS as Record<string, string>)[type] ?? type;

/** The filters' list: every stored filter, its type and query, the pages that show it; links to add, edit and delete. */
export function FilterList({ rows, notice }: { rows: StaffFilterRow[]; notice: string | null }) {
  return (
    <>
      <title>Filter · Ruang Staf</title>
      <h1>Filter</h1>
      {notice && (
        <p role="status" className="admin-notice">
          {notice}
        </p>
      )}
      <p>
        Filter menyaring daftar berita, galeri dan ekskul di halaman publik. Jumlah pada setiap opsi dihitung langsung
        dari isi situs, jadi selalu sesuai tanpa perlu diindeks ulang.
      </p>
      <StaffAddLink to={`${FILTERS_STAFF_PATH}baru/`} label="Tambah filter" />
      <StaffTable
        caption={`${rows.length} filter`}
        columns={['Filter', 'Jenis', 'Kueri', 'Dipakai di', 'Tindakan']}
        rows={rows.length}
        empty="Belum ada filter."
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              {r.broken ? r.name : <Link to={`${FILTERS_STAFF_PATH}${r.id}/`}>{r.name}</Link>}
              <div className="staff-hint">
                {r.broken ? 'Data filter ini rusak; hapus lalu buat ulang.' : `Label: ${r.label} · id ${r.id}`}
              </div>
            </th>
            <td>{typeLabel(r.type)}</td>
            <td>
              <code>{queryText(r)}</code>
            </td>
            <td>
              <FilterUses uses={r.uses} />
            </td>
            <td>
              <Link to={`${FILTERS_STAFF_PATH}${r.id}/hapus/`} aria-label={`Hapus ${r.name}`}>
                Hapus
              </Link>
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
