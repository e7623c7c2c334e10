import type { Frame, Page } from '@playwright/test';
import { PLAYER_ORIGINS } from '../../../app/widgets/playlist/model';

/** Any request to a video provider: its players, scripts, thumbnails or video files. */
export const PROVIDER_HOSTS = /youtube|youtu\.be|ytimg|googlevideo|vimeo|vimeocdn/;

/**
 * The stub player page, served in place of both providers' players (no network): it answers the
 * documented postMessage APIs as the real players do (YouTube's IFrame API: `listening` → `onReady`,
 * `command` playVideo/pauseVideo → `onStateChange`; Vimeo's: `ready`, `play`/`pause` → the events) and
 * records what it received in `window.received`, which the spec reads.
 */
const STUB_PAGE = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Pemutar video uji</title></head>
<body style="margin:0;background:#000;color:#fff;font:16px sans-serif">
<div><h1 style="font-size:1rem;margin:8px">Pemutar video uji</h1><p id="state" style="margin:8px">siap</p></div>
<script>
window.received = [];
var youtube = location.hostname.indexOf('youtube') >= 0;
function reply(message) { parent.postMessage(JSON.stringify(message), '*'); }
function show(state) { document.getElementById('state').textContent = state; }
addEventListener('message', function (e) {
  if (e.source !== parent) return;
  var m;
  try { m = typeof e.data === 'string' ? JSON.parse(e.data) : e.data; } catch (error) { return; }
  if (youtube) {
    if (m.event === 'listening') {
      received.push('listening');
      reply({ event: 'onReady', id: m.id, channel: m.channel });
      reply({ event: 'initialDelivery', id: m.id, info: { playerState: -1 } });
    } else if (m.event === 'command') {
      received.push(m.func);
      if (m.func === 'playVideo') { show('playing'); reply({ event: 'onStateChange', info: 1 }); }
      if (m.func === 'pauseVideo') { show('paused'); reply({ event: 'onStateChange', info: 2 }); }
    }
    return;
  }
  received.push(m.value ? m.method + ':' + m.value : m.method);
  if (m.method === 'ping') reply({ event: 'ready' });
  if (m.method === 'play') { show('playing'); reply({ event: 'play', data: {} }); }
  if (m.method === 'pause') { show('paused'); reply({ event: 'pause', data: {} }); }
});
if (!youtube) reply({ event: 'ready' });
</script>
</body></html>`;

/** Serves the stub player for both providers' player origins; `unreachable` aborts them instead. */
export async function routeVideoProviders(page: Page, { unreachable = false } = {}): Promise<void> {
  for (const origin of Object.values(PLAYER_ORIGINS)) {
    await page.route(`${origin}/**`, (route) =>
      unreachable
        ? route.abort('internetdisconnected')
        : route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: STUB_PAGE }),
    );
  }
}

/** Records every request the page makes to a provider (the spec asserts none leaves before a click). */
export function recordProviderRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (PROVIDER_HOSTS.test(new URL(request.url()).hostname)) seen.push(request.url());
  });
  return seen;
}

/** What the stub player in `frame` has received, in order. */
export function receivedBy(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (window as unknown as { received: string[] }).received.slice());
}
