import { formatPostDate } from '~/content/posts';
import { StaffTableHead } from '~/ui/staff';
import type { ChangeRow } from '../model';

/** The audit log's rows: when, who, what, on what (newest first). */
export function ChangeList({ changes, caption }: { changes: ChangeRow[]; caption: string }) {
  if (changes.length === 0) return <p>Belum ada perubahan.</p>;
  return (
    // A region of its own that scrolls sideways on a phone, reachable by the keyboard (its rows hold no links).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
    <section className="staff-scroll" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <StaffTableHead columns={['Waktu', 'Oleh', 'Tindakan', 'Tentang']} />
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
    </section>
  );
}
