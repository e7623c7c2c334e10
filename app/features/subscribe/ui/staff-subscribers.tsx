import { Form } from 'react-router';
import { siteHref } from '~/lib/site-href';
import {
  CsrfField,
  labelled,
  StaffHead,
  StaffListFilters,
  type StaffListProps,
  StaffNotice,
  type StaffNoticeData,
  StaffRow,
  StaffSearchField,
  StaffSelect,
  StaffTable,
} from '~/ui/staff';
import {
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberQuery,
  type SubscriberRow,
  schoolDateTime,
  subscriberSearch,
} from '../staff-model';

/** The staff list's address. */
export const SUBSCRIBERS_PATH = siteHref('/admin/pelanggan');
/** The CSV export's address (the list's search and status travel with it). */
// A file's address: no closing slash (a path of routes.ts all the same).
export const SUBSCRIBERS_EXPORT_PATH = '/admin/pelanggan/ekspor.csv' satisfies Parameters<typeof siteHref>[0];

export interface SubscriberListProps extends StaffListProps<SubscriberRow, SubscriberQuery> {
  /** What the last change did (after an unsubscribe), null before one. */
  notice: StaffNoticeData | null;
}

/**
 * The subscribers' screen: search by address and status (a GET form), the CSV export of what is
 * found, the list 20 a page with plain links, and "Berhenti berlangganan" per row (a POST form).
 * Everything works without JavaScript.
 */
export function SubscriberList({ rows, total, page, pages, query, notice }: SubscriberListProps) {
  const here = SUBSCRIBERS_PATH + subscriberSearch({ ...query, page });
  const exportHref = SUBSCRIBERS_EXPORT_PATH + subscriberSearch({ ...query, page: 1 });
  return (
    <>
      <StaffHead title="Pelanggan" heading="Pelanggan berita" />
      {/* The row's button is gone after an unsubscribe: the focus goes to the message that says what happened. */}
      <StaffNotice notice={notice} />
      <StaffListFilters
        action={SUBSCRIBERS_PATH}
        label="Cari pelanggan"
        submit="Cari"
        reset={query.q || query.status ? 'Semua pelanggan' : null}
      >
        <StaffSearchField id="pelanggan-q" label="Cari e-mail" value={query.q} maxLength={254} autoComplete="off" />
        <StaffSelect
          id="pelanggan-status"
          label="Status"
          name="status"
          defaultValue={query.status ?? ''}
          empty="Semua status"
          options={labelled(SUBSCRIBER_STATUSES, SUBSCRIBER_STATUS_LABELS)}
        />
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
          <StaffRow
            key={r.id}
            name={r.email}
            cells={[
              SUBSCRIBER_STATUS_LABELS[r.status],
              r.listId || '—',
              schoolDateTime(r.createdAt),
              r.status === 'unsubscribed' ? (
                <span key="berhenti">Sudah berhenti {schoolDateTime(r.unsubscribedAt)}</span>
              ) : (
                <Form key="berhenti" method="post" action={here}>
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
              ),
            ]}
          />
        ))}
      </StaffTable>
    </>
  );
}
