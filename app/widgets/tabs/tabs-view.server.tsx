import { renderToStaticMarkup } from 'react-dom/server';
import { untilFoundHtml } from '../toggles/markup.server';
import type { PanelContent } from '../toggles/model';
import { PanelBody } from '../toggles/panel';

/** What the tabs' loader sends. */
export interface TabsProps {
  items: Array<{ key: string; label: string; panel: PanelContent }>;
  /** The tab shown first, from 0. */
  active: number;
  /** Px above the tabs when a switch scrolls to them (switchScrolling); null: no scroll. */
  scrollOffset: number | null;
}

/**
 * The tabs as the server sends them (server-rendered only), complete without script: a list of links
 * to the panels, the first one shown, the others `hidden="until-found"` (in the page for search
 * engines and find-in-page; a link to one shows it). The enhancer (tabs.client.tsx) makes the same
 * parts React Aria tabs, keeping each panel's nodes.
 */
export function Tabs({ items, active, scrollOffset }: TabsProps) {
  return (
    <div className="toggle-tabs" data-behaviour="tabs" data-scroll-offset={scrollOffset ?? undefined}>
      <ul className="toggle-tabs__links">
        {items.map((item, i) => (
          <li key={item.key}>
            <a
              className="toggle-tabs__tab"
              href={`#${item.key}`}
              aria-current={i === active ? 'true' : undefined}
              data-key={item.key}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
      <div
        className="toggle-tabs__panels"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped attributes around each panel's server-rendered content
        dangerouslySetInnerHTML={{ __html: items.map((item, i) => panelHtml(item, i === active)).join('') }}
      />
    </div>
  );
}

/** One panel: its content, hidden until found unless it is the tab shown first. */
function panelHtml(item: TabsProps['items'][number], shown: boolean): string {
  const body = renderToStaticMarkup(<PanelBody panel={item.panel} itemKey={item.key} label={item.label} />);
  return untilFoundHtml(
    'section',
    { id: item.key, class: 'toggle-tabs__panel', 'aria-label': item.label, 'data-key': item.key },
    body,
    !shown,
  );
}
