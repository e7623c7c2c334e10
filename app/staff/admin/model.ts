import { type Capability, can } from '~/lib/permissions';
import type { SessionUser } from '~/lib/user';

/** The staff area's sections, in the order of its navigation; each shows only with its capability. */
export const ADMIN_SECTIONS: ReadonlyArray<{ path: string; label: string; capability: Capability }> = [
  { path: '/admin/berita/', label: 'Berita', capability: 'posts' },
  { path: '/admin/agenda/', label: 'Agenda', capability: 'agenda' },
  { path: '/admin/galeri/', label: 'Galeri', capability: 'gallery' },
  { path: '/admin/ulasan/', label: 'Ulasan', capability: 'reviews' },
  { path: '/admin/pelanggan/', label: 'Pelanggan', capability: 'subscribers' },
  { path: '/admin/halaman/', label: 'Halaman', capability: 'pages' },
  { path: '/admin/menu/', label: 'Menu', capability: 'menus' },
  { path: '/admin/filter/', label: 'Filter', capability: 'filters' },
  { path: '/admin/pengguna/', label: 'Pengguna', capability: 'users' },
  { path: '/admin/pengaturan/', label: 'Pengaturan', capability: 'settings' },
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
