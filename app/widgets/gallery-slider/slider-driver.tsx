import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { type RefObject, useEffect } from 'react';

/** The carousel's API, as the slider drives it. */
export type SliderApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * Embla on the slider's server-rendered viewport (its own chunk, loaded by gallery item pages only):
 * renders nothing, hands the carousel's API up, and lets it go on unmount.
 */
export function SliderDriver({
  viewport,
  startIndex,
  onApi,
}: {
  viewport: RefObject<HTMLElement | null>;
  startIndex: number;
  onApi: (api: SliderApi | null) => void;
}) {
  // One photo per view; the counter and the buttons say where the end is, so no loop.
  const [attach, api] = useEmblaCarousel({ startIndex, loop: false, align: 'start' });
  useEffect(() => {
    attach(viewport.current);
    return () => attach(null);
  }, [attach, viewport]);
  useEffect(() => {
    onApi(api ?? null);
    return () => onApi(null);
  }, [api, onApi]);
  return null;
}
