/**
 * Whether an error only says that the visitor hung up (mid-body, or before the answer): worth one
 * warning line, never an internal error with a stack trace (issue 15: log flooding).
 */
export function isClientGone(error: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return true;
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  return (
    code === 'ECONNRESET' ||
    code === 'ECONNABORTED' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    name === 'AbortError' ||
    message === 'aborted'
  );
}
