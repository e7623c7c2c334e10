import { describe, expect, test } from 'vitest';
import {
  afterAction,
  noticeFrom,
  noticeOf,
  pendingAction,
  postHref,
  queueHref,
  readQueueQuery,
  returnTo,
  statusOf,
  withNotice,
} from './staff-model';

describe('statusOf', () => {
  test.each([
    [{ approved: 1, rejected: 0 }, 'disetujui'],
    [{ approved: 0, rejected: 0 }, 'menunggu'],
    [{ approved: 0, rejected: 1 }, 'ditolak'],
  ] as const)('%o → %s', (review, status) => expect(statusOf(review)).toBe(status));
});

describe('the queue address', () => {
  const read = (q: string) => readQueueQuery(new URLSearchParams(q));

  test('reads status, source and page, and writes them back the same', () => {
    const result = read('status=menunggu&sumber=post&halaman=3');
    expect(result).toEqual({ kind: 'ok', filter: { status: 'menunggu', source: 'post', page: 3 } });
    if (result.kind === 'ok')
      expect(queueHref(result.filter)).toBe('/admin/ulasan/?status=menunggu&sumber=post&halaman=3');
    expect(read('')).toEqual({ kind: 'ok', filter: { status: null, source: null, page: 1 } });
    expect(queueHref({ status: null, source: null, page: 1 })).toBe('/admin/ulasan/');
  });

  test('page 1 is the address without a page', () => {
    expect(read('status=ditolak&halaman=1')).toEqual({ kind: 'canonical', href: '/admin/ulasan/?status=ditolak' });
  });

  test.each(['status=hapus', 'halaman=0', 'halaman=-2', 'halaman=abc', 'sumber=%3Cscript%3E', 'halaman=9999999'])(
    '%s is refused',
    (q) => expect(read(q).kind).toBe('invalid'),
  );
});

describe('returning after an action', () => {
  test('keeps a queue address and drops an old notice', () => {
    expect(returnTo('/admin/ulasan/?status=menunggu&halaman=2')).toBe('/admin/ulasan/?status=menunggu&halaman=2');
    expect(returnTo('/admin/ulasan/?selesai=approve&jumlah=2&sumber=post')).toBe('/admin/ulasan/?sumber=post');
  });

  test.each([
    undefined,
    '',
    'https://jahat.example/admin/ulasan/',
    '//jahat.example/',
    '/admin/',
    '/admin/ulasan//x',
    '/admin/ulasan/hapus/',
  ])('%s goes back to the queue itself', (value) => expect(returnTo(value)).toBe('/admin/ulasan/'));

  test('a notice travels in the address and reads back in words', () => {
    const href = withNotice('/admin/ulasan/?status=menunggu', 'approve', 2);
    expect(href).toBe('/admin/ulasan/?status=menunggu&selesai=approve&jumlah=2');
    expect(noticeFrom(new URL(href, 'http://x').searchParams)).toBe('2 ulasan disetujui.');
    expect(noticeOf('unpin', 1)).toBe('1 ulasan dilepas sematannya.');
    expect(noticeFrom(new URLSearchParams('selesai=meledak&jumlah=2'))).toBeNull();
    expect(noticeFrom(new URLSearchParams('selesai=delete&jumlah=x'))).toBeNull();
  });
});

test.each([
  ['post', 'kabar', '/kabar/'],
  ['galeri', 'pentas', '/galeri/pentas/'],
  ['ekskul', 'pramuka', '/ekskul/pramuka/'],
])('a %s post lives at its public address', (type, slug, href) => expect(postHref(type, slug)).toBe(href));

describe('what a row shows while its action is sent', () => {
  const pending = { status: 'menunggu', pinned: false } as const;
  test.each([
    ['approve', { status: 'disetujui', pinned: false }],
    ['reject', { status: 'ditolak', pinned: false }],
    ['pin', { status: 'menunggu', pinned: true }],
    ['unpin', { status: 'menunggu', pinned: false }],
    ['delete', null],
  ] as const)('%s → %o', (action, shown) => expect(afterAction(pending, action)).toEqual(shown));

  test('reads the row button or the bulk form being sent', () => {
    expect(
      pendingAction([
        ['_token', 't'],
        ['satu', 'approve:12'],
      ]),
    ).toEqual({ action: 'approve', ids: [12] });
    expect(
      pendingAction([
        ['aksi', 'reject'],
        ['ulasan_3', '1'],
        ['ulasan_5', '1'],
      ]),
    ).toEqual({ action: 'reject', ids: [3, 5] });
    expect(pendingAction([['aksi', 'reject']])).toBeNull();
    expect(
      pendingAction([
        ['aksi', ''],
        ['ulasan_3', '1'],
      ]),
    ).toBeNull();
    expect(pendingAction([['satu', 'meledak:3']])).toBeNull();
  });
});
