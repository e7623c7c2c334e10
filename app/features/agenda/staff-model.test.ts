import { describe, expect, test } from 'vitest';
import { fieldErrors } from '~/lib/form-errors';
import { eventFormSchema } from './staff-form';
import { agendaListHref, descriptionHtml, eventDatesProblem, eventSlug, parseAgendaListQuery } from './staff-model';

describe('an event’s dates', () => {
  test.each([
    ['2026-11-25', '', null],
    ['2026-11-25', '2026-11-25', null],
    ['2026-11-25', '2026-11-27', null],
    ['2026-11-25', '2027-01-25', null],
  ])('%s – %j is fine', (start, end, problem) => expect(eventDatesProblem(start, end)).toBe(problem));

  test.each([
    ['', '', 'mulai'],
    ['2026-02-30', '', 'mulai'],
    ['1999-12-31', '', 'mulai'],
    ['2026-11-25', '2026-11-24', 'selesai'],
    ['2026-11-25', '25-11-2026', 'selesai'],
    // 63 days: longer than the month query looks back.
    ['2026-11-25', '2027-01-26', 'selesai'],
  ])('%j – %j is refused at %s', (start, end, field) => expect(eventDatesProblem(start, end)?.field).toBe(field));

  test('the end before the start says so', () => {
    expect(eventDatesProblem('2026-11-25', '2026-11-20')?.message).toBe(
      'Tanggal selesai tidak boleh sebelum tanggal mulai.',
    );
  });
});

describe('the event form’s schema', () => {
  const good = { judul: '  Rapat guru  ', mulai: '2026-12-01', kategori: 'akademik', _token: 'x' };

  test('trims text and keeps an empty end', () => {
    const parsed = eventFormSchema.parse(good);
    expect(parsed).toMatchObject({ judul: 'Rapat guru', selesai: '', tempat: '', keterangan: '', versi: '' });
  });

  test('names each field’s problem', () => {
    const result = eventFormSchema.safeParse({
      judul: ' ',
      mulai: '2026-12-05',
      selesai: '2026-12-01',
      tempat: 'x'.repeat(201),
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error?.issues ?? []);
    expect(Object.keys(errors).sort()).toEqual(['judul', 'kategori', 'selesai', 'tempat']);
    expect(errors.tempat).toBe('Tempat paling panjang 200 karakter.');
  });
});

test('slugs: ASCII words, unique by a number', () => {
  expect(eventSlug('Peringatan Hari Guru — Çerdas & Ceria!')).toBe('peringatan-hari-guru-cerdas-ceria');
  expect(eventSlug('“…”')).toBe('acara');
  expect(eventSlug('a'.repeat(300)).length).toBeLessThanOrEqual(194);
});

test('the description becomes escaped paragraphs', () => {
  expect(descriptionHtml('Bawa <alat> tulis & buku.\nPakai seragam.\r\n\r\nOrang tua diundang.')).toBe(
    '<p>Bawa &lt;alat&gt; tulis &amp; buku.<br>Pakai seragam.</p><p>Orang tua diundang.</p>',
  );
  expect(descriptionHtml('  \n ')).toBe('');
});

test('the list’s query: a month or none, and a page', () => {
  expect(parseAgendaListQuery(new URLSearchParams('bulan=2026-11&halaman=2'))).toEqual({ month: '2026-11', page: 2 });
  expect(parseAgendaListQuery(new URLSearchParams('bulan=2026-13&halaman=x'))).toEqual({ month: null, page: 1 });
  expect(agendaListHref({ month: '2026-11', page: 2 })).toBe('/admin/agenda/?bulan=2026-11&halaman=2');
  expect(agendaListHref({ month: null, page: 1 })).toBe('/admin/agenda/');
});
