import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ServerHtmlBlock } from '~/lib/server-html';
import { CarouselArrows } from '~/ui/carousel-arrows';
import { emblaDuration } from './model';
import type { ListingGridProps } from './props';
import { useItemLinks } from './use-item-links';

type EmblaCarouselType = NonNullable<UseEmblaCarouselType[1]>;

/**
 * The grid's slider (spec 001 §3 carousel options; the WAI-ARIA carousel pattern). The server sends a
 * strip that swipes and scrolls sideways with CSS scroll snapping alone; this module (its own chunk,
 * with Embla) takes it over: previous and next buttons, one button per slide, arrow keys, autoplay every
 * `autoplaySpeed` ms that pauses while the pointer or the focus is in the slider, and a pause button.
 * With prefers-reduced-motion there is no autoplay.
 */
export function ListingCarousel({ settings, firstPage, count, columnVars, elementId }: ListingGridProps) {
  const c = settings.carousel ?? {
    autoplay: true,
    autoplaySpeed: 5000,
    speed: 500,
    slidesToScroll: 1,
    arrows: true,
    dots: true,
    infinite: true,
    label: 'Sorotan',
  };
  // Read once the page runs (the server cannot know): with reduced motion nothing moves by itself.
  const [reducedMotion, setReducedMotion] = useState(false);
  useEffect(() => setReducedMotion(matchMedia('(prefers-reduced-motion: reduce)').matches), []);
  const autoplay = c.autoplay && !reducedMotion;
  const plugins = useMemo(
    () =>
      c.autoplay
        ? [Autoplay({ delay: c.autoplaySpeed, stopOnInteraction: true, stopOnMouseEnter: false, playOnInit: false })]
        : [],
    [c.autoplay, c.autoplaySpeed],
  );
  const [emblaRef, api] = useEmblaCarousel(
    {
      loop: c.infinite,
      duration: emblaDuration(c.speed),
      slidesToScroll: c.slidesToScroll,
      align: 'start',
      container: '.listing-carousel__slides',
    },
    plugins,
  );
  // Where the visitor had scrolled the server's strip before the script came: the slider starts there.
  const startAt = useRef(0);
  const viewportRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (node) {
        const first = node.querySelector<HTMLElement>('[aria-roledescription="slide"]');
        startAt.current = first?.offsetWidth ? Math.round(node.scrollLeft / first.offsetWidth) : 0;
        node.scrollLeft = 0;
      }
      emblaRef(node);
    },
    [emblaRef],
  );

  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [ends, setEnds] = useState({ prev: false, next: count > 1 });
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!api) return;
    const sync = (a: EmblaCarouselType) => {
      setSelected(a.selectedScrollSnap());
      setSnaps(a.scrollSnapList());
      setEnds({ prev: a.canScrollPrev(), next: a.canScrollNext() });
      // Slides out of view leave the tab order and the reading order (the pattern's "hidden slides").
      const inView = new Set(a.slidesInView());
      a.slideNodes().forEach((slide, i) => {
        slide.inert = !inView.has(i);
      });
    };
    if (startAt.current) api.scrollTo(startAt.current, true);
    sync(api);
    api.on('select', sync).on('reInit', sync).on('slidesInView', sync);
    return () => {
      api.off('select', sync).off('reInit', sync).off('slidesInView', sync);
    };
  }, [api]);

  const playing = autoplay && !userPaused && !hovered && !focused;
  useEffect(() => {
    if (!api) return;
    const apply = (a: EmblaCarouselType) => {
      const plugin = a.plugins().autoplay;
      // Autoplay sets itself up only with two scroll positions or more (it reads their delays then).
      if (!plugin || a.scrollSnapList().length < 2) return;
      if (playing) plugin.play();
      else plugin.stop();
    };
    apply(api);
    // A re-measure (a resize, the stylesheet arriving) sets the plugins up anew, stopped.
    api.on('reInit', apply);
    return () => {
      api.off('reInit', apply);
    };
  }, [api, playing]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!api || (e.target as HTMLElement).closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      if (e.key === 'ArrowLeft') api.scrollPrev();
      else api.scrollNext();
    }
  };
  const slidesId = `${elementId}-slides`;
  const rootRef = useRef<HTMLDivElement>(null);
  useItemLinks(rootRef);

  return (
    <div ref={rootRef} className="jet-listing-grid jet-listing">
      <section
        className="listing-carousel"
        aria-roledescription="carousel"
        aria-label={c.label}
        data-enhanced={api ? '' : undefined}
        onKeyDown={onKeyDown}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        {api ? (
          <div className="listing-carousel__controls">
            {autoplay ? (
              <button type="button" className="listing-carousel__button" onClick={() => setUserPaused((p) => !p)}>
                {userPaused ? 'Putar otomatis' : 'Jeda'}
              </button>
            ) : null}
            {c.arrows ? (
              <CarouselArrows
                className="listing-carousel__button"
                controls={slidesId}
                prev={{ 'aria-label': 'Slide sebelumnya', disabled: !ends.prev, onClick: () => api.scrollPrev() }}
                next={{ 'aria-label': 'Slide berikutnya', disabled: !ends.next, onClick: () => api.scrollNext() }}
              />
            ) : null}
          </div>
        ) : null}
        <div
          ref={viewportRef}
          id={slidesId}
          className="listing-carousel__viewport"
          aria-live={playing ? 'off' : 'polite'}
          // The server's columns per breakpoint are the slides per view.
          style={columnVars as React.CSSProperties}
        >
          <ServerHtmlBlock block={firstPage} className="listing-carousel__slides" />
        </div>
        {api && c.dots && snaps.length > 1 ? (
          <div className="listing-carousel__dots">
            {snaps.map((_, i) => (
              <button
                key={i}
                type="button"
                className="listing-carousel__dot"
                aria-label={`Tampilkan slide ${i + 1} dari ${snaps.length}`}
                aria-current={i === selected || undefined}
                onClick={() => api.scrollTo(i)}
              />
            ))}
          </div>
        ) : null}
      </section>
    </div>
  );
}
