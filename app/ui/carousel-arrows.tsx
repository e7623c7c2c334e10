import type { ButtonHTMLAttributes } from 'react';

/** What one arrow adds to the shared button: its label and how it moves (a data hook or a handler). */
type Arrow = ButtonHTMLAttributes<HTMLButtonElement> & { 'aria-label': string } & Record<`data-${string}`, string>;

/**
 * The previous and next buttons of a carousel (the WAI-ARIA carousel pattern): both control the
 * slides' container and show an arrow that is hidden from assistive technology, their label naming it.
 */
export function CarouselArrows({
  className,
  controls,
  prev,
  next,
}: {
  className: string;
  /** The id of the slides' container. */
  controls: string;
  prev: Arrow;
  next: Arrow;
}) {
  return (
    <>
      {[
        { arrow: prev, sign: '‹' },
        { arrow: next, sign: '›' },
      ].map(({ arrow, sign }) => (
        <button key={sign} type="button" className={className} aria-controls={controls} {...arrow}>
          <span aria-hidden="true">{sign}</span>
        </button>
      ))}
    </>
  );
}
