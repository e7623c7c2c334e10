import { jsonOrUndefined } from '~/lib/json';

/**
 * The playlist's rules (spec filters-and-widgets.md §3 "Playlist items", §4 "Playlist"): which ids a
 * provider takes, where its privacy-friendly player and its watch page are, and the words of the
 * providers' documented postMessage APIs. No zod and no React: the browser's chunk imports this file.
 */

/** The video providers a playlist item may name (spec §3: youtube or vimeo). */
export const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** A video as the rules need it. */
export interface VideoRef {
  provider: VideoProvider;
  videoId: string;
}

/**
 * A provider's video ids: YouTube's are 11 characters of its URL-safe alphabet, Vimeo's are numbers
 * (at most 12 digits: today's are 9 or 10).
 */
export const VIDEO_ID_PATTERNS: Readonly<Record<VideoProvider, RegExp>> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^[1-9][0-9]{0,11}$/,
};

/** Whether `videoId` is an id of `provider`'s videos. */
export function isVideoId(provider: VideoProvider, videoId: string): boolean {
  return VIDEO_ID_PATTERNS[provider].test(videoId);
}

/** The provider's name as visitors know it. */
export const PROVIDER_NAMES: Readonly<Record<VideoProvider, string>> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * Where each provider's player lives: YouTube's cookie-less domain and Vimeo's player host (asked not to
 * track with `dnt=1`). The only origins the site's Content-Security-Policy lets a frame come from
 * (server/security.ts) and the only ones the widget talks to or listens to.
 */
export const PLAYER_ORIGINS: Readonly<Record<VideoProvider, string>> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
};

/**
 * The player's address: autoplay (the visitor asked for this video), inline on phones, and the
 * provider's JavaScript API switched on so the page can pause and play it by postMessage. YouTube
 * answers only pages named in `origin`; Vimeo is asked not to track (`dnt=1`).
 */
export function embedUrl(video: VideoRef, pageOrigin: string): string {
  const id = encodeURIComponent(video.videoId);
  if (video.provider === 'youtube') {
    const query = new URLSearchParams({
      enablejsapi: '1',
      autoplay: '1',
      playsinline: '1',
      rel: '0',
      origin: pageOrigin,
    });
    return `${PLAYER_ORIGINS.youtube}/embed/${id}?${query}`;
  }
  const query = new URLSearchParams({ dnt: '1', autoplay: '1', playsinline: '1' });
  return `${PLAYER_ORIGINS.vimeo}/video/${id}?${query}`;
}

/** The video's own page on the provider's site: the item's link without JavaScript and the fallback's link. */
export function watchUrl(video: VideoRef): string {
  const id = encodeURIComponent(video.videoId);
  return video.provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}

/** What the page asks a player: start listening (the handshake), play or pause. */
export type PlayerCommand = 'listen' | 'play' | 'pause';

/**
 * The message that asks `provider`'s player for `command`, as its documented postMessage API words it:
 * YouTube's IFrame API (`listening`, then `command` with `func`), Vimeo's player API (`method`).
 * YouTube's handshake also subscribes to state changes; Vimeo's subscribes to play, pause and ended.
 */
export function playerMessages(provider: VideoProvider, command: PlayerCommand): string[] {
  if (provider === 'youtube') {
    const yt = (body: Record<string, unknown>) => JSON.stringify({ ...body, id: 1, channel: 'widget' });
    if (command === 'listen') {
      return [yt({ event: 'listening' }), yt({ event: 'command', func: 'addEventListener', args: ['onStateChange'] })];
    }
    return [yt({ event: 'command', func: command === 'play' ? 'playVideo' : 'pauseVideo', args: [] })];
  }
  if (command === 'listen') {
    return ['ping', ...['play', 'pause', 'ended'].map((value) => ({ method: 'addEventListener', value }))].map((m) =>
      JSON.stringify(typeof m === 'string' ? { method: m } : m),
    );
  }
  return [JSON.stringify({ method: command })];
}

/** What a player told the page: that it is there, or its state. */
export type PlayerNews = 'ready' | 'playing' | 'paused';

/** YouTube's player states (IFrame API `onStateChange`): 1 playing, 3 buffering, 2 paused, 0 ended. */
const YOUTUBE_STATES: Readonly<Record<number, PlayerNews>> = { 1: 'playing', 3: 'playing', 2: 'paused', 0: 'paused' };

/**
 * Reads a message from `provider`'s player (a JSON string, or an object from newer players); null when
 * it is none of the player's news. Any message of the player's protocol counts as `ready`: it is there.
 */
export function readPlayerMessage(provider: VideoProvider, data: unknown): PlayerNews | null {
  const message = typeof data === 'string' ? jsonOrUndefined(data) : data;
  if (typeof message !== 'object' || message === null) return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (typeof event !== 'string') return null;
  if (provider === 'youtube') {
    if (event === 'onStateChange' && typeof info === 'number') return YOUTUBE_STATES[info] ?? 'ready';
    if (event === 'infoDelivery' || event === 'initialDelivery') {
      const state = (info as { playerState?: unknown } | null)?.playerState;
      return typeof state === 'number' ? (YOUTUBE_STATES[state] ?? 'ready') : 'ready';
    }
    return event === 'onReady' ? 'ready' : null;
  }
  if (event === 'play' || event === 'playing') return 'playing';
  if (event === 'pause' || event === 'ended') return 'paused';
  return event === 'ready' ? 'ready' : null;
}

/** Spec filters-and-widgets.md §9 "Playlist new-player start delay": a chosen video starts 300 ms later. */
export const NEW_PLAYER_START_DELAY_MS = 300;
/**
 * How long a player may take to answer the handshake once its frame has loaded: a provider that cannot
 * be reached still "loads" (the browser's error page), but never answers.
 */
export const PLAYER_HANDSHAKE_MS = 4_000;
/** How long a player's frame may take to load at all before the fallback shows. */
export const PLAYER_LOAD_TIMEOUT_MS = 15_000;
/** The handshake is repeated this often until the player answers (its script may start after `load`). */
export const HANDSHAKE_RETRY_MS = 250;

/** What an item shows (spec §4: items show playing or paused). */
export type ItemState = 'idle' | 'starting' | 'playing' | 'paused' | 'failed';

/** The words of an item's state, shown in the item and read with its name. */
export const ITEM_STATE_LABELS: Readonly<Record<ItemState, string>> = {
  idle: '',
  starting: 'Memuat…',
  playing: 'Sedang diputar',
  paused: 'Dijeda',
  failed: 'Tidak dapat dimuat',
};

/** What choosing an item does: the active one toggles (or retries after a failure); another one switches. */
export function choiceAction(
  chosen: number,
  active: number,
  activeState: ItemState,
): 'switch' | 'pause' | 'resume' | 'retry' | 'none' {
  if (chosen !== active) return 'switch';
  if (activeState === 'playing') return 'pause';
  if (activeState === 'paused') return 'resume';
  if (activeState === 'failed') return 'retry';
  return 'none';
}
