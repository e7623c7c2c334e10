import type { CSSProperties } from 'react';
import type { MediaView } from '~/content/media';
import { Picture } from '~/ui/picture';
import { defaultActiveItem, itemShares } from './model';
import type { ImageAccordionSettings } from './settings';

/** What the accordion's loader sends: its settings with each item's picture. */
export interface ImageAccordionProps extends Omit<ImageAccordionSettings, 'items'> {
  domId: string;
  items: Array<ImageAccordionSettings['items'][number] & { media: MediaView }>;
}

/**
 * The image accordion (spec §4): pictures side by side (vertical) or stacked (horizontal, and on phones);
 * the active one grows to `activeSize`. The server's HTML shows the default state, and pointing at or
 * focusing an item widens it with CSS alone; the behaviour (image-accordion.client.ts) adds taps and
 * the return to the default item.
 */
export function ImageAccordion({
  domId,
  items,
  orientation,
  activeSize,
  duration,
  activeItem,
  height,
}: ImageAccordionProps) {
  if (items.length === 0) return null;
  const active = defaultActiveItem(activeItem, items.length);
  const shares = itemShares(items.length, active, activeSize);
  const style = {
    '--ia-duration': `${duration}ms`,
    '--ia-height': `${height}px`,
    '--ia-count': items.length,
    '--ia-active-share': activeSize,
    '--ia-other-share': items.length > 1 ? (100 - activeSize) / (items.length - 1) : 100,
  } as CSSProperties;
  return (
    <div
      id={domId}
      className={`image-accordion image-accordion--${orientation}`}
      data-behaviour="image-accordion"
      data-active-item={active}
      data-active-size={activeSize}
      style={style}
    >
      <ul className="image-accordion__list">
        {items.map((item, i) => (
          <li
            key={i}
            className="image-accordion__item"
            data-active={i === active ? '' : undefined}
            data-tap=""
            // An item without a link is still reached by Tab, which makes it active as a pointer does.
            tabIndex={item.link ? undefined : 0}
            style={{ '--ia-share': shares[i] } as CSSProperties}
          >
            <Picture media={item.media} sizes="(max-width: 767px) 100vw, 640px" className="image-accordion__image" />
            <div className="image-accordion__content">
              <h3 className="image-accordion__title">{item.title}</h3>
              {item.text ? <p className="image-accordion__text">{item.text}</p> : null}
              {item.link ? (
                <a className="image-accordion__link" href={item.link}>
                  {item.linkText}
                  <span className="visually-hidden">: {item.title}</span>
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
