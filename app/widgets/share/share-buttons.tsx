import { useId } from 'react';
import { type ShareNetwork, shareLinks } from './model';

/** What the share buttons share and offer. */
export interface ShareButtonsProps {
  label: string;
  /** The absolute address shared (the page's canonical one). */
  url: string;
  title: string;
  networks: readonly ShareNetwork[];
  copyLink: boolean;
  print: boolean;
  /**
   * The server could not know the page (the buttons are in a template: a popup, a panel): the browser
   * shares the page they are shown on (its canonical address and title) instead of `url`.
   */
  followPage?: boolean;
}

/**
 * The share buttons (spec 000 §9 "Share networks"): a list of plain links to each network's share
 * address, opened in a new tab, which work without JavaScript; "Salin tautan" and "Cetak", which need
 * it (share.client.ts), are marked `data-tap` so a tap made before the code arrives is kept, and are
 * hidden where the browser runs no script (widget-time.css). The same markup on the server (the
 * widget) and in the news article's view.
 */
export function ShareButtons({ label, url, title, networks, copyLink, print, followPage }: ShareButtonsProps) {
  const id = useId();
  return (
    <div
      className="share-buttons"
      data-behaviour="share"
      data-share-url={url}
      data-share-title={title}
      data-share-networks={networks.join(' ')}
      data-follow-page={followPage ? '' : undefined}
    >
      <p className="share-buttons__label" id={`${id}-label`}>
        {label}
      </p>
      <ul className="share-buttons__list" aria-labelledby={`${id}-label`}>
        {shareLinks(url, title, networks).map((link) => (
          <li key={link.network}>
            <a
              className={`share-buttons__item share-buttons__item--${link.network}`}
              href={link.href}
              data-network={link.network}
              {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {link.label}
            </a>
          </li>
        ))}
        {copyLink ? (
          <li className="share-buttons__script-only">
            <button type="button" className="share-buttons__item" data-share-copy="" data-tap="">
              Salin tautan
            </button>
          </li>
        ) : null}
        {print ? (
          <li className="share-buttons__script-only">
            <button type="button" className="share-buttons__item" data-share-print="" data-tap="">
              Cetak
            </button>
          </li>
        ) : null}
      </ul>
      {copyLink ? (
        <p className="share-buttons__manual" hidden>
          <label>
            Salin tautan ini: <input type="text" readOnly defaultValue={url} />
          </label>
        </p>
      ) : null}
      {/* There from the first paint, empty, so that what the copy says later is announced. */}
      <p className="share-buttons__status" role="status" />
    </div>
  );
}
