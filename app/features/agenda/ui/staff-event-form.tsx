import { useState } from 'react';
import { Form, Link } from 'react-router';
import {
  CsrfField,
  StaffConfirm,
  StaffHead,
  StaffMessage,
  StaffProblems,
  StaffSelect,
  StaffSubmit,
  StaffTextArea,
  StaffTextField,
  staffFields,
} from '~/ui/staff';
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

/**
 * An event's form (issue 14 "Agenda"): a plain POST form that works without JavaScript; after an
 * error it shows what was sent with the messages next to their fields, and the focus goes to the
 * list of problems.
 */
export function EventForm({ id, values, version, categories, errors, savedMonth }: EventFormProps) {
  const [start, setStart] = useState(values.mulai);
  const { field, href } = staffFields('acara-', LABELS, values, errors);
  const title = id === null ? 'Acara baru' : 'Ubah acara';
  return (
    <>
      <StaffHead title={title} within="Agenda" back={{ to: AGENDA_STAFF_PATH, label: '‹ Semua acara' }} />
      {savedMonth && (
        <StaffMessage>
          Acara disimpan dan tampil di kalender publik.{' '}
          <a href={`${PUBLIC_AGENDA_PATH}?bulan=${savedMonth}`}>Lihat di kalender</a>
        </StaffMessage>
      )}
      <StaffProblems subject="Acara" errors={errors} href={href} />
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        <StaffTextField {...field('judul')} required maxLength={EVENT_LIMITS.title} />
        <StaffTextField
          {...field('mulai')}
          type="date"
          required
          min="2000-01-01"
          max="2099-12-31"
          onChange={(e) => setStart(e.currentTarget.value)}
        />
        <StaffTextField
          {...field('selesai')}
          hint="Kosongkan untuk acara satu hari."
          type="date"
          min={start || '2000-01-01'}
          max="2099-12-31"
        />
        <StaffTextField {...field('waktu')} hint="Boleh kosong, misalnya 07.00–09.00." maxLength={EVENT_LIMITS.time} />
        <StaffTextField
          {...field('tempat')}
          hint="Boleh kosong, misalnya untuk hari libur."
          maxLength={EVENT_LIMITS.place}
        />
        <StaffSelect
          {...field('kategori')}
          required
          empty="Pilih kategori"
          options={categories.map((c) => ({ value: c.slug, label: c.name }))}
        />
        <StaffTextArea
          {...field('keterangan')}
          hint="Boleh kosong. Pisahkan paragraf dengan baris kosong."
          rows={5}
          maxLength={EVENT_LIMITS.description}
        />
        <StaffSubmit label="Simpan dan terbitkan">
          {id !== null && <Link to={`${AGENDA_STAFF_PATH}${id}/hapus/`}>Hapus acara</Link>}
        </StaffSubmit>
      </Form>
    </>
  );
}

/** The step before a deletion: what goes, and a POST button to confirm it. */
export function DeleteEvent({ id, title, range }: { id: number; title: string; range: string }) {
  return (
    <>
      <StaffHead title="Hapus acara" within="Agenda" heading="Hapus acara?" />
      <p>
        Acara “{title}” ({range}) akan dihapus dari agenda dan dari kalender publik. Tindakan ini tidak dapat
        dibatalkan.
      </p>
      <StaffConfirm submit="Ya, hapus acara" cancel={`${AGENDA_STAFF_PATH}${id}/`} />
    </>
  );
}
