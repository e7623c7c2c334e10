import { describe, expect, test } from 'vitest';
import {
  albumListHref,
  batchPlace,
  leftoverTemporary,
  mergePhotoOrder,
  missingAltMessage,
  movePhoto,
  parseAlbumListQuery,
  parseIdList,
  parseIntent,
  parseUploadNotice,
  parseUploadPlace,
  photosWithoutAlt,
  publicPhotoIds,
  REFUSAL_MESSAGES,
  reorderPhotos,
  uploadDisplayName,
  uploadFileBase,
  uploadNoticeQuery,
} from './model';

test('the 50-megapixel message says what to do; every refusal names the formats taken', () => {
  expect(REFUSAL_MESSAGES['too-many-pixels']).toMatch(/40 megapiksel.*Perkecil/);
  for (const code of ['not-image', 'format', 'polyglot'] as const) {
    expect(REFUSAL_MESSAGES[code]).toContain('JPEG, PNG, WebP, atau AVIF');
  }
});

describe('the sent name is only shown, never a path', () => {
  test.each([
    ['IMG_0012.JPG', 'IMG_0012.JPG'],
    ['../../etc/passwd.jpg', 'passwd.jpg'],
    ['C:\\Users\\guru\\foto.jpg', 'foto.jpg'],
    ['a\u0000.jpg', 'a.jpg'],
    ['baris\r\nbaru.jpg', 'barisbaru.jpg'],
    ['foto\u202egpj.exe', 'fotogpj.exe'],
    ['\u2067x\u2069.png', 'x.png'],
    ['bad\ud800.png', 'bad.png'],
    ['Upacara Bendera 17 Agustus 🇮🇩.jpg', 'Upacara Bendera 17 Agustus 🇮🇩.jpg'],
    ['  ', 'foto'],
    ['../', 'foto'],
  ])('%j is shown as %j', (sent, shown) => expect(uploadDisplayName(sent)).toBe(shown));

  test('a 500-character name is cut to 120 characters, never inside an emoji', () => {
    expect(uploadDisplayName(`${'a'.repeat(500)}.jpg`)).toBe('a'.repeat(120));
    expect(uploadDisplayName('😀'.repeat(200))).toBe('😀'.repeat(120));
  });
});

describe('stored files are named by the server', () => {
  const at = new Date('2026-11-26T03:00:00Z');
  test('galeri/YYYY/MM, a slug of the shown name, the upload’s token', () => {
    expect(uploadFileBase('IMG 0012 Upacara.JPG', at, 'a1b2c3')).toBe('galeri/2026/11/img-0012-upacara-a1b2c3');
    expect(uploadFileBase('..jpg', at, 'ff')).toBe('galeri/2026/11/foto-ff');
    expect(uploadFileBase('CON.jpg', at, 'ff')).toBe('galeri/2026/11/con-ff');
  });

  test.each([
    '../../etc/passwd.jpg',
    '..\\..\\win.ini',
    'a\u0000.jpg',
    'CON.jpg',
    'x'.repeat(500),
    'foto\u202egpj.exe',
    'ｆｕｌｌ／．．／ｗｉｄｔｈ.jpg',
    'سلام.jpg',
    '%2e%2e%2fetc.jpg',
  ])('%j gives a plain path', (sent) => {
    const file = uploadFileBase(uploadDisplayName(sent), at, 'a1b2c3d4e5f6');
    expect(file).toMatch(/^galeri\/2026\/11\/[a-z0-9]+(-[a-z0-9]+)*-a1b2c3d4e5f6$/);
    expect(file.length).toBeLessThanOrEqual('galeri/2026/11/'.length + 60 + 13);
  });
});

describe('the photos’ order', () => {
  test('ids of a list: in order, each once, junk skipped', () => {
    expect(parseIdList('3, 1,x,3,,0,-2,7')).toEqual([3, 1, 7]);
    expect(parseIdList(null)).toEqual([]);
  });

  test('a save keeps the posted order, adds photos uploaded meanwhile, drops removed ones and strangers', () => {
    expect(mergePhotoOrder([1, 2, 3, 4], [3, 1, 2, 99], [2])).toEqual([3, 1, 4]);
    expect(mergePhotoOrder([1, 2], [])).toEqual([1, 2]);
    // Uploads chosen together land in any order: the first chosen, landing last, goes before the others.
    expect(mergePhotoOrder([5, 6, 7], [6, 7])).toEqual([5, 6, 7]);
    expect(mergePhotoOrder([1, 5, 6, 7], [6, 7, 1])).toEqual([5, 6, 7, 1]);
    expect(mergePhotoOrder([1, 2, 3, 4, 5], [2, 1])).toEqual([2, 1, 3, 4, 5]);
  });

  test('a photo moves one place; at an end it stays', () => {
    expect(movePhoto([1, 2, 3], 3, 'up')).toEqual([1, 3, 2]);
    expect(movePhoto([1, 2, 3], 1, 'down')).toEqual([2, 1, 3]);
    expect(movePhoto([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(movePhoto([1, 2, 3], 9, 'up')).toEqual([1, 2, 3]);
  });

  test('a drag puts the dragged photos before or after the target', () => {
    expect(reorderPhotos([1, 2, 3, 4], [4], 1, 'before')).toEqual([4, 1, 2, 3]);
    expect(reorderPhotos([1, 2, 3, 4], [1, 2], 3, 'after')).toEqual([3, 1, 2, 4]);
    expect(reorderPhotos([1, 2, 3], [2], 2, 'after')).toEqual([1, 2, 3]);
  });
});

describe('what visitors see and what publishing needs', () => {
  const photos = [
    { id: 1, status: 'ready', alt: 'Barisan upacara' },
    { id: 2, status: 'ready', alt: '  ' },
    { id: 3, status: 'processing', alt: 'Bendera' },
    { id: 4, status: 'failed', alt: '' },
    { id: 5, status: 'ready', alt: 'Pembina' },
  ] as const;
  const order = [5, 2, 1, 3, 4];

  test('only processed photos with alt text are public, in the album’s order (the first is the cover)', () => {
    expect(publicPhotoIds(order, photos)).toEqual([5, 1]);
  });

  test('photos lacking alt text are named by position; failed uploads aside', () => {
    expect(photosWithoutAlt(order, photos)).toEqual([2]);
    expect(missingAltMessage(['Foto 2 (b.jpg)'])).toContain('Foto 2 (b.jpg)');
  });
});

test('the buttons of the album form', () => {
  expect(parseIntent('terbitkan')).toEqual({ kind: 'publish' });
  expect(parseIntent('batalkan')).toEqual({ kind: 'unpublish' });
  expect(parseIntent('naik:12')).toEqual({ kind: 'move', id: 12, direction: 'up' });
  expect(parseIntent('turun:7')).toEqual({ kind: 'move', id: 7, direction: 'down' });
  expect(parseIntent('hapus:3')).toEqual({ kind: 'remove', id: 3 });
  expect(parseIntent('hapus:x')).toEqual({ kind: 'save' });
  expect(parseIntent(undefined)).toEqual({ kind: 'save' });
});

test('the list’s query reads back what it writes; junk is ignored', () => {
  const q = { q: 'upacara', status: 'draft' as const, page: 3 };
  expect(parseAlbumListQuery(new URL(`http://x${albumListHref(q)}`).searchParams)).toEqual(q);
  expect(albumListHref({ q: '', status: null, page: 1 })).toBe('/admin/galeri/');
  expect(parseAlbumListQuery(new URLSearchParams('status=x&halaman=-1'))).toEqual({ q: '', status: null, page: 1 });
});

test('a no-JavaScript upload’s outcome survives the redirect', () => {
  const query = uploadNoticeQuery([
    { ok: true },
    { ok: false, name: 'besar~sekali.png', code: 'too-many-pixels' },
    { ok: false, name: 'x.txt', code: 'unknown' },
  ]);
  expect(parseUploadNotice(new URLSearchParams(query))).toEqual({
    stored: 1,
    refused: [
      { name: 'besar~sekali.png', message: REFUSAL_MESSAGES['too-many-pixels'] },
      { name: 'x.txt', message: 'Foto ini tidak dapat disimpan. Coba lagi.' },
    ],
  });
  expect(parseUploadNotice(new URLSearchParams(''))).toBeNull();
});

describe('a crashed process’s files (issue 21)', () => {
  const alive = (pid: number) => pid === 200;

  test('a temporary file is left over when its writer is gone, had this pid before this process started, or is an hour old', () => {
    const own = { pid: 100, uptimeMs: 60_000 };
    expect(leftoverTemporary('foto-800w.jpg.300.ab12cd34.tmp', 1_000, own, alive)).toBe(true);
    expect(leftoverTemporary('foto-800w.jpg.100.ab12cd34.tmp', 120_000, own, alive)).toBe(true);
    // Being written by this process right now.
    expect(leftoverTemporary('foto-800w.jpg.100.ab12cd34.tmp', 1_000, own, alive)).toBe(false);
    expect(leftoverTemporary('foto-800w.jpg.200.ab12cd34.tmp', 1_000, own, alive)).toBe(false);
    expect(leftoverTemporary('foto-800w.jpg.200.ab12cd34.tmp', 3_600_001, own, alive)).toBe(true);
    expect(leftoverTemporary('foto.tmp', 1_000, own, alive)).toBe(true);
    expect(leftoverTemporary('foto-800w.jpg', 9_999_999, own, alive)).toBe(false);
  });
});

describe('photos chosen together keep their order (issue 21)', () => {
  test('each lands in its chosen place, whatever the order they land in', () => {
    let order = [7, 8];
    const places = new Map<number, number>();
    for (const [id, position] of [
      [103, 2],
      [101, 0],
      [104, 3],
      [102, 1],
    ] as const) {
      const at = batchPlace(order, places, position);
      order = [...order.slice(0, at), id, ...order.slice(at)];
      places.set(id, position);
    }
    expect(order).toEqual([7, 8, 101, 102, 103, 104]);
  });

  test('a photo of another batch, or moved by staff meanwhile, stays where it is', () => {
    expect(batchPlace([1, 2], new Map(), 0)).toBe(2);
    // Staff moved the batch's first photo to the top while the others uploaded.
    expect(batchPlace([11, 1, 2], new Map([[11, 0]]), 1)).toBe(1);
    expect(batchPlace([1, 13, 2], new Map([[13, 2]]), 1)).toBe(1);
  });

  test('the place as posted', () => {
    expect(parseUploadPlace({ kelompok: 'abc12345', urutan: '3' })).toEqual({ batch: 'abc12345', position: 3 });
    for (const bad of [
      {},
      { kelompok: 'abc', urutan: '1' },
      { kelompok: 'abc12345', urutan: '-1' },
      { kelompok: 'a b c d e f', urutan: '1' },
    ])
      expect(parseUploadPlace(bad)).toBeNull();
  });
});
