import { expect, test } from 'vitest';
import { parseStoredSettings } from '~/lib/link-setting';
import { CANVAS_HEIGHT, NEW_PLAYER_START_DELAY_MS, PLAYLIST_ITEMS, playlistSettings } from './settings';

const item = (over: Record<string, unknown> = {}) => ({
  platform: 'youtube',
  videoId: 'tB7qK2mVx4E',
  title: 'Profil Sekolah',
  mediaId: 3,
  ...over,
});

test('spec §9: a new player starts 300 ms after the choice', () => {
  expect(NEW_PLAYER_START_DELAY_MS).toBe(300);
});

test('defaults: the canvas is 450 px tall; an item needs only its provider, id, title and thumbnail', () => {
  const parsed = playlistSettings.parse({ items: [item()] });
  expect(parsed.height).toBe(CANVAS_HEIGHT.default);
  expect(parsed.items[0]).toEqual(item());
});

test.each([
  ['youtube', 'tB7qK2mVx4E', true],
  ['youtube', 'a-b_C0123zZ', true],
  ['youtube', 'tB7qK2mVx4', false], // 10 characters
  ['youtube', 'tB7qK2mVx4EE', false], // 12 characters
  ['youtube', 'tB7qK2m/x4E', false],
  ['youtube', '912345678', false],
  ['vimeo', '912345678', true],
  ['vimeo', '76979871', true],
  ['vimeo', 'tB7qK2mVx4E', false],
  ['vimeo', '0912345678', false],
  ['vimeo', '9123456789012', false], // 13 digits
])('%s id %s accepted: %s', (platform, videoId, ok) => {
  expect(playlistSettings.safeParse({ items: [item({ platform, videoId })] }).success).toBe(ok);
});

test('a bad id is refused when saved, with a message for staff at the id', () => {
  const result = playlistSettings.safeParse({ items: [item(), item({ platform: 'vimeo', videoId: 'abc' })] });
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  expect(issue?.path).toEqual(['items', 1, 'videoId']);
  expect(issue?.message).toMatch(/Vimeo: hanya angka/);
  expect(issue && 'params' in issue ? issue.params : undefined).toMatchObject({ forStaff: true });
});

test('a stored item with a bad id is dropped when read, the others kept', () => {
  const stored = { items: [item({ videoId: 'not-an-id' }), item({ platform: 'vimeo', videoId: '905512384' })] };
  const read = parseStoredSettings(playlistSettings, stored);
  expect(read.success).toBe(true);
  expect(read.data?.items.map((i) => i.videoId)).toEqual(['905512384']);
});

test('a stored playlist whose every item is refused reads as empty, not as a failed page', () => {
  const read = parseStoredSettings(playlistSettings, { items: [item({ platform: 'dailymotion' })] });
  expect(read.success).toBe(true);
  expect(read.data?.items).toEqual([]);
});

test('bounds: at most 50 items, canvas 200–900 px, duration written as m:ss or h:mm:ss, other providers refused', () => {
  expect(PLAYLIST_ITEMS).toEqual({ max: 50 });
  expect(playlistSettings.parse({}).items).toEqual([]);
  expect(playlistSettings.safeParse({ items: Array.from({ length: 50 }, () => item()) }).success).toBe(true);
  expect(playlistSettings.safeParse({ items: Array.from({ length: 51 }, () => item()) }).success).toBe(false);
  for (const [height, ok] of [
    [199, false],
    [200, true],
    [900, true],
    [901, false],
    [450.5, false],
  ] as const) {
    expect(playlistSettings.safeParse({ items: [item()], height }).success, String(height)).toBe(ok);
  }
  for (const [duration, ok] of [
    ['4:35', true],
    ['1:02:10', true],
    ['4.35', false],
    ['empat menit', false],
  ] as const) {
    expect(playlistSettings.safeParse({ items: [item({ duration })] }).success, duration).toBe(ok);
  }
  expect(playlistSettings.safeParse({ items: [item({ platform: 'dailymotion' })] }).success).toBe(false);
  expect(playlistSettings.safeParse({ items: [item({ mediaId: 0 })] }).success).toBe(false);
  expect(playlistSettings.safeParse({ items: [item({ title: '  ' })] }).success).toBe(false);
});
