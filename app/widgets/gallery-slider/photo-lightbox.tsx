import { type RefObject, useEffect, useRef } from 'react';
import Lightbox, { type ControllerRef, type Slide, type ZoomRef } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Share, { isShareSupported } from 'yet-another-react-lightbox/plugins/share';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import '~/styles/gallery-lightbox.css';
import { largestUrl, type MediaView, mediaUrl } from '~/content/media';
import { photoShareUrl, swipeDirection } from './model';
import { ShareMenuPlugin } from './share-menu';

declare module 'yet-another-react-lightbox' {
  interface SlideImage {
    /** The photo's caption ('' is none), shown under it by `render.slideFooter`. */
    caption?: string;
  }
}

/**
 * The gallery's lightbox (its own chunk: the first tap on a photo, or an idle moment, loads it):
 * yet-another-react-lightbox with its counter, fullscreen, zoom and share (spec 000 §9 "Slider
 * defaults"). Share shares the photo's address on the page (`/galeri/x/#foto-3`): through the
 * system's share sheet where the browser has one (the library's Share plugin), else through a list of
 * share links (share-menu.tsx).
 * Its own swipe is off: a swipe changes the photo from 50 px (spec 000 §9 "Swipe threshold"), not
 * the library's 30. A photo's caption shows at its foot, inside its slide (the library's Captions plugin
 * would add a toolbar button and more code for the same).
 */
export function PhotoLightbox({
  photos,
  index,
  title,
  onClose,
}: {
  photos: MediaView[];
  index: number;
  /** The gallery item's title: the text shared with a photo's address. */
  title: string;
  onClose: () => void;
}) {
  const controller = useRef<ControllerRef>(null);
  const zoom = useRef<ZoomRef>(null);
  useSwipe(controller, zoom);
  const href = window.location.href;
  const slides = photos.map((m, i) => ({ ...toSlide(m), share: { url: photoShareUrl(href, i), title } }));
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Counter, Fullscreen, Zoom, isShareSupported() ? Share : ShareMenuPlugin]}
      carousel={{ finite: true }}
      animation={reducedMotion() ? { fade: 0, swipe: 0, navigation: 0 } : { fade: 250, swipe: 300 }}
      controller={{ ref: controller, disableSwipeNavigation: true, closeOnBackdropClick: true }}
      zoom={{ ref: zoom, maxZoomPixelRatio: 2 }}
      render={{
        slideFooter: ({ slide }) =>
          'caption' in slide && slide.caption ? <p className="gallery-lightbox__caption">{slide.caption}</p> : null,
      }}
      labels={{
        Previous: 'Foto sebelumnya',
        Next: 'Foto berikutnya',
        Close: 'Tutup',
        Lightbox: 'Penampil foto',
        'Photo gallery': 'Foto kegiatan',
        Carousel: 'galeri',
        Slide: 'foto',
        '{index} of {total}': 'Foto {index} dari {total}',
        'Zoom in': 'Perbesar',
        'Zoom out': 'Perkecil',
        'Enter Fullscreen': 'Layar penuh',
        'Exit Fullscreen': 'Keluar dari layar penuh',
        Share: 'Bagikan',
      }}
    />
  );
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A photo as the lightbox shows it: every copy, WebP where the library may choose. */
function toSlide(m: MediaView): Slide {
  const format = m.formats.includes('webp') ? 'webp' : 'jpg';
  return {
    src: largestUrl(m, format),
    alt: m.alt,
    caption: m.caption,
    width: m.width,
    height: m.height,
    srcSet: m.sizes.map((s) => ({ src: mediaUrl(m.file, s.width, format), width: s.width, height: s.height })),
  };
}

/**
 * One-finger (or mouse) drags across the open lightbox change the photo once they pass the
 * threshold; a zoomed photo pans instead, and a second finger (a pinch) cancels the swipe.
 */
function useSwipe(controller: RefObject<ControllerRef | null>, zoom: RefObject<ZoomRef | null>) {
  useEffect(() => {
    let start: { id: number; x: number; y: number } | null = null;
    const inLightbox = (e: Event) => e.target instanceof Element && e.target.closest('.yarl__container') !== null;
    const down = (e: PointerEvent) => {
      // A second finger is a pinch, not a swipe.
      if (!e.isPrimary || !inLightbox(e) || (e.pointerType === 'mouse' && e.button !== 0)) {
        start = null;
        return;
      }
      // Read before the zoom plugin sees this pointer: a second tap soon after the first zooms in (its
      // double tap), and a zoomed photo pans; the swipe counts only when the photo was not zoomed.
      start = (zoom.current?.zoom ?? 1) > 1 ? null : { id: e.pointerId, x: e.clientX, y: e.clientY };
    };
    const up = (e: PointerEvent) => {
      if (!start || e.pointerId !== start.id) return;
      const from = start;
      start = null;
      const direction = swipeDirection(e.clientX - from.x, e.clientY - from.y);
      if (direction === 'next') controller.current?.next();
      else if (direction === 'prev') controller.current?.prev();
    };
    const cancel = () => {
      start = null;
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', cancel, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', cancel, true);
    };
  }, [controller, zoom]);
}
