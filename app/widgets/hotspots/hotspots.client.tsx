import { type CSSProperties, useEffect, useState } from 'react';
import { Button, OverlayArrow, Tooltip, TooltipTrigger } from 'react-aria-components';
import { createRoot } from 'react-dom/client';
import type { TooltipOptions } from './hotspots';
import { initiallyOpen, type PressKind, pressToggles, withSpot } from './model';

/** A spot as the server's HTML gives it. */
interface Spot {
  title: string;
  description: string;
  left: string;
  top: string;
}

/**
 * Hands the taps made on the server's spots (the early taps, replayed once the layer is up) to the
 * layer; kept until it listens.
 */
function tapRelay() {
  const pending: number[] = [];
  let listener: ((index: number) => void) | undefined;
  return {
    tap(index: number) {
      if (listener) listener(index);
      else pending.push(index);
    },
    listen(fn: (index: number) => void) {
      listener = fn;
      for (const i of pending.splice(0)) fn(i);
      return () => {
        listener = undefined;
      };
    },
  };
}

function HotspotLayer({
  spots,
  options,
  relay,
  portal,
}: {
  spots: Spot[];
  options: TooltipOptions;
  relay: ReturnType<typeof tapRelay>;
  /** Where the tooltips are put: the widget, so they stay in the page's main landmark. */
  portal: HTMLElement;
}) {
  const [open, setOpen] = useState(() => initiallyOpen(spots.length, options.tooltipShowOnInit));
  const toggle = (i: number) => setOpen((o) => withSpot(o, i, !o.has(i)));
  useEffect(() => relay.listen((i) => setOpen((o) => withSpot(o, i, true))), [relay]);
  // A tooltip opened by a tap closes with a tap anywhere else (tooltips have no hover to end them there).
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && options.tooltipTrigger === 'mouseenter') return;
      if (!(e.target as Element | null)?.closest?.('.hotspots__spot')) setOpen(new Set());
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [options.tooltipTrigger]);
  const style = {
    zIndex: options.tooltipZIndex,
    '--tooltip-show': `${options.tooltipShowDuration}ms`,
    '--tooltip-hide': `${options.tooltipHideDuration}ms`,
  } as CSSProperties;
  return spots.map((spot, i) => (
    <TooltipTrigger
      key={i}
      isOpen={open.has(i)}
      onOpenChange={(shown) => setOpen((o) => withSpot(o, i, shown))}
      delay={options.tooltipDelay}
      closeDelay={0}
      // The click trigger: no hover; keyboard focus still shows the tooltip, as screen readers expect.
      trigger={options.tooltipTrigger === 'click' ? 'focus' : undefined}
      shouldCloseOnPress={false}
    >
      <Button
        className="hotspots__spot"
        style={{ left: spot.left, top: spot.top }}
        aria-label={spot.title}
        onPress={(e) => {
          if (pressToggles(options.tooltipTrigger, e.pointerType as PressKind)) toggle(i);
        }}
      >
        <span aria-hidden="true">{i + 1}</span>
      </Button>
      <Tooltip
        className={`hotspots__tooltip hotspots__tooltip--${options.tooltipAnimation}`}
        placement={options.tooltipPlacement}
        offset={options.tooltipDistance}
        style={style}
        UNSTABLE_portalContainer={portal}
      >
        {options.tooltipArrow ? (
          <OverlayArrow className="hotspots__arrow">
            <svg width={12} height={6} viewBox="0 0 12 6" aria-hidden="true">
              <path d="M0 0 L6 6 L12 0 Z" />
            </svg>
          </OverlayArrow>
        ) : null}
        <strong className="hotspots__tooltip-title">{spot.title}</strong>
        {spot.description ? <span className="hotspots__tooltip-text">{spot.description}</span> : null}
      </Tooltip>
    </TooltipTrigger>
  ));
}

/**
 * The hotspots' behaviour: the server's spots (links to the list under the picture) become React Aria
 * buttons with tooltips (spec §3 "Hotspot": placement, trigger, arrow, show on init, durations, delay,
 * z-index). A tap made on a spot before this code came opens its tooltip once it is here.
 */
export function enhance(root: HTMLElement): () => void {
  const layer = root.querySelector<HTMLElement>('.hotspots__layer');
  if (!layer) return () => {};
  const options = JSON.parse(root.dataset.hotspots ?? '{}') as TooltipOptions;
  const relay = tapRelay();
  const links = [...layer.querySelectorAll<HTMLAnchorElement>('.hotspots__spot')];
  const spots = links.map((link, i) => {
    link.addEventListener('click', (e) => {
      e.preventDefault();
      relay.tap(i);
    });
    const entry = root.querySelector(`.hotspots__entry[data-index="${i}"]`);
    return {
      title: link.querySelector('.visually-hidden')?.textContent ?? '',
      description: entry?.querySelector('.hotspots__description')?.textContent?.trim() ?? '',
      left: link.style.left,
      top: link.style.top,
    };
  });
  const reactRoot = createRoot(layer);
  // Rendered in React's own time, not at once: the server's spots stay in the page until then, so a tap
  // held for one of them (behaviours.ts replays the taps inside the widget right after `enhance`) is
  // replayed on it and reaches the relay.
  reactRoot.render(<HotspotLayer spots={spots} options={options} relay={relay} portal={root} />);
  return () => reactRoot.unmount();
}
