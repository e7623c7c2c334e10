import type { PanelContent } from '../toggles/model';
import { PanelBody } from '../toggles/panel';

/** What the accordion's loader sends. */
export interface AccordionProps {
  /** The `name` the toggles share in collapsible mode (the browser then keeps one open); null: independent toggles. */
  group: string | null;
  items: Array<{ key: string; title: string; open: boolean; panel: PanelContent }>;
  /** Px above a toggle when opening scrolls to it (switchScrolling); null: no scroll. */
  scrollOffset: number | null;
}

/**
 * The accordion as the server sends it (server-rendered only): native `<details>`, so it opens and
 * closes before and without script, and closed answers are in the page (search engines, find-in-page).
 * The enhancer (accordion.client.ts) adds the rules the browser does not know.
 */
export function Accordion({ group, items, scrollOffset }: AccordionProps) {
  return (
    <div
      className="toggle-accordion"
      data-behaviour="accordion"
      data-collapsible={group ? '' : undefined}
      data-scroll-offset={scrollOffset ?? undefined}
    >
      {items.map((item) => (
        <details
          key={item.key}
          id={item.key}
          className="toggle-accordion__item"
          name={group ?? undefined}
          open={item.open}
        >
          <summary className="toggle-accordion__toggle">
            <span className="toggle-accordion__title">{item.title}</span>
            <span className="toggle-accordion__icon" aria-hidden="true" />
          </summary>
          <div className="toggle-accordion__panel">
            <PanelBody panel={item.panel} itemKey={item.key} label={item.title} />
          </div>
        </details>
      ))}
    </div>
  );
}
