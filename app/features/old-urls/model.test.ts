import { describe, expect, test } from 'vitest';
import { isWordPressQueryOnHome, oldAddressLookups, samePath, termArchiveUrl } from './model';

const lookups = (address: string) => {
  const url = new URL(address, 'http://site.test');
  return oldAddressLookups(url.pathname, url.search);
};

describe('the lookups an old address asks for', () => {
  test.each([
    ['/?p=12', [{ by: 'wp-id', kinds: ['post', 'media'], id: 12 }]],
    ['/?page_id=7', [{ by: 'wp-id', kinds: ['post'], id: 7 }]],
    ['/?attachment_id=40', [{ by: 'wp-id', kinds: ['media', 'post'], id: 40 }]],
    ['/?cat=3', [{ by: 'term-id', id: 3 }]],
    ['/?tag=lomba', [{ by: 'term-slug', taxonomy: 'post_tag', slug: 'lomba' }]],
    ['/?category_name=kegiatan/olahraga', [{ by: 'term-slug', taxonomy: 'category', slug: 'olahraga' }]],
  ])('%s', (address, want) => expect(lookups(address)).toEqual(want));

  test('date permalinks: the recorded old path, then the slug', () => {
    expect(lookups('/2023/05/12/rapat-komite/')).toEqual([
      { by: 'old-path', path: '/2023/05/12/rapat-komite/' },
      { by: 'slug', slug: 'rapat-komite' },
    ]);
    expect(lookups('/2023/05/rapat-komite')).toEqual([
      { by: 'old-path', path: '/2023/05/rapat-komite/' },
      { by: 'slug', slug: 'rapat-komite' },
    ]);
  });

  test('a page below its parent and an old slug', () => {
    expect(lookups('/profil/sejarah/').at(-1)).toEqual({ by: 'slug', slug: 'sejarah' });
    expect(lookups('/Berita-Lama/')).toEqual([
      { by: 'old-path', path: '/Berita-Lama/' },
      { by: 'slug', slug: 'berita-lama' },
    ]);
  });

  test('a child category below its parent names the child; a plain archive its own term', () => {
    expect(lookups('/category/kegiatan/olahraga/')).toEqual([
      { by: 'term-slug', taxonomy: 'category', slug: 'olahraga' },
    ]);
    expect(lookups('/tag/lomba/')).toEqual([{ by: 'term-slug', taxonomy: 'post_tag', slug: 'lomba' }]);
  });

  test('a non-ASCII slug is decoded; a date archive or a paging number is no slug', () => {
    expect(lookups('/2023/05/%E6%A0%A1%E5%9C%92/').at(-1)).toEqual({ by: 'slug', slug: '校園' });
    expect(lookups('/2023/05/')).toEqual([{ by: 'old-path', path: '/2023/05/' }]);
    expect(lookups('/berita/page/2/')).toEqual([{ by: 'old-path', path: '/berita/page/2/' }]);
  });

  test.each([
    '/?p=0',
    '/?p=-3',
    '/?p=1e3',
    '/?p=007',
    '/?p=2147483648',
    '/?p=99999999999999999999',
    '/?page_id=abc',
    '/?cat=%00',
    '/?tag=%3Cscript%3E',
    '/?p=',
  ])('%s asks for nothing: no id a row can have, no slug', (address) => {
    expect(lookups(address)).toEqual([]);
  });

  test('the largest id a row can have is asked for', () => {
    expect(lookups('/?p=2147483647')).toEqual([{ by: 'wp-id', kinds: ['post', 'media'], id: 2147483647 }]);
  });

  test('garbage in a path asks for the path only, and a path past the column asks for nothing', () => {
    expect(lookups('/%E0%A4%A/')).toEqual([{ by: 'old-path', path: '/%E0%A4%A/' }]);
    expect(lookups('/a.b/')).toEqual([{ by: 'old-path', path: '/a.b/' }]);
    expect(lookups(`/${'x'.repeat(600)}/`)).toEqual([]);
    expect(lookups('/')).toEqual([]);
  });
});

describe('WordPress query forms on the home page', () => {
  test.each([
    ['/', '?p=12', true],
    ['/', '?page_id=7&preview=true', true],
    ['/', '?attachment_id=4', true],
    ['/', '?cat=3', true],
    ['/', '?s=rapat', false],
    ['/', '', false],
    ['/berita/', '?p=12', false],
  ])('%s%s → %s', (path, search, want) => expect(isWordPressQueryOnHome(path, search)).toBe(want));
});

test('term archives exist for categories and tags only', () => {
  expect(termArchiveUrl('category', 'kegiatan')).toBe('/category/kegiatan/');
  expect(termArchiveUrl('post_tag', 'lomba')).toBe('/tag/lomba/');
  expect(termArchiveUrl('kategori-galeri', 'x')).toBeNull();
});

test('the same address, a trailing slash aside', () => {
  expect(samePath('/rapat/', '/rapat')).toBe(true);
  expect(samePath('/rapat/', '/2023/rapat/')).toBe(false);
});
