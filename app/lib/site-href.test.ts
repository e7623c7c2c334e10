import { href } from 'react-router';
import { expect, test } from 'vitest';
import { siteHref } from './site-href';

test('a route’s address with its params filled and the site’s closing slash, as href() builds it', () => {
  expect(siteHref('/admin/berita')).toBe('/admin/berita/');
  expect(siteHref('/admin/berita/:id', { id: '12' })).toBe(`${href('/admin/berita/:id', { id: '12' })}/`);
  expect(siteHref('/admin/halaman/:id/elemen/:elementId', { id: '3', elementId: 'vm1h1' })).toBe(
    '/admin/halaman/3/elemen/vm1h1/',
  );
  expect(siteHref('/admin/menu/:menuId/pengaturan', { menuId: '1' })).toBe('/admin/menu/1/pengaturan/');
});
