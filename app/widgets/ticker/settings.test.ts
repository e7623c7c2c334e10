import { expect, test } from 'vitest';
import { tickerSettings } from './settings';

test("defaults: the five latest news, typed, moving on after the carousel's 5000 ms, sliding in 500 ms", () => {
  expect(tickerSettings.parse({})).toEqual({
    title: 'Berita Terkini',
    postsCount: 5,
    typing: true,
    autoplay: true,
    autoplaySpeed: 5000,
    speed: 500,
    arrows: true,
    showDate: false,
  });
});

test.each([
  [{ postsCount: 0 }],
  [{ postsCount: 21 }],
  [{ autoplaySpeed: 999 }],
  [{ autoplaySpeed: 20_001 }],
  [{ speed: 50 }],
  [{ title: '' }],
  [{ category: 'Prestasi Siswa' }],
  [{ category: '../x' }],
])('%j is refused', (settings) => expect(tickerSettings.safeParse(settings).success).toBe(false));

test('a category by its slug', () => {
  expect(tickerSettings.parse({ category: 'prestasi' }).category).toBe('prestasi');
});
