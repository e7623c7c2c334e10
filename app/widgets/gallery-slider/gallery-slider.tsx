import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { largestUrl } from '~/content/media';
import { lazyModule } from '~/lib/lazy-module';
import sliderCss from '~/styles/gallery-slider.css?url';
import { Picture } from '~/ui/picture';
import { useHydrated } from '~/ui/use-hydrated';
import {
  type GalleryView,
  photoAnchor,
  photoFromHash,
  photoLabel,
  scrollToShow,
  smallestUrl,
  THUMBNAILS,
} from './model';
import type { SliderApi } from './slider-driver';

/**
 * A gallery item's photos (spec 000 §2 "Gallery slider inside a dynamic field"). The server sends
 * every photo as a link to its full-size file in a scroll-snap strip, which works without
 * JavaScript. Once hydrated, Embla drives the strip (one photo per view, buttons, counter, arrow
 * keys, swipe) and a tap on a photo opens the lightbox; both load as their own chunks, on gallery
 * item pages only. A tap made while the lightbox's code loads opens it once the code is in.
 * Under the photos, a strip of thumbnails (spec 000 §9 "Slider defaults": 120x80, 10 px apart): links
 * to each photo's anchor (`#foto-3`), which scroll the server's strip there; once live, a thumbnail
 * shows its photo, the current one is marked `aria-current`, and the arrow keys, Home and End move
 * along them (one tab stop). A photo's caption shows under it, in the slider and in the lightbox.
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
  const strip = useRef<HTMLUListElement>(null);
  const thumbs = useRef<Array<HTMLAnchorElement | null>>([]);
  /** A thumbnail chosen before Embla took over: shown once it has. */
  const pending = useRef<number | null>(null);
  const [start, setStart] = useState<number | null>(null);
  const [api, setApi] = useState<SliderApi | null>(null);
  const [selected, setSelected] = useState(0);
  const [lightbox, setLightbox] = useState<{ opener: number } | null>(null);
  /** Where the keyboard follows the photo in view: its slide, its thumbnail, or nowhere. */
  const refocus = useRef<'slide' | 'thumb' | null>(null);
  const openerRef = useRef(0);

  // Embla takes over from the photo the visitor had scrolled the strip to.
  useEffect(() => {
    if (!hydrated || count < 2) return;
    const v = viewport.current;
    if (!v) return;
    const offsets = [...v.querySelectorAll<HTMLElement>('.gallery-slider__slide')].map((s) => s.offsetLeft);
    const distance = (i: number) => Math.abs((offsets[i] ?? 0) - v.scrollLeft);
    const nearest = offsets.reduce((best, _, i) => (distance(i) < distance(best) ? i : best), 0);
    // A shared photo's address (`#foto-3`) names the photo to start from.
    const first = photoFromHash(window.location.hash, count) ?? nearest;
    v.scrollLeft = 0;
    setSelected(first);
    setStart(first);
  }, [hydrated, count]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      // The keyboard follows to the photo in view (the others turn inert): focused once it is not.
      // On the thumbnails it follows to the photo's thumbnail, the strip's one tab stop.
      if (viewport.current?.contains(document.activeElement)) refocus.current = 'slide';
      else if (strip.current?.contains(document.activeElement)) refocus.current = 'thumb';
      setSelected(api.selectedScrollSnap());
    };
    api.on('select', onSelect);
    if (pending.current !== null) api.scrollTo(pending.current, true);
    pending.current = null;
    onSelect();
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  useEffect(() => {
    const target = refocus.current === 'slide' ? links.current : refocus.current === 'thumb' ? thumbs.current : null;
    refocus.current = null;
    target?.[selected]?.focus({ preventScroll: true });
  }, [selected]);

  // The strip scrolls (itself only, never the page) to keep the current thumbnail in view.
  const enhanced = api !== null;
  useEffect(() => {
    const s = strip.current;
    const thumb = thumbs.current[selected]?.parentElement;
    if (!enhanced || !s || !thumb) return;
    const left = scrollToShow(
      { start: thumb.offsetLeft, size: thumb.offsetWidth },
      { scroll: s.scrollLeft, size: s.clientWidth },
      THUMBNAILS.gap,
    );
    if (left === s.scrollLeft) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    s.scrollTo({ left, behavior: smooth ? 'smooth' : 'instant' });
  }, [enhanced, selected]);

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
    } else if ((e.key === 'Home' || e.key === 'End') && strip.current?.contains(e.target as Node)) {
      // On the thumbnails (a one-stop group, like a toolbar): the first and the last photo.
      e.preventDefault();
      api.scrollTo(e.key === 'Home' ? 0 : count - 1);
    }
  };

  const show = (e: MouseEvent<HTMLAnchorElement>, index: number) => {
    // Before hydration the link scrolls the server's strip to the photo; after, the slider shows it.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (api) api.scrollTo(index);
    else pending.current = index;
  };

  if (count === 0) return null;
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
                id={photoAnchor(i)}
                className="gallery-slider__slide"
                aria-roledescription="slide"
                aria-label={photoLabel(i, count)}
                data-selected={i === selected || undefined}
                inert={enhanced && i !== selected}
              >
                <figure className="gallery-slider__figure">
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
                  {photo.caption ? <figcaption className="gallery-slider__caption">{photo.caption}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
        </div>
        {count > 1 ? (
          <ul
            className="gallery-slider__thumbs"
            aria-label="Pilih foto"
            ref={strip}
            style={
              {
                '--thumb-width': `${THUMBNAILS.width}px`,
                '--thumb-height': `${THUMBNAILS.height}px`,
                '--thumb-gap': `${THUMBNAILS.gap}px`,
              } as CSSProperties
            }
          >
            {photos.map((photo, i) => (
              <li key={photo.id} className="gallery-slider__thumb-item">
                <a
                  ref={(a) => {
                    thumbs.current[i] = a;
                  }}
                  className="gallery-slider__thumb"
                  href={`#${photoAnchor(i)}`}
                  aria-label={photoLabel(i, count)}
                  aria-current={enhanced && i === selected ? 'true' : undefined}
                  // One tab stop once live (the arrow keys move along); every link before.
                  tabIndex={enhanced && i !== selected ? -1 : undefined}
                  onClick={(e) => show(e, i)}
                >
                  <Thumbnail photo={photo} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
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
          <PhotoLightbox photos={photos} index={lightbox.opener} title={title} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

/** A photo's thumbnail: its smallest copy (WebP where the browser takes it), cropped to the thumbnail's box. */
function Thumbnail({ photo }: { photo: GalleryView['photos'][number] }) {
  const jpg = smallestUrl(photo, 'jpg');
  const webp = jpg ? smallestUrl(photo, 'webp') : null;
  return (
    <picture>
      {webp ? <source type="image/webp" srcSet={webp} /> : null}
      <img
        src={jpg ?? smallestUrl(photo, 'webp') ?? largestUrl(photo, 'jpg')}
        width={THUMBNAILS.width}
        height={THUMBNAILS.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="gallery-slider__thumb-image"
      />
    </picture>
  );
}
