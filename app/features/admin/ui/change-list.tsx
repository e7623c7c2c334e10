import { formatPostDate } from '~/content/posts';
import type { ChangeRow } from '../model';

/** The audit log's rows: when, who, what, on what (newest first). */
export function ChangeList({ changes, caption }: { changes: ChangeRow[]; caption: string }) {
  if (changes.length === 0) return <p>Belum ada perubahan.</p>;
  return (
    <table className="admin-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Waktu</th>
          <th scope="col">Oleh</th>
          <th scope="col">Tindakan</th>
          <th scope="col">Tentang</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.id}>
            <td>
              <time dateTime={c.at}>{formatPostDate(c.at)}</time>
            </td>
            <td>{c.who}</td>
            <td>{c.action}</td>
            <td>{c.summary}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
