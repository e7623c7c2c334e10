import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { CsrfField, StaffListFilters, StaffTable } from '~/ui/staff';
import {
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberQuery,
  type SubscriberRow,
  schoolDateTime,
  subscriberSearch,
} from '../staff-model';

/** The staff list's address. */
export const SUBSCRIBERS_PATH = '/admin/pelanggan/';
/** The CSV export's address (the list's search and status travel with it). */
export const SUBSCRIBERS_EXPORT_PATH = '/admin/pelanggan/ekspor.csv';

export interface SubscriberListProps {
  rows: SubscriberRow[];
  total: number;
  page: number;
  pages: number;
  query: SubscriberQuery;
  /** What the last change did (after an unsubscribe), null before one. */
  notice: { ok: boolean; message: string } | null;
}

/**
 * The subscribers' screen: search by address and status (a GET form), the CSV export of what is
 * found, the list 20 a page with plain links, and "Berhenti berlangganan" per row (a POST form).
 * Everything works without JavaScript.
 */
export function SubscriberList({ rows, total, page, pages, query, notice }: SubscriberListProps) {
  const here = SUBSCRIBERS_PATH + subscriberSearch({ ...query, page });
  const exportHref = SUBSCRIBERS_EXPORT_PATH + subscriberSearch({ ...query, page: 1 });
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The row's button is gone after an unsubscribe: the focus goes to the message that says what happened.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  return (
    <>
      <title>Pelanggan · Ruang Staf</title>
      <h1>Pelanggan berita</h1>
      {notice && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role={notice.ok ? 'status' : 'alert'}
          className={notice.ok ? 'admin-notice' : 'admin-notice admin-notice--error'}
        >
          {notice.message}
        </p>
      )}
      <StaffListFilters
        action={SUBSCRIBERS_PATH}
        label="Cari pelanggan"
        submit="Cari"
        reset={query.q || query.status ? 'Semua pelanggan' : null}
      >
        <div className="admin-field">
          <label htmlFor="pelanggan-q">Cari e-mail</label>
          <input id="pelanggan-q" type="search" name="q" defaultValue={query.q} maxLength={254} autoComplete="off" />
        </div>
        <div className="admin-field">
          <label htmlFor="pelanggan-status">Status</label>
          <select id="pelanggan-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">Semua status</option>
            {SUBSCRIBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SUBSCRIBER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </StaffListFilters>
      <p className="admin-actions">
        <a href={exportHref} download className="button button--secondary">
          {`Ekspor CSV (${total} pelanggan)`}
        </a>
      </p>
      <StaffTable
        caption={`${total} pelanggan, halaman ${page} dari ${pages}`}
        columns={['E-mail', 'Status', 'Daftar', 'Terdaftar', 'Tindakan']}
        rows={rows.length}
        empty="Tidak ada pelanggan yang cocok dengan pencarian ini."
        pager={{
          page,
          pages,
          label: 'Halaman daftar pelanggan',
          href: (n) => SUBSCRIBERS_PATH + subscriberSearch({ ...query, page: n }),
        }}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.email}</th>
            <td>{SUBSCRIBER_STATUS_LABELS[r.status]}</td>
            <td>{r.listId || '—'}</td>
            <td>{schoolDateTime(r.createdAt)}</td>
            <td>
              {r.status === 'unsubscribed' ? (
                <span>Sudah berhenti {schoolDateTime(r.unsubscribedAt)}</span>
              ) : (
                <Form method="post" action={here}>
                  <CsrfField />
                  <input type="hidden" name="id" value={r.id} />
                  <button
                    type="submit"
                    className="button button--secondary"
                    aria-label={`Berhenti berlangganan: ${r.email}`}
                  >
                    Berhenti berlangganan
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
