import { describe, expect, test } from 'vitest';
import {
  CSV_BOM,
  csvField,
  exportFileName,
  parseSubscriberQuery,
  type SubscriberRow,
  schoolDate,
  schoolDateTime,
  subscriberSearch,
  subscribersCsv,
  toCsv,
} from './staff-model';

describe('CSV fields (RFC 4180): every field quoted, quotes doubled', () => {
  test.each([
    ['guru@contoh.sch.id', '"guru@contoh.sch.id"'],
    ['Tunas, Bangsa', '"Tunas, Bangsa"'],
    ['kata "kutip"', '"kata ""kutip"""'],
    ['baris\nkedua', '"baris\nkedua"'],
    ['baris\r\nkedua', '"baris\r\nkedua"'],
    ['', '""'],
  ])('%j → %j', (value, field) => expect(csvField(value)).toBe(field));

  // Spreadsheets in Indonesia split on `;` by default: unquoted, the part after it would be a cell of its own.
  test.each([
    ['x;=1+1', '"x;=1+1"'],
    ['x;+62;@SUM(A1)', '"x;+62;@SUM(A1)"'],
    ['Budi\t=1', '"Budi\t=1"'],
  ])('%j stays one cell whatever the list separator', (value, field) => expect(csvField(value)).toBe(field));
});

describe('formula injection guard', () => {
  test.each([
    ['=1+1', `"'=1+1"`],
    ['+62 812', `"'+62 812"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('%j gets a leading apostrophe', (value, field) => expect(csvField(value)).toBe(field));

  test('a guarded value is quoted too when it needs quotes', () => {
    expect(csvField('=HYPERLINK("http://x","klik")')).toBe(`"'=HYPERLINK(""http://x"",""klik"")"`);
  });

  test('a sign inside a value is left alone', () => {
    expect(csvField('a=b+c-d@e')).toBe('"a=b+c-d@e"');
  });
});

test('a CSV file starts with the BOM and ends every row with CRLF', () => {
  const csv = toCsv([
    ['a', 'b'],
    ['1', 'x,y'],
  ]);
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  expect(csv).toBe('\uFEFF"a","b"\r\n"1","x,y"\r\n');
});

const row = (over: Partial<SubscriberRow>): SubscriberRow => ({
  id: 1,
  email: 'wali@contoh.sch.id',
  status: 'confirmed',
  listId: 'berita-sekolah',
  fields: {},
  createdAt: '2026-11-25T01:05:00.000Z',
  confirmedAt: '2026-11-25T02:00:00.000Z',
  unsubscribedAt: null,
  ...over,
});

test('the subscribers’ CSV: header, one row each, extra fields as columns, times in school time', () => {
  const csv = subscribersCsv([
    row({ fields: { nama: 'Budi, S.Pd.', kelas: '7A' } }),
    row({ id: 2, email: 'b@contoh.sch.id', status: 'pending', confirmedAt: null, fields: { nama: '=cmd' } }),
  ]);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe('"E-mail","Status","Daftar","Terdaftar","Dikonfirmasi","Berhenti","kelas","nama"');
  expect(lines[1]).toBe(
    '"wali@contoh.sch.id","Aktif","berita-sekolah","2026-11-25 08:05","2026-11-25 09:00","","7A","Budi, S.Pd."',
  );
  expect(lines[2]).toBe(`"b@contoh.sch.id","Menunggu konfirmasi","berita-sekolah","2026-11-25 08:05","","","","'=cmd"`);
  expect(lines[3]).toBe('');
  expect(lines).toHaveLength(4);
});

test('every cell a visitor controls is guarded: the e-mail, extra fields’ names (headers) and values', () => {
  const csv = subscribersCsv([row({ email: '-wali@contoh.sch.id', fields: { '@nama': '+62 812', x: '\t=1' } })]);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(`"E-mail","Status","Daftar","Terdaftar","Dikonfirmasi","Berhenti","'@nama","x"`);
  expect(lines[1]).toBe(
    `"'-wali@contoh.sch.id","Aktif","berita-sekolah","2026-11-25 08:05","2026-11-25 09:00","","'+62 812","'\t=1"`,
  );
});

test('dates: school time (UTC+7) and the dated file name', () => {
  expect(schoolDateTime('2026-11-25T17:30:00.000Z')).toBe('2026-11-26 00:30');
  expect(schoolDateTime(null)).toBe('');
  expect(schoolDateTime('bukan tanggal')).toBe('');
  expect(exportFileName(schoolDate(new Date('2026-11-25T17:30:00.000Z')))).toBe('pelanggan-2026-11-26.csv');
});

describe('the list’s query', () => {
  test('reads search, status and page; ignores what it cannot read', () => {
    expect(parseSubscriberQuery(new URLSearchParams('q=%20Wali%40&status=confirmed&halaman=3'))).toEqual({
      q: 'wali@',
      status: 'confirmed',
      page: 3,
    });
    expect(parseSubscriberQuery(new URLSearchParams('status=semua&halaman=-1'))).toEqual({
      q: '',
      status: null,
      page: 1,
    });
    expect(parseSubscriberQuery(new URLSearchParams(`q=${'a'.repeat(400)}`)).q).toHaveLength(254);
  });

  test('writes the address back, page 1 and empty filters left out', () => {
    expect(subscriberSearch({ q: '', status: null, page: 1 })).toBe('');
    expect(subscriberSearch({ q: 'a b', status: 'pending', page: 2 })).toBe('?q=a+b&status=pending&halaman=2');
  });
});
