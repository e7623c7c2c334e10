import { type ReactNode, useState } from 'react';
import { Form, Link } from 'react-router';
import { formatPostDate, formatSchoolTime } from '~/content/posts';
import { siteHref } from '~/lib/site-href';
import { CsrfField, StaffFieldError, StaffHead, StaffMessage, StaffRow, StaffTable } from '~/ui/staff';
import { IMPORT_UPLOAD_BYTES, RUN_STATUS_LABELS, type RunSummary } from '../run-model';

/** One earlier run as the list shows it. */
export type RunRow = Pick<RunSummary, 'id' | 'status' | 'name' | 'who' | 'dryRun' | 'createdAt'>;

export interface ImportScreenProps {
  runs: RunRow[];
  /** the server's folder of the old site's uploads (IMPORT_UPLOADS_DIR), when it has one */
  serverUploads: string | null;
  /** why the last upload was refused */
  error: string | null;
}

const MAX_MB = IMPORT_UPLOAD_BYTES / 1024 / 1024;
const TOO_LARGE = `Berkas ini lebih dari ${MAX_MB} MB. Untuk ekspor sebesar ini, minta teknisi menjalankan npm run import:wordpress di server.`;

/** A run's address (its progress and report). */
export const runHref = (id: number) => siteHref('/admin/pengaturan/impor/:id', { id: String(id) });

/** A radio button with its label beside it. */
function Choice({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: string;
  checked?: boolean;
  children: ReactNode;
}) {
  const id = `impor-${name}-${value}`;
  return (
    <div className="staff-import__choice">
      <input type="radio" id={id} name={name} value={value} defaultChecked={checked} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

/**
 * Pengaturan → Impor (issue 26, administrators): a WordPress export uploaded (a plain multipart form that works
 * without JavaScript; with it, a file over the limit is refused before it is sent), a dry run or a real import,
 * where the images come from; then the earlier runs.
 */
export function ImportScreen({ runs, serverUploads, error }: ImportScreenProps) {
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <section className="staff-import">
      <StaffHead
        title="Impor dari WordPress"
        within="Pengaturan"
        back={{ to: siteHref('/admin/pengaturan'), label: '‹ Pengaturan' }}
      />
      <p>
        Pindahkan isi situs WordPress sekolah ke situs ini: berita, halaman, galeri, gambar, kategori, menu, dan
        komentar. Mulailah dengan uji coba: berkas dibaca dan diperiksa seluruhnya, dan laporannya menyebutkan apa yang
        akan masuk, tanpa menulis apa pun. Impor yang diulang dengan berkas yang sama tidak menggandakan isi.
      </p>
      <StaffMessage error>{error}</StaffMessage>
      <Form method="post" encType="multipart/form-data" className="staff-form">
        {/* The token goes first: the server checks it before it writes a byte of the file. */}
        <CsrfField />
        <div className="admin-field">
          <label htmlFor="impor-berkas">Berkas ekspor WordPress (.xml)</label>
          <span id="impor-berkas-hint" className="staff-hint">
            {`Di WordPress: Alat → Ekspor → Semua konten → Unduh berkas ekspor. Paling besar ${MAX_MB} MB.`}
          </span>
          <input
            id="impor-berkas"
            type="file"
            name="berkas"
            accept=".xml,application/xml,text/xml"
            required
            aria-describedby={tooLarge ? 'impor-berkas-hint impor-berkas-error' : 'impor-berkas-hint'}
            aria-invalid={tooLarge || undefined}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              const over = file !== undefined && file.size > IMPORT_UPLOAD_BYTES;
              e.currentTarget.setCustomValidity(over ? TOO_LARGE : '');
              setTooLarge(over);
            }}
          />
          <StaffFieldError id="impor-berkas" error={tooLarge ? TOO_LARGE : undefined} />
        </div>
        <fieldset>
          <legend>Jenis</legend>
          <Choice name="jenis" value="uji" checked>
            Uji coba (dry run): baca dan periksa seluruh berkas tanpa menulis apa pun
          </Choice>
          <Choice name="jenis" value="impor">
            Impor sungguhan: tulis isi berkas ke situs ini
          </Choice>
        </fieldset>
        <fieldset>
          <legend>Gambar</legend>
          {serverUploads ? (
            <Choice name="gambar" value="server" checked>
              Dari folder uploads situs lama di server: <code className="staff-import__path">{serverUploads}</code>
            </Choice>
          ) : null}
          <Choice name="gambar" value="unduh" checked={!serverUploads}>
            Unduh dari situs lama (alamat gambar di berkas ekspor; situs lama harus masih bisa dibuka)
          </Choice>
          <Choice name="gambar" value="tidak">
            Tanpa gambar
          </Choice>
          {serverUploads ? null : (
            <p className="staff-hint">
              Punya salinan folder wp-content/uploads situs lama? Minta teknisi menyalinnya ke server dan menyebutkan
              foldernya di IMPORT_UPLOADS_DIR: gambar lalu diambil dari sana.
            </p>
          )}
        </fieldset>
        <div className="admin-actions">
          <button type="submit" className="button">
            Unggah dan mulai
          </button>
        </div>
      </Form>
      <h2>Impor sebelumnya</h2>
      <StaffTable
        caption="Impor terbaru dahulu"
        columns={['Berkas', 'Tanggal', 'Oleh', 'Jenis', 'Status']}
        rows={runs.length}
        empty="Belum ada impor."
      >
        {runs.map((r) => (
          <StaffRow
            key={r.id}
            href={runHref(r.id)}
            name={r.name}
            data-status={r.status}
            cells={[
              <time key="t" dateTime={r.createdAt}>
                {`${formatPostDate(r.createdAt)} ${formatSchoolTime(r.createdAt)}`}
              </time>,
              r.who ?? '—',
              r.dryRun ? 'Uji coba' : 'Impor',
              RUN_STATUS_LABELS[r.status],
            ]}
          />
        ))}
      </StaffTable>
    </section>
  );
}

/** The link from the site settings to the import screen. */
export function ImportLink() {
  return (
    <section className="staff-settings" aria-labelledby="pengaturan-impor-judul">
      <h2 id="pengaturan-impor-judul">Impor dari WordPress</h2>
      <p>
        Pindahkan berita, halaman, galeri, gambar, menu, dan komentar dari situs WordPress sekolah yang lama.{' '}
        <Link to={siteHref('/admin/pengaturan/impor')}>Buka Impor</Link>
      </p>
    </section>
  );
}
