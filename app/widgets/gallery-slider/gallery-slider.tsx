import { type KeyboardEvent, type MouseEvent, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { largestUrl } from '~/content/media';
import { lazyModule } from '~/lib/lazy-module';
import sliderCss from '~/styles/gallery-slider.css?url';
import { Picture } from '~/ui/picture';
import { useHydrated } from '~/ui/use-hydrated';
import { type GalleryView, photoLabel } from './model';
import type { SliderApi } from './slider-driver';

/**
 * A gallery item's photos (spec 000 §2 "Gallery slider inside a dynamic field"). The server sends
 * every photo as a link to its full-size file in a scroll-snap strip, which works without
 * JavaScript. Once hydrated, Embla drives the strip (one photo per view, buttons, counter, arrow
 * keys, swipe) and a tap on a photo opens the lightbox; both load as their own chunks, on gallery
 * item pages only. A tap made while the lightbox's code loads opens it once the code is in.
 */

const driverModule = lazyModule(() => import('./slider-driver'));
const SliderDriver = driverModule.component((m) => m.SliderDriver);
const lightboxModule = lazyModule(() => import('./photo-lightbox'));
const PhotoLightbox = lightboxModule.component((m) => m.PhotoLightbox);

export function GallerySlider({ gallery, title }: { gallery: GalleryView; title: string }) {
  const { photos } = gallery;
  const count = photos.length;
  const hydrated = useHydrated();
  const viewport = useRef<HTMLDivElement>(null);
  const links = useRef<Array<HTMLAnchorElement | null>>([]);
  const [start, setStart] = useState<number | null>(null);
  const [api, setApi] = useState<SliderApi | null>(null);
  const [selected, setSelected] = useState(0);
  const [lightbox, setLightbox] = useState<{ opener: number } | null>(null);
  const refocus = useRef(false);
  const openerRef = useRef(0);

  // Embla takes over from the photo the visitor had scrolled the strip to.
  useEffect(() => {
    if (!hydrated || count < 2) return;
    const v = viewport.current;
    if (!v) return;
    const offsets = [...v.querySelectorAll<HTMLElement>('.gallery-slider__slide')].map((s) => s.offsetLeft);
    const distance = (i: number) => Math.abs((offsets[i] ?? 0) - v.scrollLeft);
    const nearest = offsets.reduce((best, _, i) => (distance(i) < distance(best) ? i : best), 0);
    v.scrollLeft = 0;
    setSelected(nearest);
    setStart(nearest);
  }, [hydrated, count]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      // The keyboard follows to the photo in view (the others turn inert): focused once it is not.
      if (viewport.current?.contains(document.activeElement)) refocus.current = true;
      setSelected(api.selectedScrollSnap());
    };
    api.on('select', onSelect);
    onSelect();
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    links.current[selected]?.focus({ preventScroll: true });
  }, [selected]);

  // The lightbox's code loads in an idle moment, so the first tap opens it at once.
  useEffect(() => {
    if (!hydrated) return;
    const load = () => void lightboxModule.load();
    const idle = window.requestIdleCallback?.(load, { timeout: 3000 });
    const timer = idle === undefined ? window.setTimeout(load, 1500) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [hydrated]);

  const open = (e: MouseEvent<HTMLAnchorElement>, index: number) => {
    // A new tab or a download stays the browser's.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openerRef.current = index;
    setLightbox({ opener: index });
  };

  const close = useCallback(() => {
    const opener = openerRef.current;
    setLightbox(null);
    // Back to the photo that opened it, once the lightbox has let the page go.
    requestAnimationFrame(() => links.current[opener]?.focus());
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!api || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      if (e.key === 'ArrowLeft') api.scrollPrev();
      else api.scrollNext();
    }
  };

  if (count === 0) return null;
  const enhanced = api !== null;
  return (
    <>
      <link rel="stylesheet" href={sliderCss} precedence="default" />
      <section
        className="gallery-slider"
        aria-roledescription="carousel"
        aria-label={`Foto: ${title}`}
        data-enhanced={enhanced || undefined}
        data-single={count === 1 || undefined}
        onKeyDown={onKeyDown}
      >
        <div className="gallery-slider__viewport" ref={viewport}>
          <ul className="gallery-slider__track">
            {photos.map((photo, i) => (
              <li
                key={photo.id}
                className="gallery-slider__slide"
                aria-roledescription="slide"
                aria-label={photoLabel(i, count)}
                data-selected={i === selected || undefined}
                inert={enhanced && i !== selected}
              >
                <a
                  ref={(a) => {
                    links.current[i] = a;
                  }}
                  className="gallery-slider__link"
                  href={largestUrl(photo, 'jpg')}
                  onClick={(e) => open(e, i)}
                >
                  <Picture
                    media={photo}
                    sizes="(max-width: 900px) 100vw, 860px"
                    priority={i === 0}
                    className="gallery-slider__image"
                  />
                  <span className="visually-hidden"> (buka ukuran penuh)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {count > 1 ? (
          <div className="gallery-slider__bar">
            {enhanced ? (
              <button
                type="button"
                className="gallery-slider__button"
                aria-label="Foto sebelumnya"
                // Kept focusable at the ends (aria-disabled), so the keyboard is never dropped.
                aria-disabled={selected === 0 || undefined}
                onClick={() => api.scrollPrev()}
              >
                <span aria-hidden="true">‹</span>
              </button>
            ) : null}
            {/* Live once the slider is: the switch from the server's count is not announced. */}
            <p className="gallery-slider__counter" aria-live={enhanced ? 'polite' : undefined}>
              {enhanced ? photoLabel(selected, count) : `${count} foto`}
            </p>
            {enhanced ? (
              <button
                type="button"
                className="gallery-slider__button"
                aria-label="Foto berikutnya"
                aria-disabled={selected === count - 1 || undefined}
                onClick={() => api.scrollNext()}
              >
                <span aria-hidden="true">›</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </section>
      {start !== null ? (
        <Suspense fallback={null}>
          <SliderDriver viewport={viewport} startIndex={start} onApi={setApi} />
        </Suspense>
      ) : null}
      {lightbox ? (
        <Suspense fallback={null}>
          <PhotoLightbox photos={photos} index={lightbox.opener} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
