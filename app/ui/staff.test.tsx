import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import {
  labelled,
  STAFF_ROUTE_ID,
  StaffConfirm,
  StaffHead,
  StaffMessage,
  StaffNotice,
  StaffProblems,
  StaffRow,
  StaffSearchField,
  StaffSelect,
  StaffSwitch,
  StaffTextField,
  StaffTreeButton,
  staffFields,
} from './staff';

/** The piece a test renders, below the staff area's layout route. */
let piece: ReactElement | null = null;
const Piece = () => piece;
const handler = createStaticHandler([
  {
    id: STAFF_ROUTE_ID,
    path: '/',
    loader: () => ({ user: { id: 1, name: 'Admin', roles: ['administrator'] }, sections: [], csrf: 'TOKEN' }),
    Component: Outlet,
    children: [{ index: true, Component: Piece }],
  },
]);

/** The server's HTML of a staff screen's piece, under the staff area's layout (its CSRF token). */
async function render(element: ReactElement): Promise<string> {
  piece = element;
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe('the staff screens’ shared pieces', () => {
  test('a screen’s head names it, where it is and the staff area, links back up and heads the page', async () => {
    const html = await render(
      <StaffHead title="Ubah acara" within="Agenda" back={{ to: '/admin/agenda/', label: '‹ Semua acara' }} />,
    );
    expect(html).toContain('<title>Ubah acara · Agenda · Ruang Staf</title>');
    expect(html).toMatch(/<p><a href="\/admin\/agenda\/"[^>]*>‹ Semua acara<\/a><\/p><h1>Ubah acara<\/h1>/);
    expect(await render(<StaffHead title="Galeri" heading="Galeri sekolah" />)).toMatch(
      /^<title>Galeri · Ruang Staf<\/title><h1>Galeri sekolah<\/h1>$/,
    );
  });

  test('a message is a status, an alert when it is an error, and nothing without words', async () => {
    expect(await render(<StaffMessage>Disimpan</StaffMessage>)).toBe(
      '<p role="status" class="admin-notice">Disimpan</p>',
    );
    expect(await render(<StaffMessage error>Gagal</StaffMessage>)).toBe(
      '<p role="alert" class="admin-notice admin-notice--error">Gagal</p>',
    );
    expect(await render(<StaffMessage>{null}</StaffMessage>)).toBe('');
    // The notice after a change can take the focus: the button pressed may be gone.
    expect(await render(<StaffNotice notice={{ ok: false, message: 'Ditolak' }} />)).toBe(
      '<p tabindex="-1" role="alert" class="admin-notice admin-notice--error">Ditolak</p>',
    );
    expect(await render(<StaffNotice notice={null} />)).toBe('');
  });

  test('a text field ties its hint and its error to its control, and shows back what was typed', async () => {
    const labels = { judul: 'Judul acara', waktu: 'Waktu' };
    const { field, href } = staffFields(
      'acara-',
      labels,
      { judul: 'Upacara', waktu: '' },
      { judul: 'Terlalu panjang' },
    );
    const html = await render(<StaffTextField {...field('judul')} hint="Paling banyak 10 huruf." maxLength={10} />);
    expect(html).toBe(
      '<div class="admin-field"><label for="acara-judul">Judul acara</label>' +
        '<span id="acara-judul-hint" class="staff-hint">Paling banyak 10 huruf.</span>' +
        '<input id="acara-judul" aria-invalid="true" aria-describedby="acara-judul-hint acara-judul-error" maxLength="10" name="judul" value="Upacara"/>' +
        '<span id="acara-judul-error" class="admin-field__error">Terlalu panjang</span></div>',
    );
    expect(await render(<StaffTextField {...field('waktu')} />)).toBe(
      '<div class="admin-field"><label for="acara-waktu">Waktu</label><input id="acara-waktu" name="waktu" value=""/></div>',
    );
    // A problem's message links to its field; a message about the whole form has nowhere to go.
    expect([href('judul'), href('form')]).toEqual(['#acara-judul', null]);
  });

  test('a select offers its empty choice first, then its options, the chosen one selected', async () => {
    const html = await render(
      <StaffSelect
        id="status"
        label="Status"
        name="status"
        defaultValue="draft"
        empty="Semua"
        options={labelled(['publish', 'draft'] as const, { publish: 'Terbit', draft: 'Draf' })}
      />,
    );
    expect(html).toContain(
      '<select id="status" name="status"><option value="">Semua</option><option value="publish">Terbit</option>' +
        '<option value="draft" selected="">Draf</option></select>',
    );
    expect(await render(<StaffSearchField id="q" label="Cari" value="x" maxLength={20} />)).toContain(
      '<input id="q" type="search" maxLength="20" name="q" value="x"/>',
    );
  });

  test('a switch is a checkbox before its label, with its hint and its error under them', async () => {
    const html = await render(
      <StaffSwitch id="s" name="cache" label="Cache" checked hint="Lebih cepat." error="Tidak bisa." />,
    );
    expect(html).toBe(
      '<div class="admin-field staff-check"><input id="s" type="checkbox" aria-describedby="s-hint s-error" name="cache" checked="" value="1"/>' +
        '<label for="s">Cache</label></div><p id="s-hint" class="staff-hint">Lebih cepat.</p>' +
        '<p id="s-error" class="admin-field__error">Tidak bisa.</p>',
    );
  });

  test('a refused form lists its problems, each a link to its field, and nothing when there are none', async () => {
    const href = (field: string) => (field === 'form' ? null : `#f-${field}`);
    const html = await render(
      <StaffProblems subject="Acara" errors={{ judul: 'Judul wajib.', form: 'Diubah orang lain.' }} href={href} />,
    );
    expect(html).toBe(
      '<div tabindex="-1" role="alert" class="admin-notice admin-notice--error"><p>Acara belum disimpan. Periksa isian berikut:</p>' +
        '<ul><li><a href="#f-judul">Judul wajib.</a></li><li>Diubah orang lain.</li></ul></div>',
    );
    expect(await render(<StaffProblems subject="Acara" errors={{}} href={href} />)).toBe('');
  });

  test('a list row heads with its name (a link to its screen) and gives each value a cell', async () => {
    const html = await render(
      <table>
        <tbody>
          <StaffRow data-status="draft" href="/admin/galeri/1/" name="Pentas" cells={['Draf', 3]} />
          <StaffRow name="a@x.id" cells={['Aktif']} />
        </tbody>
      </table>,
    );
    expect(html).toMatch(
      /<tr data-status="draft"><th scope="row"><a href="\/admin\/galeri\/1\/"[^>]*>Pentas<\/a><\/th><td>Draf<\/td><td>3<\/td><\/tr>/,
    );
    expect(html).toContain('<tr><th scope="row">a@x.id</th><td>Aktif</td></tr>');
  });

  test('a confirmation posts its hidden fields with the CSRF token; a tree’s button is named after its row', async () => {
    const html = await render(
      <StaffConfirm submit="Ya, hapus" cancel="/admin/halaman/9/" danger>
        <input type="hidden" name="versi" value="4" />
      </StaffConfirm>,
    );
    expect(html).toMatch(
      /^<form class="admin-actions"[^>]*method="post"><input type="hidden" name="_token" value="TOKEN"\/><input type="hidden" name="versi" value="4"\/><button type="submit" class="button post-editor__danger">Ya, hapus<\/button><a href="\/admin\/halaman\/9\/"[^>]*>Batal<\/a><\/form>$/,
    );
    expect(await render(<StaffTreeButton label="Naik" of="Beranda" disabled />)).toBe(
      '<button type="submit" disabled="" class="button button--secondary staff-menu-tree__button" aria-label="Naik: Beranda">Naik</button>',
    );
  });
});
