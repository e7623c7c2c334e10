import { type Capability, can } from '~/lib/permissions';
import { siteHref } from '~/lib/site-href';
import type { SessionUser } from '~/lib/user';

/** The staff area's sections, in the order of its navigation; each shows only with its capability. */
export const ADMIN_SECTIONS: ReadonlyArray<{ path: string; label: string; capability: Capability }> = [
  { path: siteHref('/admin/berita'), label: 'Berita', capability: 'posts' },
  { path: siteHref('/admin/agenda'), label: 'Agenda', capability: 'agenda' },
  { path: siteHref('/admin/galeri'), label: 'Galeri', capability: 'gallery' },
  { path: siteHref('/admin/ulasan'), label: 'Ulasan', capability: 'reviews' },
  { path: siteHref('/admin/pelanggan'), label: 'Pelanggan', capability: 'subscribers' },
  { path: siteHref('/admin/halaman'), label: 'Halaman', capability: 'pages' },
  { path: siteHref('/admin/menu'), label: 'Menu', capability: 'menus' },
  { path: siteHref('/admin/filter'), label: 'Filter', capability: 'filters' },
  { path: siteHref('/admin/pengguna'), label: 'Pengguna', capability: 'users' },
  { path: siteHref('/admin/pengaturan'), label: 'Pengaturan', capability: 'settings' },
];

/** The sections this user may open. */
export function sectionsFor(user: Pick<SessionUser, 'roles'> | null) {
  return ADMIN_SECTIONS.filter((s) => can(user, s.capability));
}

/** One row of the audit log as staff read it. */
export interface ChangeRow {
  id: number;
  at: string;
  who: string;
  action: string;
  subjectType: string;
  subjectId: number | null;
  summary: string;
}
