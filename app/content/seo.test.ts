import { describe, expect, test } from 'vitest';
import { routeMeta, seoMeta, withSeoMeta, xmlEscape } from './seo';

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

describe('a post’s own SEO title and description (issue 14)', () => {
  const post = {
    title: 'Juara lomba sains',
    description: 'Dari ringkasan berita',
    canonical: 'https://smp.example/juara-lomba-sains/',
    type: 'article' as const,
  };
  const site = 'SMP Tunas Bangsa';
  const tag = (tags: ReturnType<typeof seoMeta>, key: string, name: string) =>
    tags.find((t) => t[key] === name)?.content;

  test('set: the SEO title is the whole <title> and the preview’s title; the description replaces the excerpt', () => {
    const tags = seoMeta(
      withSeoMeta(post, { title: 'Siswa kami juara sains', description: 'Tiga medali.' }, site),
      site,
    );
    expect(tags).toContainEqual({ title: 'Siswa kami juara sains' });
    expect(tag(tags, 'property', 'og:title')).toBe('Siswa kami juara sains');
    expect(tag(tags, 'name', 'description')).toBe('Tiga medali.');
    expect(tag(tags, 'property', 'og:description')).toBe('Tiga medali.');
  });

  test('missing or blank: the page as before', () => {
    for (const meta of [{}, { title: null, description: null }, { title: '  ', description: '\n' }]) {
      const tags = seoMeta(withSeoMeta(post, meta, site), site);
      expect(tags).toContainEqual({ title: 'Juara lomba sains – SMP Tunas Bangsa' });
      expect(tag(tags, 'name', 'description')).toBe('Dari ringkasan berita');
    }
    const onlyDescription = seoMeta(withSeoMeta(post, { description: 'Hanya deskripsi' }, site), site);
    expect(onlyDescription).toContainEqual({ title: 'Juara lomba sains – SMP Tunas Bangsa' });
    expect(tag(onlyDescription, 'property', 'og:description')).toBe('Hanya deskripsi');
  });

  test('an imported Yoast title’s variables are filled; unknown ones dropped; markup stays text', () => {
    const seo = withSeoMeta(post, { title: '%%title%% %%page%% %%sep%% %%sitename%%' }, site);
    expect(seo.fullTitle).toBe('Juara lomba sains – SMP Tunas Bangsa');
    // Text, not markup: React escapes it in the head (tests/integration/staff-settings.test.ts).
    expect(withSeoMeta(post, { title: '<script>x</script> "a"' }, site).title).toBe('<script>x</script> "a"');
  });
});
