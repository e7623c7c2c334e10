import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { isDatabaseUnavailable, markUnavailable } from '~/db/unavailable';
import { loadFilterWidgets } from '~/features/filters/ui/lazy-widgets';
import { loadReviewWidgets } from '~/features/reviews/ui/lazy-widgets';
import { isClientGone } from '~/lib/client-gone';
import { ServerHtmlContext } from '~/lib/server-html';
import { loadPostViews } from '~/pages/ui/page-view';
import { loadPostsListCode } from '~/widgets/posts/lazy-posts-list';

export const streamTimeout = 5_000;

// The lazily loaded filter and reviews widgets', the posts list's and the views of posts' code, loaded once at
// start: templates rendered to a string in one pass (and the first pages) find it here instead of waiting for it.
void loadFilterWidgets();
void loadReviewWidgets();
void loadPostViews();
void loadPostsListCode();

/** Errors of loaders and actions: a visitor who left is one warning line, not a stack trace (issue 15). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // The database unreachable (issue 25): one line, and the server answers 503 instead of the 500 (server/app.ts).
  if (!request.signal.aborted && isDatabaseUnavailable(error)) {
    markUnavailable(context);
    console.warn(
      `database unreachable: ${request.method} ${new URL(request.url).pathname}: ${(error as Error).message}`,
    );
    return;
  }
  if (isClientGone(error, request)) {
    console.warn(`a visitor left before the answer: ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};

/**
 * Server render of a whole page. Pages are small and cacheable, so the HTML is collected and sent in
 * one piece (no late streaming, and no per-chunk web-stream cost); inline scripts carry the CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerHtmlContext.Provider value={loadContext.serverHtml}>
        <ServerRouter context={routerContext} url={request.url} nonce={loadContext.cspNonce} />
      </ServerHtmlContext.Provider>,
      {
        nonce: loadContext.cspNonce,
        // Every Suspense boundary (the lazily loaded filter widgets) is written in place: past the default
        // chunk size React would park it in a hidden div and need a script to move it back, so the page
        // without JavaScript (and crawlers) would lose the filters.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (isDatabaseUnavailable(error)) markUnavailable(loadContext);
          console.error(error);
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
