import { Form, useNavigation } from 'react-router';
import { formatPostDate } from '~/content/posts';
import { siteHref } from '~/lib/site-href';
import { CsrfField, StaffMessage, StaffPager, StaffTableHead } from '~/ui/staff';
import {
  ACTION_LABELS,
  afterAction,
  pendingAction,
  QUEUE_PATH,
  type QueueActionError,
  type QueueData,
  type QueueRow,
  queueHref,
  REVIEW_ACTIONS,
  REVIEW_STATUSES,
  STATUS_LABELS,
  sourceLabel,
} from '../staff-model';

/** The props of the queue screen: the loader's page, the refused action's answer, a notice after a change. */
export interface StaffQueueProps {
  queue: QueueData;
  refused: QueueActionError | null;
  notice: string | null;
}

/**
 * The whole site's reviews, newest first (issue 14): a filter form (GET), then one POST form holding
 * the bulk bar, the rows' checkboxes and each row's own buttons (`satu` = `approve:12`), so that every
 * action works as a plain form without JavaScript.
 */
export function StaffQueue({ queue, refused, notice }: StaffQueueProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  // Optimistic: the rows being changed show their new state at once; a refused action leaves the
  // loader's rows as they were, so they fall back by themselves.
  const sending = navigation.formData && navigation.formMethod === 'POST' ? pendingAction(navigation.formData) : null;
  const { filter } = queue;
  const here = queueHref(filter);
  const selected = new Set(refused?.selected ?? []);
  return (
    <>
      <title>Ulasan · Ruang Staf</title>
      <div className="staff-reviews__head">
        <h1>Ulasan</h1>
        <a href={siteHref('/admin/ulasan/pengaturan')}>Pengaturan per sumber</a>
      </div>
      <StaffMessage>{notice}</StaffMessage>

      <Form method="get" action={QUEUE_PATH} className="staff-reviews__filter" aria-label="Saring ulasan">
        <div className="admin-field">
          <label htmlFor="ulasan-status">Status</label>
          <select id="ulasan-status" name="status" defaultValue={filter.status ?? ''}>
            <option value="">Semua ({queue.counts.semua})</option>
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]} ({queue.counts[s]})
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="ulasan-sumber">Sumber</label>
          <select id="ulasan-sumber" name="sumber" defaultValue={filter.source ?? ''}>
            <option value="">Semua sumber</option>
            {queue.sources.map((s) => (
              <option key={s.postType} value={s.postType}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Tampilkan
        </button>
      </Form>

      {queue.rows.length === 0 ? (
        <p>Tidak ada ulasan dengan saringan ini.</p>
      ) : (
        <Form method="post" action={here} className="staff-reviews__form">
          <CsrfField />
          <input type="hidden" name="kembali" value={here} />
          <div className="staff-reviews__bulk">
            <div className="admin-field">
              <label htmlFor="ulasan-aksi">Tindakan untuk ulasan terpilih</label>
              <select
                id="ulasan-aksi"
                name="aksi"
                defaultValue={refused?.action ?? ''}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? 'ulasan-aksi-error' : undefined}
              >
                <option value="">Pilih tindakan</option>
                {REVIEW_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {ACTION_LABELS[a]}
                  </option>
                ))}
              </select>
              {refused ? (
                <p id="ulasan-aksi-error" className="admin-field__error" role="alert">
                  {refused.error}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button" disabled={busy}>
              Terapkan
            </button>
          </div>
          <table className="admin-table staff-reviews__table">
            <caption>
              {queue.total} ulasan · halaman {filter.page} dari {queue.pages}
            </caption>
            <StaffTableHead columns={['Pilih', 'Ulasan', 'Penulis', 'Sumber', 'Tanggal', 'Status', 'Tindakan']} />
            <tbody>
              {queue.rows.map((row) => {
                const shown = sending?.ids.includes(row.id) ? afterAction(row, sending.action) : row;
                return (
                  <QueueRowView
                    key={row.id}
                    row={shown ? { ...row, ...shown } : row}
                    sending={shown !== row}
                    checked={selected.has(row.id)}
                    busy={busy}
                    back={here}
                  />
                );
              })}
            </tbody>
          </table>
        </Form>
      )}
      <StaffPager
        page={queue.filter.page}
        pages={queue.pages}
        label="Halaman antrean ulasan"
        href={(n) => queueHref({ ...queue.filter, page: n })}
      />
    </>
  );
}

/** One review: its checkbox, what it says, where, when, its state and its buttons. */
function QueueRowView({
  row,
  sending,
  checked,
  busy,
  back,
}: {
  row: QueueRow;
  /** the row's action is being sent (it shows the state it will have) */
  sending: boolean;
  checked: boolean;
  busy: boolean;
  back: string;
}) {
  const titleId = `ulasan-${row.id}-judul`;
  const button = (action: 'approve' | 'reject' | 'pin' | 'unpin') => (
    <button
      type="submit"
      name="satu"
      value={`${action}:${row.id}`}
      className="button staff-reviews__small"
      aria-describedby={titleId}
      disabled={busy}
    >
      {ACTION_LABELS[action]}
    </button>
  );
  return (
    <tr data-status={row.status} data-pinned={row.pinned || undefined} data-sending={sending || undefined}>
      <td data-label="Pilih">
        <input
          type="checkbox"
          name={`ulasan_${row.id}`}
          value="1"
          defaultChecked={checked}
          aria-label={`Pilih ulasan “${row.title}”`}
          className="staff-reviews__check"
        />
      </td>
      <td data-label="Ulasan" className="staff-reviews__review">
        <strong id={titleId}>{row.title}</strong>
        <span className="staff-reviews__stars">{row.stars.toLocaleString('id-ID')} dari 5 bintang</span>
        <p>{row.content}</p>
      </td>
      <td data-label="Penulis">
        {row.author}
        {row.mail ? <span className="staff-reviews__mail">{row.mail}</span> : null}
      </td>
      <td data-label="Sumber">
        <span className="staff-reviews__type">{sourceLabel(row.post.type)}</span>
        <a href={row.post.href}>{row.post.title}</a>
        {row.post.published ? null : <span className="staff-reviews__mail">(belum terbit)</span>}
      </td>
      <td data-label="Tanggal">
        <time dateTime={row.createdAt}>{formatPostDate(row.createdAt)}</time>
      </td>
      <td data-label="Status">
        <span className="staff-reviews__status">{STATUS_LABELS[row.status]}</span>
        {row.pinned ? <span className="staff-reviews__status">Disematkan</span> : null}
      </td>
      <td data-label="Tindakan">
        <div className="admin-actions">
          {row.status !== 'disetujui' ? button('approve') : null}
          {row.status !== 'ditolak' ? button('reject') : null}
          {row.pinned ? button('unpin') : button('pin')}
          <a
            className="button staff-reviews__small staff-reviews__danger"
            href={`${siteHref('/admin/ulasan/hapus')}?${new URLSearchParams({ id: String(row.id), kembali: back })}`}
            aria-describedby={titleId}
          >
            {ACTION_LABELS.delete}
          </a>
        </div>
      </td>
    </tr>
  );
}
