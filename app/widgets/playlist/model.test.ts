import { describe, expect, test } from 'vitest';
import {
  choiceAction,
  embedUrl,
  isVideoId,
  PLAYER_ORIGINS,
  playerMessages,
  readPlayerMessage,
  watchUrl,
} from './model';

const ORIGIN = 'https://smptunasbangsa.sch.id';

describe('embedUrl: the privacy-friendly player with its JavaScript API on', () => {
  test('YouTube: the cookie-less domain, the IFrame API for this page, autoplay', () => {
    const url = new URL(embedUrl({ provider: 'youtube', videoId: 'tB7qK2mVx4E' }, ORIGIN));
    expect(url.origin).toBe('https://www.youtube-nocookie.com');
    expect(url.pathname).toBe('/embed/tB7qK2mVx4E');
    expect(url.searchParams.get('enablejsapi')).toBe('1');
    expect(url.searchParams.get('origin')).toBe(ORIGIN);
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.get('rel')).toBe('0');
  });

  test('Vimeo: the player host, asked not to track', () => {
    const url = new URL(embedUrl({ provider: 'vimeo', videoId: '912345678' }, ORIGIN));
    expect(url.origin).toBe('https://player.vimeo.com');
    expect(url.pathname).toBe('/video/912345678');
    expect(url.searchParams.get('dnt')).toBe('1');
    expect(url.searchParams.get('autoplay')).toBe('1');
  });

  test('every player comes from one of the origins the CSP allows', () => {
    for (const video of [
      { provider: 'youtube', videoId: 'a-b_C0123zZ' },
      { provider: 'vimeo', videoId: '1' },
    ] as const) {
      expect(Object.values(PLAYER_ORIGINS)).toContain(new URL(embedUrl(video, ORIGIN)).origin);
    }
  });
});

test.each([
  ['youtube', 'tB7qK2mVx4E', 'https://www.youtube.com/watch?v=tB7qK2mVx4E'],
  ['vimeo', '912345678', 'https://vimeo.com/912345678'],
] as const)('the watch link of a %s video', (provider, videoId, url) => {
  expect(watchUrl({ provider, videoId })).toBe(url);
});

test('ids per provider', () => {
  expect(isVideoId('youtube', 'tB7qK2mVx4E')).toBe(true);
  expect(isVideoId('youtube', '<script>xx')).toBe(false);
  expect(isVideoId('vimeo', '912345678')).toBe(true);
  expect(isVideoId('vimeo', '91234567a')).toBe(false);
});

describe('the providers’ postMessage APIs', () => {
  test('YouTube: the handshake subscribes to state changes; play and pause are IFrame API commands', () => {
    expect(playerMessages('youtube', 'listen').map((m) => JSON.parse(m))).toEqual([
      { event: 'listening', id: 1, channel: 'widget' },
      { event: 'command', func: 'addEventListener', args: ['onStateChange'], id: 1, channel: 'widget' },
    ]);
    expect(JSON.parse(playerMessages('youtube', 'play')[0] as string)).toMatchObject({ func: 'playVideo' });
    expect(JSON.parse(playerMessages('youtube', 'pause')[0] as string)).toMatchObject({ func: 'pauseVideo' });
  });

  test('Vimeo: methods, and the events the page listens to', () => {
    expect(playerMessages('vimeo', 'play').map((m) => JSON.parse(m))).toEqual([{ method: 'play' }]);
    expect(playerMessages('vimeo', 'pause').map((m) => JSON.parse(m))).toEqual([{ method: 'pause' }]);
    expect(playerMessages('vimeo', 'listen').map((m) => JSON.parse(m))).toEqual([
      { method: 'ping' },
      { method: 'addEventListener', value: 'play' },
      { method: 'addEventListener', value: 'pause' },
      { method: 'addEventListener', value: 'ended' },
    ]);
  });

  test.each([
    ['youtube', '{"event":"onReady","id":1}', 'ready'],
    ['youtube', '{"event":"initialDelivery","info":{"playerState":-1}}', 'ready'],
    ['youtube', '{"event":"infoDelivery","info":{"playerState":1}}', 'playing'],
    ['youtube', '{"event":"infoDelivery","info":{"currentTime":3}}', 'ready'],
    ['youtube', '{"event":"onStateChange","info":2}', 'paused'],
    ['youtube', '{"event":"onStateChange","info":0}', 'paused'],
    ['youtube', '{"event":"play"}', null],
    ['vimeo', '{"event":"ready","player_id":"x"}', 'ready'],
    ['vimeo', { event: 'play', data: {} }, 'playing'],
    ['vimeo', '{"event":"pause"}', 'paused'],
    ['vimeo', '{"event":"ended"}', 'paused'],
    ['vimeo', '{"event":"onStateChange","info":1}', null],
    ['vimeo', 'not json', null],
    ['youtube', 42, null],
    ['youtube', null, null],
  ] as const)('%s says %j → %s', (provider, data, news) => {
    expect(readPlayerMessage(provider, data)).toBe(news);
  });
});

test.each([
  [2, 0, 'playing', 'switch'],
  [0, -1, 'idle', 'switch'],
  [1, 1, 'playing', 'pause'],
  [1, 1, 'paused', 'resume'],
  [1, 1, 'failed', 'retry'],
  [1, 1, 'starting', 'none'],
] as const)('choosing %d while %d is %s: %s', (chosen, active, state, action) => {
  expect(choiceAction(chosen, active, state)).toBe(action);
});
