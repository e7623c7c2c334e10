import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { coveredTop } from '~/lib/smooth-scroll';
import { scrollToToggle, watchReveals } from '../toggles/reveal';
import { loadTemplatePanel } from '../toggles/template-panel';

/*
 * The tabs' behaviour (spec filters-and-widgets.md §2–§4; the WAI-ARIA tabs pattern through React Aria:
 * arrow keys, Home and End): React Aria's Tabs take the place of the server's links, and each panel
 * keeps the very nodes the server sent (moved, not copied: widgets inside stay enhanced). A template
 * panel left to the browser loads over the template call when first shown, once. A hash link to a
 * tab's id (or to anything inside its panel) shows that tab; so do the address hash's ids on load,
 * which also keeps a tab link tapped before this code came (it set the hash).
 */

interface Item {
  key: string;
  label: string;
  /** The panel's content as the server sent it. */
  content: HTMLElement;
  /** Where the content lives once enhanced (the element with the tab's id). */
  box: HTMLElement | null;
  attach: (box: HTMLDivElement | null) => void;
}

function readItems(element: HTMLElement): Item[] {
  const panels = element.querySelectorAll<HTMLElement>(':scope > .toggle-tabs__panels > [data-key]');
  return [...panels].map((panel) => {
    const content =
      panel.querySelector<HTMLElement>(':scope > .toggle-content') ??
      Object.assign(document.createElement('div'), { className: 'toggle-content' });
    const item: Item = {
      key: panel.dataset.key ?? '',
      label: panel.getAttribute('aria-label') ?? '',
      content,
      box: null,
      attach: (box) => {
        if (!box) return;
        item.box = box;
        if (content.parentElement !== box) box.append(content);
      },
    };
    return item;
  });
}

function TabsView({ items, selected, onSelect }: { items: Item[]; selected: string; onSelect: (key: string) => void }) {
  return (
    <Tabs selectedKey={selected} onSelectionChange={(key) => onSelect(String(key))} className="toggle-tabs__inner">
      <TabList className="toggle-tabs__list">
        {items.map((item) => (
          <Tab key={item.key} id={item.key} className="toggle-tabs__tab">
            {item.label}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.key} id={item.key} shouldForceMount className="toggle-tabs__panel">
          <div id={item.key} className="toggle-tabs__box" ref={item.attach} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** Takes the server's tabs over; returns what ends it. */
export function enhance(element: HTMLElement): () => void {
  const items = readItems(element);
  if (items.length === 0) return () => {};
  const shownFirst = element.querySelector<HTMLElement>('.toggle-tabs__links [aria-current="true"]')?.dataset.key;
  const offset = element.dataset.scrollOffset === undefined ? null : Number(element.dataset.scrollOffset);
  // Nested tabs fade in (site-behaviour.md §9); the stylesheet reads this mark.
  if (element.parentElement?.closest('.toggle-tabs')) element.dataset.nested = '';

  const root = createRoot(element);
  let selected = items.some((i) => i.key === shownFirst) ? (shownFirst as string) : (items[0] as Item).key;
  const draw = () => root.render(<TabsView items={items} selected={selected} onSelect={choose} />);
  const show = (key: string) => {
    selected = key;
    const item = items.find((i) => i.key === key);
    if (item) void loadTemplatePanel(item.content);
  };
  function choose(key: string) {
    if (key === selected) return;
    show(key);
    draw();
    if (offset !== null) scrollToToggle(element, offset + coveredTop());
  }
  // Shown at once: the anchor scroll measures the panel right after the event.
  const reveal = (key: string | undefined) => {
    if (key === undefined || key === selected) return;
    show(key);
    flushSync(draw);
  };

  show(selected);
  flushSync(draw);
  const stop = watchReveals(
    element,
    (target) => reveal(items.find((i) => i.box?.contains(target) || i.content.contains(target))?.key),
    (ids) => reveal(items.find((i) => ids.includes(i.key))?.key),
  );
  return () => {
    stop();
    root.unmount();
  };
}
