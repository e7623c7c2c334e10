import { expect, test } from 'vitest';
import { routeMeta, seoMeta, xmlEscape } from './seo';

test('every page gets title, description, canonical and Open Graph tags', () => {
  const tags = seoMeta(
    { title: 'Profil', description: 'Tentang sekolah', canonical: 'https://smp.example/profil/', type: 'website' },
    'SMP Tunas Bangsa',
  );
  expect(tags).toContainEqual({ title: 'Profil – SMP Tunas Bangsa' });
  expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://smp.example/profil/' });
  expect(tags).toContainEqual({ property: 'og:url', content: 'https://smp.example/profil/' });
  expect(tags).toContainEqual({ name: 'description', content: 'Tentang sekolah' });
  expect(tags.find((t) => t.name === 'robots')).toBeUndefined();
});

test('xml escaping', () => expect(xmlEscape(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;'));

test('a route meta takes the site name from the root loader, and nothing without data', () => {
  const seo = { title: 'Galeri', description: 'Foto', canonical: 'https://x/galeri/', type: 'website' as const };
  const tags = routeMeta({
    data: { seo },
    matches: [{ id: 'root', loaderData: { site: { title: 'SMP Tunas Bangsa' } } }],
  });
  expect(tags).toContainEqual({ title: 'Galeri – SMP Tunas Bangsa' });
  expect(routeMeta({ data: undefined, matches: [] })).toEqual([]);
});
