import {
  choiceAction,
  embedUrl,
  HANDSHAKE_RETRY_MS,
  ITEM_STATE_LABELS,
  type ItemState,
  NEW_PLAYER_START_DELAY_MS,
  PLAYER_HANDSHAKE_MS,
  PLAYER_LOAD_TIMEOUT_MS,
  PLAYER_ORIGINS,
  type PlayerCommand,
  PROVIDER_NAMES,
  playerMessages,
  readPlayerMessage,
  VIDEO_PROVIDERS,
  type VideoProvider,
  watchUrl,
} from './model';

/**
 * The playlist's browser code (spec filters-and-widgets.md §4 "Playlist"): choosing an item makes it
 * active, pauses the previous player and starts the new one 300 ms later (§9); items show playing or
 * paused, the canvas is active (a player shows) or inactive (the poster shows).
 *
 * Privacy: nothing is asked of a provider until the visitor chooses a video. The players are the
 * providers' own frames (youtube-nocookie.com, player.vimeo.com with dnt=1), driven through their
 * documented postMessage APIs; neither provider's script library is ever loaded into this page.
 */

interface Video {
  index: number;
  provider: VideoProvider;
  videoId: string;
  title: string;
  item: HTMLElement;
  choice: HTMLAnchorElement;
}

interface Player {
  video: Video;
  /** The frame's box in the canvas: the iframe, or the fallback once the provider could not be reached. */
  box: HTMLElement;
  iframe: HTMLIFrameElement | null;
  ready: boolean;
  timers: number[];
}

const isProvider = (v: string | undefined): v is VideoProvider => VIDEO_PROVIDERS.includes(v as VideoProvider);

function readVideos(root: HTMLElement): Video[] {
  const videos: Video[] = [];
  for (const item of root.querySelectorAll<HTMLElement>('.video-playlist__item')) {
    const choice = item.querySelector<HTMLAnchorElement>('.video-playlist__choice');
    const { provider, videoId } = item.dataset;
    if (!choice || !isProvider(provider) || !videoId) continue;
    const title = item.querySelector('.video-playlist__title')?.textContent ?? '';
    videos.push({ index: videos.length, provider, videoId, title, item, choice });
  }
  return videos;
}

/** Takes the playlist over: its links become buttons that play the videos in the canvas. */
export function enhance(root: HTMLElement): () => void {
  const canvas = root.querySelector<HTMLElement>('.video-playlist__canvas');
  const poster = root.querySelector<HTMLAnchorElement>('[data-poster]');
  const announcer = root.querySelector<HTMLElement>('[data-announce]');
  const videos = readVideos(root);
  if (!canvas || !poster || videos.length === 0) return () => {};

  const players = new Map<number, Player>();
  let active = -1;
  let startTimer = 0;

  // The links stay links (a middle click still opens the provider's page); to assistive technology
  // they are the buttons they now are.
  for (const { choice } of videos) choice.setAttribute('role', 'button');
  poster.setAttribute('role', 'button');

  const stateOf = (index: number) => (videos[index]?.item.dataset.state ?? 'idle') as ItemState;

  function setState(index: number, state: ItemState): void {
    const video = videos[index];
    if (!video || stateOf(index) === state) return;
    video.item.dataset.state = state;
    const label = video.item.querySelector('[data-state-label]');
    if (label) label.textContent = ITEM_STATE_LABELS[state] ? ` · ${ITEM_STATE_LABELS[state]}` : '';
    if (announcer && index === active && (state === 'playing' || state === 'paused')) {
      announcer.textContent = `${ITEM_STATE_LABELS[state]}: ${video.title}`;
    }
  }

  function send(player: Player, command: PlayerCommand): void {
    const target = player.iframe?.contentWindow;
    if (!target) return;
    const origin = PLAYER_ORIGINS[player.video.provider];
    for (const message of playerMessages(player.video.provider, command)) target.postMessage(message, origin);
  }

  function clearTimers(player: Player): void {
    for (const t of player.timers) window.clearTimeout(t);
    player.timers = [];
  }

  /** The canvas shows the poster (inactive) or one player (active). */
  function show(player: Player | null): void {
    for (const p of players.values()) p.box.hidden = p !== player;
    poster!.hidden = player !== null;
    canvas!.dataset.canvas = player ? 'active' : 'inactive';
  }

  /** The poster stands for the chosen video while its player is on its way. */
  function posterFor(video: Video): void {
    poster!.href = watchUrl(video);
    const title = poster!.querySelector('[data-poster-title]');
    if (title) title.textContent = video.title;
    const picture = video.item.querySelector('.video-playlist__thumb picture');
    const current = poster!.querySelector('picture');
    if (picture && current) {
      const copy = picture.cloneNode(true) as HTMLElement;
      copy.querySelector('img')?.setAttribute('sizes', '(max-width: 767px) 100vw, 66vw');
      copy.querySelector('source')?.setAttribute('sizes', '(max-width: 767px) 100vw, 66vw');
      copy.querySelector('img')?.classList.replace('video-playlist__thumb-img', 'video-playlist__poster-img');
      current.replaceWith(copy);
    }
    poster!.dataset.loading = '';
  }

  function fail(player: Player): void {
    clearTimers(player);
    player.iframe?.remove();
    player.iframe = null;
    const { provider, title } = player.video;
    const name = PROVIDER_NAMES[provider];
    const fallback = document.createElement('div');
    fallback.className = 'video-playlist__fallback';
    fallback.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = `Video “${title}” tidak dapat dimuat dari ${name}. Mungkin koneksi internet sedang terputus atau ${name} tidak dapat dibuka dari jaringan ini.`;
    const link = document.createElement('a');
    link.href = watchUrl(player.video);
    link.className = 'video-playlist__fallback-link';
    link.textContent = `Tonton di ${name}`;
    fallback.append(text, link);
    player.box.replaceChildren(fallback);
    setState(player.video.index, 'failed');
  }

  function createPlayer(video: Video): Player {
    const box = document.createElement('div');
    box.className = 'video-playlist__frame';
    box.dataset.videoIndex = String(video.index);
    const iframe = document.createElement('iframe');
    iframe.title = `Video: ${video.title}`;
    iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    iframe.src = embedUrl(video, window.location.origin);
    box.append(iframe);
    const player: Player = { video, box, iframe, ready: false, timers: [] };
    // A provider that cannot be reached: the frame never loads, or loads the browser's error page,
    // which never answers the handshake.
    player.timers.push(window.setTimeout(() => fail(player), PLAYER_LOAD_TIMEOUT_MS));
    iframe.addEventListener('load', () => {
      if (player.ready) return;
      send(player, 'listen');
      const retry = window.setInterval(
        () => (player.ready ? window.clearInterval(retry) : send(player, 'listen')),
        HANDSHAKE_RETRY_MS,
      );
      player.timers.push(
        retry,
        window.setTimeout(() => fail(player), PLAYER_HANDSHAKE_MS),
      );
    });
    canvas!.append(box);
    players.set(video.index, player);
    return player;
  }

  function start(video: Video, focusPlayer: boolean): void {
    const existing = players.get(video.index);
    if (existing?.iframe && existing.ready) {
      show(existing);
      send(existing, 'play');
      return;
    }
    existing?.box.remove();
    const player = createPlayer(video);
    show(player);
    // Chosen from the poster, which has just gone: the focus moves to what took its place.
    if (focusPlayer) player.iframe?.focus();
  }

  /** Stops the player of a video no longer chosen: a ready one pauses; one still loading goes. */
  function leave(index: number): void {
    const player = players.get(index);
    if (!player) {
      setState(index, 'idle');
      return;
    }
    if (player.ready && player.iframe) {
      send(player, 'pause');
      setState(index, 'paused');
    } else if (stateOf(index) !== 'failed') {
      // A frame not ready yet cannot be told to pause: with autoplay it would start playing unseen.
      clearTimers(player);
      player.box.remove();
      players.delete(index);
      setState(index, 'idle');
    }
  }

  function choose(index: number, fromPoster: boolean): void {
    const video = videos[index];
    if (!video) return;
    const action = choiceAction(index, active, stateOf(active));
    const current = players.get(active);
    if (action === 'none') return;
    if (action === 'pause' && current) {
      send(current, 'pause');
      setState(active, 'paused');
      return;
    }
    if (action === 'resume' && current) {
      send(current, 'play');
      setState(active, 'starting');
      return;
    }
    if (action === 'switch') {
      window.clearTimeout(startTimer);
      if (active >= 0) leave(active);
      active = index;
      for (const v of videos) {
        if (v.index === index) v.choice.setAttribute('aria-current', 'true');
        else v.choice.removeAttribute('aria-current');
      }
    }
    if (action === 'retry') {
      players.get(index)?.box.remove();
      players.delete(index);
    }
    setState(index, 'starting');
    const paused = players.get(index);
    if (paused?.ready) {
      show(paused);
    } else {
      posterFor(video);
      show(null);
    }
    // Spec §9: the new player starts 300 ms after the choice.
    startTimer = window.setTimeout(() => {
      delete poster!.dataset.loading;
      start(video, fromPoster);
    }, NEW_PLAYER_START_DELAY_MS);
  }

  function onClick(event: MouseEvent): void {
    const target = (event.target as Element | null)?.closest?.('.video-playlist__choice, [data-poster]');
    if (!target || !root.contains(target)) return;
    // A click meant for a new tab opens the provider's page, as the link says.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (target === poster) {
      choose(Math.max(active, 0), true);
      return;
    }
    const video = videos.find((v) => v.choice === target);
    if (video) choose(video.index, false);
  }

  // Links answer Enter by themselves; as buttons they answer Space too.
  function onKeyDown(event: KeyboardEvent): void {
    if (event.key !== ' ') return;
    const target = (event.target as Element | null)?.closest?.('[role="button"]');
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    (target as HTMLElement).click();
  }

  function onMessage(event: MessageEvent): void {
    for (const player of players.values()) {
      if (!player.iframe || event.source !== player.iframe.contentWindow) continue;
      if (event.origin !== PLAYER_ORIGINS[player.video.provider]) return;
      const news = readPlayerMessage(player.video.provider, event.data);
      if (!news) return;
      const { index } = player.video;
      if (!player.ready) {
        player.ready = true;
        clearTimers(player);
        if (index === active) send(player, 'play');
      }
      if (news === 'ready') return;
      // A player that is not the chosen one never plays unseen.
      if (news === 'playing' && index !== active) {
        send(player, 'pause');
        return;
      }
      if (stateOf(index) !== 'failed') setState(index, news);
      return;
    }
  }

  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  window.addEventListener('message', onMessage);
  return () => {
    window.clearTimeout(startTimer);
    for (const player of players.values()) clearTimers(player);
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('message', onMessage);
  };
}
