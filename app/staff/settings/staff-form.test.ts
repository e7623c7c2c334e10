import { describe, expect, test } from 'vitest';
import { parseSiteOptions } from '~/content/options';
import { fieldErrors } from '~/lib/form-errors';
import { settingsFormSchema } from './staff-form';
import * as model from './staff-model';

/** The site settings form (issue 14 "Site settings"): its schema, its values, and the footer it feeds. */

const form = {
  nama: '  SMP Harapan Bangsa ',
  slogan: 'Cerdas dan berbudi',
  deskripsi: '',
  alamat: 'Jl. Melati 1, Bandung',
  telepon: '(022) 555-0142',
  surel: 'info@harapan.sch.id',
  logo: '',
  facebook: '',
  instagram: 'https://www.instagram.com/smpharapan',
  youtube: '',
  tiktok: '',
  x: '',
  whatsapp: 'https://wa.me/6281234567890',
  url_filter: 'permalink',
  cache_halaman: '1',
  versi: '3',
  cari_enter: '1',
  cari_lebar: '420',
  cari_posisi: 'right',
};

describe('the settings form', () => {
  test('a good form: trimmed text, the logo as a number or null, the checkbox as a switch', () => {
    const parsed = settingsFormSchema.parse(form);
    expect(parsed).toMatchObject({
      nama: 'SMP Harapan Bangsa',
      logo: null,
      url_filter: 'permalink',
      cache_halaman: true,
    });
    expect(settingsFormSchema.parse({ ...form, logo: '12' }).logo).toBe(12);
    // An unticked checkbox is not posted at all.
    const { cache_halaman: _, ...off } = form;
    expect(settingsFormSchema.parse(off).cache_halaman).toBe(false);
  });

  test('each bad field gets its own message, in Bahasa Indonesia', () => {
    const result = settingsFormSchema.safeParse({
      ...form,
      nama: '  ',
      surel: 'bukan-surel',
      telepon: '022<script>',
      facebook: 'http://facebook.com/smpharapan',
      tiktok: 'javascript:alert(1)',
      logo: 'logo.png',
      url_filter: 'lain',
      versi: 'x',
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error?.issues ?? []);
    expect(Object.keys(errors).sort()).toEqual(
      ['facebook', 'logo', 'nama', 'surel', 'telepon', 'tiktok', 'url_filter', 'versi'].sort(),
    );
    expect(errors.nama).toBe('Isi nama sekolah.');
    expect(errors.facebook).toContain('https://');
    expect(errors.surel).toContain('surel');
  });

  test('the header search: ticked categories gathered from their boxes, width or none, position', () => {
    const parsed = settingsFormSchema.parse({ ...form, 'cari_kategori-4': '1', 'cari_kategori-9': '1' });
    expect(parsed.headerSearch).toEqual({
      submitOnEnter: true,
      categories: [4, 9],
      resultsWidth: 420,
      resultsPosition: 'right',
    });
    const { cari_enter: _, ...noEnter } = form;
    expect(settingsFormSchema.parse({ ...noEnter, cari_lebar: ' ', cari_posisi: 'left' }).headerSearch).toEqual({
      submitOnEnter: false,
      categories: [],
      resultsWidth: null,
      resultsPosition: 'left',
    });
    const bad = settingsFormSchema.safeParse({
      ...form,
      cari_lebar: '90',
      cari_posisi: 'atas',
      'cari_kategori-x': '1',
    });
    const errors = fieldErrors(bad.error?.issues ?? []);
    expect(errors.cari_lebar).toBe('Lebar hasil paling sedikit 200 piksel, atau kosongkan.');
    expect(errors.cari_posisi).toBe('Pilih salah satu posisi hasil pencarian.');
    expect(errors.cari_kategori).toBe('Pilih kategori dari daftar.');
  });

  test('over-long text is refused, not cut', () => {
    const result = settingsFormSchema.safeParse({ ...form, nama: 'a'.repeat(101) });
    expect(fieldErrors(result.error?.issues ?? []).nama).toBe('Nama sekolah paling panjang 100 karakter.');
  });

  test('the stored options as the form shows them, and back after an error as typed', () => {
    const options = parseSiteOptions(
      new Map([
        ['site', JSON.stringify({ title: 'SMP Uji', social: { x: 'https://x.com/smpuji' } })],
        ['site_logo', '7'],
        ['page_cache', 'false'],
      ]),
    );
    expect(model.settingsValues(options)).toMatchObject({
      nama: 'SMP Uji',
      logo: '7',
      x: 'https://x.com/smpuji',
      facebook: '',
      url_filter: 'plain',
      cache_halaman: '',
      // The header search's defaults (option `header_search` not stored).
      cari_enter: '1',
      cari_kategori: [],
      cari_lebar: '420',
      cari_posisi: 'right',
    });
    expect(model.typedSettings({ nama: 'Diketik', cache_halaman: '1' })).toMatchObject({
      nama: 'Diketik',
      surel: '',
      cache_halaman: '1',
    });
  });
});
