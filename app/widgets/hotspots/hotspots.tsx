import type { CSSProperties } from 'react';
import type { MediaView } from '~/content/media';
import { Picture } from '~/ui/picture';
import type { HotspotsSettings } from './settings';

/** What the hotspots' loader sends: the settings with the picture. */
export interface HotspotsProps extends HotspotsSettings {
  domId: string;
  media: MediaView | null;
}

/** The tooltip settings the behaviour reads from the widget's `data-hotspots` attribute. */
export type TooltipOptions = Pick<
  HotspotsSettings,
  | 'tooltipPlacement'
  | 'tooltipTrigger'
  | 'tooltipArrow'
  | 'tooltipShowOnInit'
  | 'tooltipShowDuration'
  | 'tooltipHideDuration'
  | 'tooltipDelay'
  | 'tooltipDistance'
  | 'tooltipZIndex'
  | 'tooltipAnimation'
>;

/** The id of spot `index`'s entry in the list under the picture. */
export const legendEntryId = (domId: string, index: number) => `${domId}-${index + 1}`;

/**
 * Hotspots (spec §3 "Hotspot"): numbered spots on a picture, placed in percent, and the list of their
 * titles and descriptions under it, which is in the HTML for every reader. Without JavaScript a spot is
 * a link to its entry in the list; the behaviour (hotspots.client.tsx) makes each a button with a
 * React Aria tooltip.
 */
export function Hotspots({ domId, media, sizes, hotspots, showLegend, ...tooltip }: HotspotsProps) {
  if (!media) return null;
  const options: TooltipOptions = {
    tooltipPlacement: tooltip.tooltipPlacement,
    tooltipTrigger: tooltip.tooltipTrigger,
    tooltipArrow: tooltip.tooltipArrow,
    tooltipShowOnInit: tooltip.tooltipShowOnInit,
    tooltipShowDuration: tooltip.tooltipShowDuration,
    tooltipHideDuration: tooltip.tooltipHideDuration,
    tooltipDelay: tooltip.tooltipDelay,
    tooltipDistance: tooltip.tooltipDistance,
    tooltipZIndex: tooltip.tooltipZIndex,
    tooltipAnimation: tooltip.tooltipAnimation,
  };
  return (
    <figure id={domId} className="hotspots" data-behaviour="hotspots" data-hotspots={JSON.stringify(options)}>
      <div className="hotspots__canvas">
        <Picture media={media} sizes={sizes} className="hotspots__image" />
        <div className="hotspots__layer">
          {hotspots.map((spot, i) => (
            <a
              key={i}
              className="hotspots__spot"
              href={`#${legendEntryId(domId, i)}`}
              data-tap=""
              data-index={i}
              style={{ left: `${spot.horizontal}%`, top: `${spot.vertical}%` } as CSSProperties}
            >
              <span aria-hidden="true">{i + 1}</span>
              <span className="visually-hidden">{spot.title}</span>
            </a>
          ))}
        </div>
      </div>
      <figcaption className={showLegend ? 'hotspots__legend' : 'hotspots__legend visually-hidden'}>
        <ol>
          {hotspots.map((spot, i) => (
            <li key={i} id={legendEntryId(domId, i)} className="hotspots__entry" data-index={i}>
              <strong className="hotspots__title">{spot.title}</strong>
              {spot.description ? <span className="hotspots__description"> {spot.description}</span> : null}
              {spot.link ? (
                <>
                  {' '}
                  <a href={spot.link}>
                    Kunjungi<span className="visually-hidden"> {spot.title}</span>
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
