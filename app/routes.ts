import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  // The wire protocol (DESIGN.md): admin-ajax actions and REST routes.
  route('wp-admin/admin-ajax.php', 'routes/admin-ajax.ts'),
  route('wp-json/*', 'routes/wp-json.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('feed', 'routes/feed.ts'),
  // Accounts (issue 4): sign-in, sign-out, registration and password reset.
  route('masuk', 'routes/sign-in.tsx'),
  // Staff accounts (issue 25): the code step of sign-in for an account with a second factor.
  route('masuk/kode', 'routes/sign-in-code.tsx'),
  route('keluar', 'routes/sign-out.ts'),
  route('daftar', 'routes/register.tsx'),
  route('lupa-kata-sandi', 'routes/lost-password.tsx'),
  route('atur-ulang-kata-sandi', 'routes/reset-password.tsx'),
  route('terima-undangan', 'routes/accept-invitation.tsx'),
  // The newsletter (issue 13, call 17): the no-JavaScript form, the confirmation and unsubscribe links.
  route('berlangganan', 'routes/subscribe.tsx'),
  route('berlangganan/konfirmasi', 'routes/subscribe-confirm.tsx'),
  route('berlangganan/berhenti', 'routes/unsubscribe.tsx'),
  // Data stores (issue 13): the saved items and compare pages; store buttons post here without JavaScript.
  route('simpanan', 'routes/saved.tsx'),
  route('bandingkan', 'routes/compare.tsx'),
  // The staff area (issue 14): signed-in staff only, never cached; each section's screens below.
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/home.tsx'),
    // staff: news (issue 14): the list, the editor of a new or stored post, the editor's autosave.
    route('berita', 'routes/admin/news.tsx'),
    route('berita/baru', 'routes/admin/news-edit.tsx', { id: 'admin-news-new' }),
    route('berita/:id', 'routes/admin/news-edit.tsx', { id: 'admin-news-edit' }),
    route('berita/baru/autosimpan', 'routes/admin/news-autosave.ts', { id: 'admin-news-new-autosave' }),
    route('berita/:id/autosimpan', 'routes/admin/news-autosave.ts'),
    // staff: reviews (issue 14): the site's review queue, the delete confirmation, per-source settings
    route('ulasan', 'routes/admin/reviews.tsx'),
    route('ulasan/hapus', 'routes/admin/reviews-delete.tsx'),
    route('ulasan/pengaturan', 'routes/admin/reviews-settings.tsx'),
    // Subscribers (issue 14): the list and its CSV export.
    route('pelanggan', 'routes/admin/subscribers.tsx'),
    route('pelanggan/ekspor.csv', 'routes/admin/subscribers-export.ts'),
    // Agenda (issue 14): the events' list, the month view, a new event, an event's form and its deletion.
    route('agenda', 'routes/admin/agenda.tsx'),
    route('agenda/kalender', 'routes/admin/agenda-month.tsx'),
    route('agenda/baru', 'routes/admin/agenda-edit.tsx', { id: 'admin-agenda-new' }),
    route('agenda/:id', 'routes/admin/agenda-edit.tsx'),
    route('agenda/:id/hapus', 'routes/admin/agenda-delete.tsx'),
    // Menus (issue 14): the site's menus, one menu's item tree (its moves), an item's form, its deletion.
    route('menu', 'routes/admin/menus.tsx'),
    route('menu/:menuId', 'routes/admin/menus-tree.tsx'),
    route('menu/:menuId/pengaturan', 'routes/admin/menus-settings.tsx'),
    route('menu/:menuId/baru', 'routes/admin/menus-item.tsx', { id: 'admin-menu-item-new' }),
    route('menu/:menuId/:itemId', 'routes/admin/menus-item.tsx', { id: 'admin-menu-item-edit' }),
    route('menu/:menuId/:itemId/hapus', 'routes/admin/menus-delete.tsx'),
    // Gallery (issue 14): albums, an album's form, its uploads (one file a request, or a no-JS form),
    // its photos' processing state (polled), its deletion.
    route('galeri', 'routes/admin/gallery.tsx'),
    route('galeri/baru', 'routes/admin/gallery-edit.tsx', { id: 'admin-gallery-new' }),
    route('galeri/:id', 'routes/admin/gallery-edit.tsx', { id: 'admin-gallery-edit' }),
    route('galeri/:id/unggah', 'routes/admin/gallery-upload.tsx'),
    route('galeri/:id/foto', 'routes/admin/gallery-photos.tsx'),
    route('galeri/:id/hapus', 'routes/admin/gallery-delete.tsx'),
    // Pages (issue 14): pages and templates, one's block editor (its moves, additions, publishing), an
    // element's settings form, a new widget's form, an element's removal, the draft's discarding.
    route('halaman', 'routes/admin/pages.tsx'),
    route('halaman/:id', 'routes/admin/pages-edit.tsx'),
    route('halaman/:id/elemen/:elementId', 'routes/admin/pages-element.tsx'),
    route('halaman/:id/elemen/:elementId/hapus', 'routes/admin/pages-remove.tsx'),
    route('halaman/:id/widget-baru', 'routes/admin/pages-widget.tsx'),
    route('halaman/:id/buang-draf', 'routes/admin/pages-discard.tsx'),
    // Users (issue 14, administrators): the list, the invitation form, a user's role, status and audit log.
    route('pengguna', 'routes/admin/users.tsx'),
    route('pengguna/undang', 'routes/admin/users-invite.tsx'),
    route('pengguna/:id', 'routes/admin/users-edit.tsx'),
    // Staff accounts (issue 25): the signed-in user's own account: second factor, password, sessions.
    route('akun', 'routes/admin/account.tsx'),
    // Filters (issue 14): the filter records' list, a new filter, a filter's form and its deletion.
    route('filter', 'routes/admin/filters.tsx'),
    route('filter/baru', 'routes/admin/filters-edit.tsx', { id: 'admin-filter-new' }),
    route('filter/:id', 'routes/admin/filters-edit.tsx', { id: 'admin-filter-edit' }),
    route('filter/:id/hapus', 'routes/admin/filters-delete.tsx'),
    // Site settings (issue 14, administrators): the school's identity, contact, links, filter URLs, page cache.
    route('pengaturan', 'routes/admin/settings.tsx'),
    // WordPress import (issue 26, administrators): the upload and earlier runs, a run's progress and report, its
    // progress as JSON (polled).
    route('pengaturan/impor', 'routes/admin/settings-import.tsx'),
    route('pengaturan/impor/:id', 'routes/admin/settings-import-run.tsx'),
    route('pengaturan/impor/:id/kemajuan', 'routes/admin/settings-import-progress.ts'),
  ]),
  // Pages (issue 14): a page's draft as the public page shows it, in the public frame (outside the staff
  // frame on purpose); staff only, never cached or indexed.
  route('admin/halaman/:id/pratinjau', 'routes/admin/pages-preview.tsx'),
  index('routes/home.tsx'),
  route('page/:page', 'routes/home.tsx', { id: 'home-paged' }),
  route('category/:term', 'routes/archive.tsx', { id: 'category' }),
  route('category/:term/page/:page', 'routes/archive.tsx', { id: 'category-paged' }),
  route('tag/:term', 'routes/archive.tsx', { id: 'tag' }),
  route('tag/:term/page/:page', 'routes/archive.tsx', { id: 'tag-paged' }),
  route('galeri/:slug', 'routes/gallery-item.tsx'),
  route('ekskul/:slug', 'routes/gallery-item.tsx', { id: 'ekskul-item' }),
  // Permalink filter state (original-wire.md §2.6): {page}/jsf/{provider}/{type}/{value}/…
  route('jsf/*', 'routes/home.tsx', { id: 'home-filtered' }),
  route(':slug/jsf/*', 'routes/content.tsx', { id: 'content-filtered' }),
  route(':slug', 'routes/content.tsx', { id: 'content' }),
  route(':slug/page/:page', 'routes/content.tsx', { id: 'content-paged' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
