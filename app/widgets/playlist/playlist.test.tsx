import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { mediaViewOf } from '~/content/media.fixtures';
import { watchUrl } from './model';
import { Playlist, type PlaylistEntry } from './playlist';

const thumb = (file: string) => mediaViewOf({ id: 1, alt: 'Cuplikan', width: 1200, height: 675, file, copies: [480] });

const entry = (provider: 'youtube' | 'vimeo', videoId: string, title: string): PlaylistEntry => ({
  provider,
  videoId,
  title,
  duration: '4:12',
  description: null,
  thumb: thumb(`2025/08/${videoId.toLowerCase()}`),
  watch: watchUrl({ provider, videoId }),
});

const html = renderToStaticMarkup(
  <Playlist
    elementId="vd0list"
    height={450}
    items={[entry('youtube', 'tB7qK2mVx4E', 'Profil Sekolah'), entry('vimeo', '912345678', 'Pentas Seni')]}
  />,
);

test('without JavaScript every item and the poster are links to the video on the provider’s site', () => {
  expect(html).toContain('href="https://www.youtube.com/watch?v=tB7qK2mVx4E"');
  expect(html).toContain('href="https://vimeo.com/912345678"');
  expect(html.match(/<a [^>]*data-tap=""/g)).toHaveLength(3);
  expect(html).toContain('data-behaviour="playlist"');
  expect(html).toContain('data-provider="vimeo" data-video-id="912345678" data-video-index="1"');
});

test('nothing of the providers’ is in the page: no frame, no script, no picture; the thumbnails are the site’s', () => {
  expect(html).not.toMatch(/<iframe|<script|youtube-nocookie|player\.vimeo|ytimg|vimeocdn/);
  for (const [, src] of html.matchAll(/src="([^"]+)"/g)) expect(src).toMatch(/^\/wp-content\/uploads\//);
});

test('an empty playlist says so', () => {
  expect(renderToStaticMarkup(<Playlist elementId="x" height={450} items={[]} />)).toContain('Belum ada video.');
});
