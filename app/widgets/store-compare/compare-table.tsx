import type { ReactNode } from 'react';
import type { StorePageData } from '~/features/stores/model';
import { PostStoreCount } from '~/features/stores/ui/post-count';
import { StoreButton } from '~/features/stores/ui/store-button';
import { StorePageFrame, useStoreSync } from '~/features/stores/ui/store-pages';
import { type EkskulItem, formatFee, formatMeetingTime, formatPlace } from '~/widgets/listing-grid/ekskul-card';

const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** The rows of the comparison: a label and how one activity shows it. */
const ROWS: Array<[string, (item: EkskulItem) => string | null]> = [
  ['Bidang', (i) => [i.field, i.activity].filter(Boolean).join(' · ') || null],
  ['Hari', (i) => i.day],
  [
    'Jam',
    (i) => {
      const time = formatMeetingTime(i.time);
      return time ? `${time} WIB` : null;
    },
  ],
  ['Biaya per bulan', (i) => formatFee(i.fee)],
  ['Tempat', (i) => formatPlace(i.place)],
  ['Penilaian', (i) => (i.rating === null ? null : `${oneDecimal.format(i.rating)} dari 5`)],
];

/**
 * The compare page (/bandingkan/): the visitor's chosen activities side by side, up to the compare
 * store's size (issue 13). A table, its activities in columns; on a phone it scrolls sideways, with
 * the row labels kept in view.
 */
export function ComparePage({ page, items }: { page: StorePageData; items: EkskulItem[] }) {
  const listId = 'bandingkan-tabel';
  useStoreSync(listId);
  const store = page.stores[0];
  return (
    <StorePageFrame page={page}>
      <section id={listId} className="store-compare" aria-labelledby="bandingkan-judul">
        <h2 id="bandingkan-judul" className="visually-hidden">
          Kegiatan yang dibandingkan
        </h2>
        {items.length === 0 ? (
          <p className="store-list__empty">
            Belum ada kegiatan untuk dibandingkan. Tekan “Bandingkan” pada kartu di halaman{' '}
            <a href="/ekskul/">Ekstrakurikuler</a> (paling banyak {store?.size ?? 0} kegiatan).
          </p>
        ) : (
          <>
            <p>
              {items.length} dari paling banyak {store?.size ?? 0} kegiatan. <a href="/ekskul/">Tambah kegiatan lain</a>
            </p>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
            <section className="store-compare__scroll" aria-label="Tabel perbandingan" tabIndex={0}>
              <table className="store-compare__table">
                <thead>
                  <tr>
                    <td />
                    {items.map((item) => (
                      <th key={item.post.id} scope="col">
                        <a href={item.post.url}>{item.post.title}</a>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {ROWS.map(([label, value]) => (
                    <Row key={label} head={label} items={items} cell={(item) => value(item) ?? '–'} />
                  ))}
                  <Row
                    head="Favorit"
                    items={items}
                    cell={(item) => (
                      <>
                        <PostStoreCount
                          store="favorit"
                          postId={item.post.id}
                          count={page.postCounts.favorit?.[item.post.id] ?? 0}
                        />
                        <StoreButton
                          store="favorit"
                          postId={item.post.id}
                          title={item.post.title}
                          label="Simpan"
                          addedLabel="Tersimpan"
                        />
                      </>
                    )}
                  />
                  <Row
                    head={<span className="visually-hidden">Hapus</span>}
                    items={items}
                    cell={(item) => (
                      <StoreButton
                        store="banding"
                        postId={item.post.id}
                        title={item.post.title}
                        op="remove"
                        addedLabel="Hapus"
                        synchId={listId}
                      />
                    )}
                  />
                </tbody>
              </table>
            </section>
          </>
        )}
      </section>
    </StorePageFrame>
  );
}

/** A row of the comparison: its heading, then one cell per activity. */
function Row({ head, items, cell }: { head: ReactNode; items: EkskulItem[]; cell: (item: EkskulItem) => ReactNode }) {
  return (
    <tr>
      <th scope="row">{head}</th>
      {items.map((item) => (
        <td key={item.post.id}>{cell(item)}</td>
      ))}
    </tr>
  );
}
