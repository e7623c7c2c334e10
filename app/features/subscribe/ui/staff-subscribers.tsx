import { Form } from 'react-router';
import { siteHref } from '~/lib/site-href';
import {
  CsrfField,
  labelled,
  StaffHead,
  StaffListFilters,
  type StaffListProps,
  StaffListTable,
  StaffNotice,
  type StaffNoticeData,
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

const STATUS_OPTIONS = labelled(SUBSCRIBER_STATUSES, SUBSCRIBER_STATUS_LABELS);

export interface SubscriberListProps extends StaffListProps<SubscriberRow, SubscriberQuery> {
  /** What the last change did (after an unsubscribe), null before one. */
  notice: StaffNoticeData | null;
}

/**
 * The subscribers' screen: search by address and status (a GET form), the CSV export of what is
 * found, the list 20 a page with plain links, and "Berhenti berlangganan" per row (a POST form).
 * Everything works without JavaScript.
 */
export function SubscriberList({ notice, ...list }: SubscriberListProps) {
  const { total, page, pages, query } = list;
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
        id="pelanggan"
        search={{ label: 'Cari e-mail', value: query.q, maxLength: 254, autoComplete: 'off' }}
        selects={[
          { label: 'Status', name: 'status', value: query.status, all: 'Semua status', options: STATUS_OPTIONS },
        ]}
        reset="Semua pelanggan"
      />
      <p className="admin-actions">
        <a href={exportHref} download className="button button--secondary">
          {`Ekspor CSV (${total} pelanggan)`}
        </a>
      </p>
      <StaffListTable
        list={list}
        href={(q) => SUBSCRIBERS_PATH + subscriberSearch(q)}
        pager="Halaman daftar pelanggan"
        caption={`${total} pelanggan, halaman ${page} dari ${pages}`}
        columns={['E-mail', 'Status', 'Daftar', 'Terdaftar', 'Tindakan']}
        empty="Tidak ada pelanggan yang cocok dengan pencarian ini."
        row={(r) => ({
          name: r.email,
          cells: [
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
          ],
        })}
      />
    </>
  );
}
