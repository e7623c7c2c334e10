import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import compression from 'compression';
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { getNonceSecret, readSiteOptions } from '../app/content/options.server';
import type { Connection } from '../app/db/connection.server';
import { isDatabaseUnavailable, unavailableResponse, wasUnavailable } from '../app/db/unavailable';
import { sessionReader } from '../app/features/accounts/session.server';
import { startFilterIndex } from '../app/features/filters/filter-index.server';
import { movedAddress } from '../app/features/old-urls/old-urls.server';
import { isClientGone } from '../app/lib/client-gone';
import {
  freshContentVersion,
  onContentChange,
  readContentVersion,
  watchContentVersion,
} from '../app/lib/content-version.server';
import { env } from '../app/lib/env.server';
import { mailSettings, smtpDeliverer } from '../app/lib/mail.server';
import { startMailWorker } from '../app/lib/mail-queue.server';
import { isSameOrigin } from '../app/lib/origin.server';
import { startMediaWorker } from '../app/staff/gallery/media-job.server';
import { startImportWorker } from '../app/staff/import/run.server';
import { startPublisher } from '../app/staff/news/publisher.server';
import { type HostRules, isAllowedHost, requestScheme } from './hosts';
import { type CachedPage, isCacheable, PageCache } from './page-cache';
import {
  contentSecurityPolicy,
  newCspNonce,
  screenAddress,
  securityHeaders,
  setSecurityHeaders,
  trailingSlash,
} from './security';

export interface AppOptions {
  conn: Connection;
  /** The React Router server build, or a function that loads it (dev). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets (production). */
  clientDir?: string;
  uploadsDir: string;
  dev?: boolean;
  /** Page cache lifetime in ms; 0 turns it off. */
  pageCacheMs: number;
  /** Extra middleware placed before the pages (Vite's in dev). */
  before?: express.RequestHandler;
  /** The Host headers answered (server/hosts.ts); any other gets 400 before anything is read or cached. */
  allowedHosts: HostRules;
  /**
   * Express's 'trust proxy': the proxies whose X-Forwarded-For names the visitor (addresses, CIDRs or
   * proxy-addr's names such as 'loopback'); false trusts none. Default 'loopback'.
   */
  trustProxy?: string | false;
  /** The gallery uploads' background jobs (issue 14): retry backoff and polling, shorter in tests. */
  mediaJobs?: { backoffMs?: number; pollMs?: number };
  /** The staff area's WordPress imports (issue 26): how often waiting runs are looked for, shorter in tests. */
  importJobs?: { pollMs?: number };
}

/** Whether an uploads address names a temporary file, as the static server would decode it (`%2Etmp`). */
function isTemporaryFile(urlPath: string): boolean {
  try {
    return /\.tmp\/?$/i.test(decodeURIComponent(urlPath));
  } catch {
    return true;
  }
}

/** One Node process: pages, assets, uploads and the wire API (DESIGN.md "Stack"). */
export async function createApp(opts: AppOptions) {
  const dev = opts.dev ?? false;
  const nonceSecret = await getNonceSecret(opts.conn.db, env().NONCE_SECRET);
  const handle = createRequestHandler(opts.build, dev ? 'development' : 'production');
  const cache = opts.pageCacheMs > 0 ? new PageCache(opts.pageCacheMs) : null;
  const userOf = sessionReader(opts.conn.db);
  // A change made by staff in any process ends this process's cached pages (issue 14).
  await readContentVersion(opts.conn.db);
  const stopWatching = watchContentVersion(opts.conn.db);
  // Filter states and counts come from memory once the index is built; SQL answers until then (issue 24).
  void startFilterIndex(opts.conn.db, opts.conn.dialect);
  // Scheduled news posts are published at their time by every process (each post once: issue 14).
  const stopPublishing = startPublisher(opts.conn.db);
  // Uploaded gallery photos are processed in the background by every process (each job once: issue 14).
  const stopMediaJobs = startMediaWorker(opts.conn.db, { uploadsDir: opts.uploadsDir, ...opts.mediaJobs });
  // WordPress exports uploaded in the staff area are imported by whichever process claims them (one at a time: issue 26).
  const stopImports = startImportWorker(opts.conn.db, { uploadsDir: opts.uploadsDir, ...opts.importJobs });
  // Mail through SMTP is stored, then sent by every process (each message by one at a time: issue 25).
  const mail = mailSettings();
  const stopMail = mail.smtpUrl ? startMailWorker(opts.conn.db, smtpDeliverer(mail)) : () => {};
  // Staff switch the page cache off and on in the site settings (issue 14): the switch is read at boot and
  // again after each change by staff (any process), never per request; until that read answers, no page
  // is served from or kept in the cache.
  let cacheOn = cache !== null && (await readSiteOptions(opts.conn.db)).pageCache;
  let switchReads = 0;
  const readCacheSwitch = () => {
    const read = ++switchReads;
    cacheOn = false;
    readSiteOptions(opts.conn.db).then(
      (options) => {
        if (read === switchReads) cacheOn = options.pageCache;
      },
      (error: unknown) => console.warn(`page cache switch: ${(error as Error).message}`),
    );
  };
  const stopDropping = onContentChange(() => {
    cache?.clear();
    if (cache) readCacheSwitch();
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy ?? 'loopback');
  // Express's compiled TRUST_PROXY rule: whether a peer address is a trusted proxy.
  const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  /** The visitor's scheme (hosts.ts `requestScheme`), read the same way for the cache and the pages. */
  const schemeOf = (req: IncomingMessage) => {
    const peer = req.socket.remoteAddress;
    return requestScheme({
      encrypted: 'encrypted' in req.socket && req.socket.encrypted === true,
      forwardedProto: req.headers['x-forwarded-proto'],
      fromTrustedProxy: peer !== undefined && trusted(peer, 0),
    });
  };
  app.use(securityHeaders(dev, schemeOf));
  app.use(trailingSlash);
  app.use(compression({ threshold: 1024 }));
  if (opts.before) app.use(opts.before);
  if (opts.clientDir) {
    // Hashed file names: cached for a year, never revalidated.
    app.use(
      '/assets',
      express.static(path.join(opts.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
    );
    // Other public files (favicon …) have an extension; page addresses never do, so they skip the disk.
    const publicFiles = express.static(opts.clientDir, { maxAge: '1h', index: false, redirect: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  app.use(
    '/wp-content/uploads',
    // A copy being written (or one a killed process left half-written) is never served (issue 21).
    (req, res, next) => (isTemporaryFile(req.path) ? res.status(404).type('text/plain').send('Not Found') : next()),
    express.static(opts.uploadsDir, { maxAge: '30d', index: false, fallthrough: false }),
  );

  app.all('/{*rest}', async (req, res, next) => {
    try {
      const cacheable = cache !== null && cacheOn && isCacheable(req.method, req.path, req.headers.cookie);
      const scheme = schemeOf(req);
      const key = cacheKey(scheme, req);
      const listingCall = isListingCall(req.method, req.path, req.originalUrl);
      const request = toRequest(req, res, scheme, listingCall ? ADMIN_AJAX : undefined);
      // A form posted from another site is refused here, once, as a short warning (React Router
      // would answer 400 and log a stack trace for each one). Wire calls carry nonces instead.
      if (isFormPost(req.method, req.path) && !isSameOrigin(request)) {
        console.warn(`refused a cross-origin form post: ${req.method} ${req.path} from ${req.get('origin') ?? '?'}`);
        res.status(403).type('text/plain').send('Formulir ini harus dikirim dari situs ini.');
        return;
      }

      const cspNonce = newCspNonce();
      const context = {
        db: opts.conn.db,
        dialect: opts.conn.dialect,
        nonceSecret,
        cspNonce,
        devMode: dev,
        // React Router's data requests (client navigations) end in .data: their blocks travel as HTML.
        serverHtml: req.path.endsWith('.data') ? null : new Map(),
        userOf,
      };
      // Old WordPress addresses of imported items answer 301 to their new ones (issue 26): `/?p=ID` before the
      // home page would answer it, any other address only where the site has nothing (a 404), never shadowing a page.
      const requested = new URL(request.url);
      let response =
        (await movedAddress(opts.conn.db, req.method, requested, null)) ?? (await handle(request, context));
      if (response.status === 404)
        response = (await movedAddress(opts.conn.db, req.method, requested, 404)) ?? response;
      // A 500 because the database was unreachable (entry.server's handleError marked it) is a 503 (issue 25).
      if (response.status >= 500 && wasUnavailable(context))
        response = unavailableResponse(new URL(request.url).pathname);
      const isPage = (response.headers.get('content-type') ?? '').startsWith('text/html');
      if (isPage) response.headers.set('Content-Security-Policy', contentSecurityPolicy(cspNonce, dev, req.path));
      // A page that says no-store (a reset form, anything for one visitor) is never kept.
      const shared = !/\bno-store\b|\bprivate\b/.test(response.headers.get('cache-control') ?? '');
      if (cacheable && isPage && shared && response.status === 200 && response.body) {
        const body = Buffer.from(await response.arrayBuffer());
        const page = cache.set(key, response.status, response.headers, body, await gzipInPool(body, GZIP_KEPT));
        return sendCached(req, res, page);
      }
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  });

  // Last resort: no stack or SQL reaches the visitor.
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: express.NextFunction) => {
    if ((isClientGone(error) && !isDatabaseUnavailable(error)) || req.socket.destroyed) {
      console.warn(`a visitor left before the answer: ${req.method} ${req.path}`);
      if (!res.headersSent && !res.destroyed) res.status(400).end();
      return;
    }
    if (isDatabaseUnavailable(error)) {
      console.warn(`database unreachable: ${req.method} ${req.path}: ${(error as Error).message}`);
      const path = isListingCall(req.method, req.path, req.originalUrl) ? ADMIN_AJAX : req.path;
      if (!res.headersSent) sendResponse(req, res, unavailableResponse(path)).catch(() => res.destroy());
      return;
    }
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      res
        .status(status)
        .type('text/plain')
        .send(status === 404 ? 'Not found' : 'Bad request');
      return;
    }
    console.error(error);
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal error. Please, try again later');
  });
  /**
   * The server's request listener: a Host this site does not serve, or an address no page can have,
   * is answered first; cached pages are answered before Express sees the request.
   */
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!isAllowedHost(opts.allowedHosts, req.headers.host)) {
      refuse(res, 400, 'Bad Request: this server does not answer for that host.');
      return;
    }
    const screened = screenAddress(req.url ?? '/');
    if (screened) {
      if (screened.status === 301) {
        setSecurityHeaders(res, '/', schemeOf(req));
        res.writeHead(301, { Location: screened.location }).end();
      } else refuse(res, screened.status, screened.status === 404 ? 'Not found' : 'Bad request', schemeOf(req));
      return;
    }
    const path = (req.url ?? '/').split('?')[0] as string;
    // Built assets and uploads never change with the content. Anything else is answered once a read of the
    // content version begun after the request came has ended (issue 25): a change staff made through any
    // process a moment ago has ended this process's cached page and remembered reads by then. A database
    // that does not answer in time is waited for no longer: the answer is what it would have been.
    if (path.startsWith('/assets/') || path.startsWith('/wp-content/uploads/')) {
      app(req, res);
      return;
    }
    let waited: NodeJS.Timeout | undefined;
    Promise.race([
      freshContentVersion(opts.conn.db),
      new Promise((resolve) => {
        waited = setTimeout(resolve, FRESH_VERSION_WAIT_MS);
      }),
    ])
      .catch(() => {})
      .finally(() => clearTimeout(waited))
      .then(() => {
        const hit =
          cache && cacheOn && isCacheable(req.method ?? 'GET', path, req.headers.cookie)
            ? cache.get(cacheKey(schemeOf(req), req))
            : undefined;
        if (hit) {
          setSecurityHeaders(res, path, schemeOf(req));
          sendCached(req, res, hit);
          return;
        }
        app(req, res);
      })
      .catch((error: unknown) => {
        console.error(error);
        res.destroy();
      });
  };
  const stop = () => {
    stopWatching();
    stopDropping();
    stopPublishing();
    stopMediaJobs();
    stopImports();
    stopMail();
  };
  return { app, cache, listener, stop };
}

/** How long a request waits for the content version's read before it is answered without it. */
const FRESH_VERSION_WAIT_MS = 1_000;

/**
 * A page's cache key: its scheme and host (each makes different canonical links) and address.
 */
const cacheKey = (scheme: string, req: IncomingMessage) =>
  `${scheme}://${(req.headers.host ?? '').toLowerCase()}${req.url ?? '/'}`;

/**
 * JetEngine's listing calls are posted to the page's own address plus `nocache=<time>`
 * (`JetEngineSettings.ajaxlisting`, original-wire.md §3.1): such a POST is answered by admin-ajax, as
 * if sent there. Page forms never carry `nocache`, so they reach their page.
 */
const isListingCall = (method: string, path: string, url: string) =>
  method === 'POST' && !/^\/(wp-admin|wp-json)\//.test(path) && new URL(url, 'http://x').searchParams.has('nocache');
const ADMIN_AJAX = '/wp-admin/admin-ajax.php';

/** A state-changing request to a page (a form's action); the wire endpoints check nonces instead. */
const isFormPost = (method: string, path: string) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(method) && !/^\/(wp-admin|wp-json)\//.test(path);

function refuse(res: ServerResponse, status: number, text: string, scheme = 'http') {
  setSecurityHeaders(res, '/', scheme);
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');

function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
  res.statusCode = page.status;
  for (const [k, v] of page.headers) res.setHeader(k, v);
  res.setHeader('Vary', 'Accept-Encoding');
  const gzip = acceptsGzip(req);
  // Content-Encoding set here makes the compression middleware pass the bytes through.
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  const body = gzip ? page.gzip : page.body;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The Fetch request React Router answers, at `scheme` (the one rule: hosts.ts `requestScheme`); `path`
 * replaces the address's path (its query stays).
 */
function toRequest(req: ExpressRequest, res: ExpressResponse, scheme: string, path?: string): Request {
  // The listener let only allowed hosts and addresses that start with one '/' through.
  const url = new URL(`${scheme}://${req.get('host')}${req.originalUrl}`);
  if (path) url.pathname = path;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else if (v !== undefined) headers.set(k, v);
  }
  // The visitor's address for rate limits: Express has read a loopback proxy's x-forwarded-for into
  // req.ip ('trust proxy'); anything else a visitor sent in that header is replaced.
  headers.set('x-forwarded-for', req.ip ?? req.socket.remoteAddress ?? 'unknown');
  // Likewise the scheme: what the pages read is the one the rule chose, never the visitor's word.
  headers.set('x-forwarded-proto', scheme);
  const controller = new AbortController();
  // A visitor who leaves aborts the work; `req` closes as soon as its body is read, so watch `res`.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** Gzip in libuv's thread pool, so the event loop renders the next page meanwhile. */
const gzipInPool = promisify(gzip);
/**
 * A page kept in the cache is gzipped once and sent many times, at gzip's default level. An answer made for
 * one request (a signed-in visitor's page, a wire call, the page cache off) is gzipped at level 3: on the
 * 90 kB home page 0.65 ms against level 6's 1.15 ms, for 10 % more bytes (16.5 kB against 14.9 kB).
 */
const GZIP_KEPT = { level: 6 };
const GZIP = { level: 3 };

async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  res.status(response.status);
  for (const [k, v] of response.headers) {
    if (k === 'set-cookie') continue;
    res.setHeader(k, v);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  // Every answer here is complete when it is returned (pages are rendered whole), so one write.
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length < 1024 || !acceptsGzip(req) || res.hasHeader('Content-Encoding')) {
    res.end(body);
    return;
  }
  // Gzipped in libuv's thread pool, so the event loop renders the next page meanwhile; Content-Encoding
  // set here makes the compression middleware pass the bytes through.
  const zipped = await gzipInPool(body, GZIP);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', zipped.length);
  res.end(zipped);
}
