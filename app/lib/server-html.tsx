import { createContext, useContext } from 'react';

/**
 * Server-rendered HTML that the page shows but the hydration data does not carry (static page
 * sections, the footer, the first page of a list). Loaders keep each block in the request's map and
 * pass only its key; the server render reads the map, and in the browser the block keeps the HTML
 * the server sent (React does not touch `dangerouslySetInnerHTML` content while hydrating).
 * Pages are reached by document requests (plain links), so a block is always server-rendered first.
 */
export type ServerHtml = Map<string, string>;

export const ServerHtmlContext = createContext<ServerHtml | null>(null);

/** Keeps `html` for this request's render and answers its key. */
export function keepHtml(store: ServerHtml, html: string): string {
  const key = `b${store.size}`;
  store.set(key, html);
  return key;
}

/** One server-rendered block. */
export function ServerHtmlBlock({ id, className }: { id: string; className?: string }) {
  const html = useContext(ServerHtmlContext)?.get(id) ?? '';
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered by our own server from sanitized, escaped content
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
