import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField, type StaffControlProps, StaffField } from '~/ui/staff';
import { AGENDA_STAFF_PATH, EVENT_LIMITS, type EventFormValues, PUBLIC_AGENDA_PATH } from '../staff-model';

export interface EventFormProps {
  /** null for a new event */
  id: number | null;
  values: EventFormValues;
  /** The stored event's version, sent back to catch a second editor's save ('' for a new event). */
  version: string;
  categories: Array<{ slug: string; name: string }>;
  /** Messages per field (and `form` for the whole form) after a failed save. */
  errors: Record<string, string>;
  /** Set after a save: the month of the public calendar that shows the event. */
  savedMonth: string | null;
}

const LABELS: Record<keyof EventFormValues, string> = {
  judul: 'Judul acara',
  mulai: 'Tanggal mulai',
  selesai: 'Tanggal selesai',
  waktu: 'Waktu',
  tempat: 'Tempat',
  kategori: 'Kategori',
  keterangan: 'Keterangan',
};

/** One labelled field of the event form. */
function Field({
  name,
  hint,
  error,
  children,
}: {
  name: keyof EventFormValues;
  hint?: string;
  error?: string;
  children: (control: StaffControlProps) => ReactNode;
}) {
  return (
    <StaffField id={`acara-${name}`} label={LABELS[name]} hint={hint} error={error}>
      {children}
    </StaffField>
  );
}

/**
 * An event's form (issue 14 "Agenda"): a plain POST form that works without JavaScript; after an
 * error it shows what was sent with the messages next to their fields, and the focus goes to the
 * list of problems.
 */
export function EventForm({ id, values, version, categories, errors, savedMonth }: EventFormProps) {
  const [start, setStart] = useState(values.mulai);
  const summary = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors);
  // A new answer with problems (not a re-render while typing) moves the focus to their list.
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  const title = id === null ? 'Acara baru' : 'Ubah acara';
  return (
    <>
      <title>{`${title} · Agenda · Ruang Staf`}</title>
      <p>
        <Link to={AGENDA_STAFF_PATH}>‹ Semua acara</Link>
      </p>
      <h1>{title}</h1>
      {savedMonth && (
        <p role="status" className="admin-notice">
          Acara disimpan dan tampil di kalender publik.{' '}
          <a href={`${PUBLIC_AGENDA_PATH}?bulan=${savedMonth}`}>Lihat di kalender</a>
        </p>
      )}
      {problems.length > 0 && (
        <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
          <p>Acara belum disimpan. Periksa isian berikut:</p>
          <ul>
            {problems.map(([field, message]) => (
              <li key={field}>{field in LABELS ? <a href={`#acara-${field}`}>{message}</a> : message}</li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        <Field name="judul" error={errors.judul}>
          {(a) => <input {...a} name="judul" defaultValue={values.judul} required maxLength={EVENT_LIMITS.title} />}
        </Field>
        <Field name="mulai" error={errors.mulai}>
          {(a) => (
            <input
              {...a}
              type="date"
              name="mulai"
              defaultValue={values.mulai}
              required
              min="2000-01-01"
              max="2099-12-31"
              onChange={(e) => setStart(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field name="selesai" hint="Kosongkan untuk acara satu hari." error={errors.selesai}>
          {(a) => (
            <input
              {...a}
              type="date"
              name="selesai"
              defaultValue={values.selesai}
              min={start || '2000-01-01'}
              max="2099-12-31"
            />
          )}
        </Field>
        <Field name="waktu" hint="Boleh kosong, misalnya 07.00–09.00." error={errors.waktu}>
          {(a) => <input {...a} name="waktu" defaultValue={values.waktu} maxLength={EVENT_LIMITS.time} />}
        </Field>
        <Field name="tempat" hint="Boleh kosong, misalnya untuk hari libur." error={errors.tempat}>
          {(a) => <input {...a} name="tempat" defaultValue={values.tempat} maxLength={EVENT_LIMITS.place} />}
        </Field>
        <Field name="kategori" error={errors.kategori}>
          {(a) => (
            <select {...a} name="kategori" defaultValue={values.kategori} required>
              <option value="">Pilih kategori</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="keterangan" hint="Boleh kosong. Pisahkan paragraf dengan baris kosong." error={errors.keterangan}>
          {(a) => (
            <textarea
              {...a}
              name="keterangan"
              defaultValue={values.keterangan}
              rows={5}
              maxLength={EVENT_LIMITS.description}
            />
          )}
        </Field>
        <div className="admin-actions">
          <button type="submit" className="button">
            Simpan dan terbitkan
          </button>
          {id !== null && <Link to={`${AGENDA_STAFF_PATH}${id}/hapus/`}>Hapus acara</Link>}
        </div>
      </Form>
    </>
  );
}

/** The step before a deletion: what goes, and a POST button to confirm it. */
export function DeleteEvent({ id, title, range }: { id: number; title: string; range: string }) {
  return (
    <>
      <title>{`Hapus acara · Agenda · Ruang Staf`}</title>
      <h1>Hapus acara?</h1>
      <p>
        Acara “{title}” ({range}) akan dihapus dari agenda dan dari kalender publik. Tindakan ini tidak dapat
        dibatalkan.
      </p>
      <Form method="post" className="admin-actions">
        <CsrfField />
        <button type="submit" className="button">
          Ya, hapus acara
        </button>
        <Link to={`${AGENDA_STAFF_PATH}${id}/`}>Batal</Link>
      </Form>
    </>
  );
}
