/**
 * The database is unreachable (issue 25 "Lose nothing"): PostgreSQL stopped, restarting or cut off. Such
 * an error is not the site's fault and passes: every place that turns an error into an answer (the
 * server's last resort, React Router's handleError, the wire registry) answers 503 with `Retry-After`
 * and a short page in Indonesian, or the wire's JSON, never 500. Pure: no database, no React.
 */

/** Seconds a client is told to wait before it tries again. */
export const RETRY_AFTER_SECONDS = 30;

/** What a visitor reads (the page's text, and the wire calls' message). */
export const UNAVAILABLE_TITLE = 'Situs sedang dalam pemeliharaan';
export const UNAVAILABLE_MESSAGE =
  'Basis data situs sebentar tidak dapat dihubungi. Tidak ada yang tersimpan dari permintaan ini; silakan coba lagi sebentar lagi.';

/** The error code the wire calls answer with. */
export const UNAVAILABLE_CODE = 'database_unavailable';

/** A socket's failures (they carry `syscall`; a visitor's hang-up, `aborted`, does not). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
]);
/** PostgreSQL's SQLSTATEs for a server going away: admin_shutdown, crash_shutdown, cannot_connect_now. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres says when a connection ends or cannot be had (its errors carry no code). */
const POOL_MESSAGES =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error|^Connection unexpectedly|^the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error (or its `cause`, or one of an AggregateError's) says the database cannot be reached:
 * a socket error, a connection-exception SQLSTATE (class 08), a server shutting down (57P01-57P03), or
 * node-postgres's "Connection terminated unexpectedly" and pool timeout.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, syscall, message, cause, errors } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (SOCKET_CODES.has(code) && typeof syscall === 'string') return true;
  }
  if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/** A wire call's address: its answer is JSON, never a page. */
export function isWirePath(pathname: string): boolean {
  return pathname.startsWith('/wp-admin/admin-ajax.php') || pathname.startsWith('/wp-json/');
}

/** The answer's headers: never kept by a cache, and when to try again. */
export function unavailableHeaders(): Record<string, string> {
  return { 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) };
}

/**
 * The 503 for a request made while the database is unreachable: for a wire call (admin-ajax, wp-json)
 * the JSON its envelope uses, for anything else a short page in Indonesian.
 */
export function unavailableResponse(pathname: string): Response {
  const headers = unavailableHeaders();
  if (pathname.startsWith('/wp-json/')) {
    return Response.json(
      { code: UNAVAILABLE_CODE, message: UNAVAILABLE_MESSAGE, data: { status: 503 } },
      { status: 503, headers },
    );
  }
  if (isWirePath(pathname)) {
    return Response.json(
      { success: false, data: { message: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE } },
      { status: 503, headers },
    );
  }
  return new Response(UNAVAILABLE_PAGE, {
    status: 503,
    headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
  });
}

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${UNAVAILABLE_TITLE}</title>
</head>
<body>
<h1>${UNAVAILABLE_TITLE}</h1>
<p>${UNAVAILABLE_MESSAGE}</p>
<p><a href="">Muat ulang halaman</a></p>
</body>
</html>
`;

// -- one request's mark ----------------------------------------------------------------------------

/**
 * React Router answers a loader's error with its error boundary and status 500; its handleError
 * (entry.server) marks the request's load context, and the server (server/app.ts) answers 503 instead.
 * A property under a global symbol: the server and the app's bundle each load their own copy of this file.
 */
const MARK = Symbol.for('smp-tunas-bangsa.database-unavailable');

/** Marks a request's load context: an error on the way to its answer was the database being unreachable. */
export function markUnavailable(context: unknown): void {
  if (typeof context === 'object' && context !== null) (context as { [MARK]?: true })[MARK] = true;
}

/** Whether `markUnavailable` marked the load context. */
export function wasUnavailable(context: unknown): boolean {
  return typeof context === 'object' && context !== null && (context as { [MARK]?: true })[MARK] === true;
}
