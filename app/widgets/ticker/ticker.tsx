import { formatPostDate } from '~/content/posts';
import { CarouselArrows } from '~/ui/carousel-arrows';
import type { TickerSettings } from './settings';

/** The ticker's props: its settings and the news it shows. */
export interface TickerProps {
  settings: TickerSettings;
  items: Array<{ id: number; title: string; url: string; publishedAt: string }>;
  elementId: string;
}

/**
 * The news ticker (spec 001 §3, §4; the WAI-ARIA carousel pattern), rendered on the server as a list of
 * links in a strip that scrolls sideways without script (the first title shows, the others a swipe
 * away). ticker.client.ts takes it over with Embla: each title typed out, the next after a while,
 * paused on hover and on focus and by its pause button, still under prefers-reduced-motion. Its
 * buttons need script: they are marked `data-tap` (a tap made before the code arrives is kept) and
 * hidden where the browser runs no script.
 */
export function Ticker({ settings: s, items, elementId }: TickerProps) {
  if (items.length === 0) return null;
  const labelId = `${elementId}-ticker-label`;
  const slidesId = `${elementId}-ticker-slides`;
  const several = items.length > 1;
  return (
    <section
      className="ticker"
      aria-roledescription="carousel"
      aria-labelledby={labelId}
      data-behaviour="ticker"
      data-typing={s.typing ? '' : undefined}
      data-autoplay={s.autoplay && several ? s.autoplaySpeed : undefined}
      data-speed={s.speed}
    >
      <p className="ticker__label" id={labelId}>
        {s.title}
      </p>
      <div className="ticker__viewport" id={slidesId}>
        <ul className="ticker__slides">
          {items.map((item, i) => (
            <li
              key={item.id}
              className="ticker__slide"
              aria-roledescription="slide"
              aria-label={`${i + 1} dari ${items.length}`}
            >
              <a className="ticker__link" href={item.url}>
                <span className="ticker__text">{item.title}</span>
              </a>
              {s.showDate ? (
                <time className="ticker__date" dateTime={item.publishedAt}>
                  {formatPostDate(item.publishedAt)}
                </time>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {several && (s.arrows || s.autoplay || s.typing) ? (
        <div className="ticker__controls">
          {s.autoplay || s.typing ? (
            <button type="button" className="ticker__button ticker__pause" data-ticker-pause="" data-tap="">
              Jeda
            </button>
          ) : null}
          {s.arrows ? (
            <CarouselArrows
              className="ticker__button"
              controls={slidesId}
              prev={{ 'aria-label': 'Berita sebelumnya', 'data-ticker-prev': '', 'data-tap': '' }}
              next={{ 'aria-label': 'Berita berikutnya', 'data-ticker-next': '', 'data-tap': '' }}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
