import { createContext, useContext } from 'react';

/**
 * Server-rendered HTML that the page shows but the hydration data does not carry (static page
 * sections, the footer, the first page of a list). On a document request loaders keep each block in
 * the request's store and pass only its key; the server render reads the store, and in the browser
 * the block keeps the HTML the server sent (React leaves `dangerouslySetInnerHTML` content alone while
 * hydrating). On a client-side navigation (Back after "load more", a data request) there is no store
 * and the block travels as HTML in the data.
 */
export type ServerHtml = Map<string, string>;

/** A block: its key in this document's store, or its HTML itself. */
export type HtmlRef = { key: string } | { html: string };

export const ServerHtmlContext = createContext<ServerHtml | null>(null);

/** Keeps `html` for this request's render; without a store (data request) the HTML travels itself. */
export function keepHtml(store: ServerHtml | null, html: string): HtmlRef {
  if (!store) return { html };
  const key = `b${store.size}`;
  store.set(key, html);
  return { key };
}

/** One server-rendered block. */
export function ServerHtmlBlock({ block, className }: { block: HtmlRef; className?: string }) {
  const store = useContext(ServerHtmlContext);
  const html = 'html' in block ? block.html : (store?.get(block.key) ?? '');
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered by our own server from sanitized, escaped content
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
