import { Form } from 'react-router';
import { CsrfField } from '~/ui/staff';
import { type DeleteData, QUEUE_PATH } from '../staff-model';

/**
 * Asks before deleting reviews (issue 14): the reviews listed, "Ya, hapus" posts them back to the
 * queue with `konfirmasi=ya`; "Batal" is a link back. Works without JavaScript.
 */
export function StaffDeleteConfirm({ reviews, back }: DeleteData) {
  return (
    <>
      <title>Hapus ulasan? · Ruang Staf</title>
      <h1>Hapus {reviews.length === 1 ? 'ulasan ini' : `${reviews.length} ulasan ini`}?</h1>
      <p>Ulasan yang dihapus beserta komentar dan suaranya tidak dapat dikembalikan.</p>
      <ul className="staff-reviews__delete-list">
        {reviews.map((r) => (
          <li key={r.id}>
            <strong>{r.title}</strong> oleh {r.author}, pada “{r.postTitle}”
          </li>
        ))}
      </ul>
      <Form method="post" action={QUEUE_PATH}>
        <CsrfField />
        <input type="hidden" name="aksi" value="delete" />
        <input type="hidden" name="konfirmasi" value="ya" />
        <input type="hidden" name="kembali" value={back} />
        {reviews.map((r) => (
          <input key={r.id} type="hidden" name={`ulasan_${r.id}`} value="1" />
        ))}
        <div className="admin-actions">
          <button type="submit" className="button staff-reviews__danger">
            Ya, hapus
          </button>
          <a href={back}>Batal</a>
        </div>
      </Form>
    </>
  );
}
