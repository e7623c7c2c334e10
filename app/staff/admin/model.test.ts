import { expect, test } from 'vitest';
import { ADMIN_SECTIONS, sectionsFor } from './model';

const labels = (roles: Parameters<typeof sectionsFor>[0]) => sectionsFor(roles).map((s) => s.label);

test('each role sees the sections it may open, in the order of ADMIN_SECTIONS', () => {
  expect(labels({ roles: ['author'] })).toEqual(['Berita']);
  // Editors: everything but users and site settings.
  expect(labels({ roles: ['editor'] })).toEqual(
    ADMIN_SECTIONS.filter((s) => s.capability !== 'users' && s.capability !== 'settings').map((s) => s.label),
  );
  expect(labels({ roles: ['editor'] })).toEqual(
    expect.arrayContaining(['Berita', 'Agenda', 'Ulasan', 'Pelanggan', 'Menu']),
  );
  expect(labels({ roles: ['editor'] })).not.toContain('Pengguna');
  // Administrators: every section, users included.
  expect(labels({ roles: ['administrator'] })).toEqual(ADMIN_SECTIONS.map((s) => s.label));
  expect(labels({ roles: ['administrator'] })).toContain('Pengguna');
  expect(sectionsFor({ roles: ['subscriber'] })).toEqual([]);
});
