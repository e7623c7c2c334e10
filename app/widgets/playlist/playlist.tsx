import type { CSSProperties } from 'react';
import type { MediaView } from '~/content/media';
import { Picture } from '~/ui/picture';
import { PROVIDER_NAMES, type VideoProvider } from './model';

/** One video as the list shows it; `watch` is its page on the provider's site. */
export interface PlaylistEntry {
  provider: VideoProvider;
  videoId: string;
  title: string;
  duration: string | null;
  description: string | null;
  /** The site's own thumbnail (null when its picture was deleted from the media library). */
  thumb: MediaView | null;
  watch: string;
}

/** What the playlist's loader sends (playlist.server.ts). */
export interface PlaylistProps {
  elementId: string;
  height: number;
  items: PlaylistEntry[];
}

/** The list's pictures are decoration: the item's title names it. */
const decorative = (media: MediaView): MediaView => ({ ...media, alt: '' });

/**
 * The playlist (spec filters-and-widgets.md §4 "Playlist", issue 22), server-rendered only: the canvas
 * with the first video's poster, and the list of videos. Without JavaScript every item and the poster
 * are links to the video on the provider's site; nothing of the provider's (frame, script, picture) is
 * in this HTML, the thumbnails are the site's. playlist.client.ts turns the links into buttons that
 * start the provider's player in the canvas, and keeps early taps (`data-tap`).
 */
export function Playlist({ elementId, height, items }: PlaylistProps) {
  const first = items[0];
  if (!first) {
    return <p className="video-playlist__empty">Belum ada video.</p>;
  }
  const providers = [...new Set(items.map((i) => PROVIDER_NAMES[i.provider]))].join(' atau ');
  return (
    <div
      className="video-playlist"
      id={`playlist-${elementId}`}
      data-behaviour="playlist"
      style={{ '--playlist-height': `${height}px` } as CSSProperties}
    >
      <div className="video-playlist__stage">
        <div className="video-playlist__canvas" data-canvas="inactive">
          <a className="video-playlist__poster" href={first.watch} data-tap="" data-poster="">
            {first.thumb ? (
              <Picture
                media={decorative(first.thumb)}
                sizes="(max-width: 767px) 100vw, 66vw"
                className="video-playlist__poster-img"
              />
            ) : null}
            <span className="video-playlist__play" aria-hidden="true" />
            <span className="video-playlist__poster-title">
              <span className="visually-hidden">Putar video: </span>
              <span data-poster-title="">{first.title}</span>
            </span>
          </a>
        </div>
        <p className="video-playlist__privacy">
          Video dimuat dari {providers} hanya setelah Anda memilihnya; sebelum itu tidak ada yang dikirim ke situs
          mereka.
        </p>
      </div>
      <ol className="video-playlist__list" aria-label="Daftar video">
        {items.map((item, index) => (
          <li
            key={`${item.provider}-${item.videoId}-${index}`}
            className="video-playlist__item"
            id={`playlist-${elementId}-${index}`}
            data-provider={item.provider}
            data-video-id={item.videoId}
            data-video-index={index}
            data-state="idle"
          >
            <a className="video-playlist__choice" href={item.watch} data-tap="">
              <span className="video-playlist__thumb">
                {item.thumb ? (
                  <Picture media={decorative(item.thumb)} sizes="160px" className="video-playlist__thumb-img" />
                ) : null}
                {item.duration ? (
                  <span className="video-playlist__duration" aria-hidden="true">
                    {item.duration}
                  </span>
                ) : null}
              </span>
              <span className="video-playlist__text">
                <span className="video-playlist__title">{item.title}</span>
                {item.description ? <span className="video-playlist__desc">{item.description}</span> : null}
                <span className="video-playlist__meta">
                  {PROVIDER_NAMES[item.provider]}
                  {item.duration ? <span className="visually-hidden">, durasi {item.duration}</span> : null}
                  <span className="video-playlist__state" data-state-label="" />
                </span>
              </span>
            </a>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" data-announce="" />
    </div>
  );
}
