import { describe, expect, test } from 'vitest';
import {
  isDatabaseUnavailable,
  markUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_CODE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_TITLE,
  unavailableResponse,
  wasUnavailable,
} from './unavailable';

/** A socket error as Node makes it (`connect ECONNREFUSED 127.0.0.1:5432`). */
const socketError = (code: string, syscall = 'connect') =>
  Object.assign(new Error(`${syscall} ${code} 127.0.0.1:5432`), { code, syscall, errno: -111 });
/** A PostgreSQL error as node-postgres makes it (a DatabaseError with the SQLSTATE in `code`). */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  test.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET', 'read')],
    ['a connection timing out', socketError('ETIMEDOUT')],
    ['a broken pipe', socketError('EPIPE', 'write')],
    ['admin_shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash_shutdown', pgError('57P02')],
    ['cannot_connect_now', pgError('57P03', 'the database system is starting up')],
    ['connection_exception', pgError('08000')],
    ['connection_failure', pgError('08006')],
    ['sqlclient_unable_to_establish_sqlconnection', pgError('08001')],
    ['node-postgres: the socket ended', new Error('Connection terminated unexpectedly')],
    ['node-postgres: the connect timed out', new Error('timeout exceeded when trying to connect')],
    ['node-postgres: a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['a cause', new Error('reading the menu failed', { cause: socketError('ECONNREFUSED') })],
    ['one of several', new AggregateError([new Error('no'), socketError('ECONNREFUSED')])],
  ])('%s is the database being unreachable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['an ordinary bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601')],
    ['a missing schema', pgError('3F000')],
    ['a serialization failure', pgError('40001')],
    ['a statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    // A visitor hanging up mid-body (`aborted`, no syscall) is the visitor's, not the database's.
    ['a visitor hanging up', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a thrown string', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
    ['null', null],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  test('a cycle of causes ends', () => {
    const a: { cause?: unknown } = {};
    const b = { cause: a };
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('unavailableResponse', () => {
  test('a page: 503, Retry-After, never cached, a short page in Indonesian', async () => {
    const res = unavailableResponse('/berita/');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<html lang="id">');
    expect(html).toContain(`<title>${UNAVAILABLE_TITLE}</title>`);
    expect(html).toContain(UNAVAILABLE_MESSAGE);
  });

  test('admin-ajax: the ajax envelope', async () => {
    const res = unavailableResponse('/wp-admin/admin-ajax.php');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await res.json()).toEqual({
      success: false,
      data: { message: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE },
    });
  });

  test('wp-json: the REST envelope', async () => {
    const res = unavailableResponse('/wp-json/jet-menu-api/v2/get-menu-items');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: UNAVAILABLE_CODE, message: UNAVAILABLE_MESSAGE, data: { status: 503 } });
  });
});

test('a load context is marked, others are not', () => {
  const marked = {};
  markUnavailable(marked);
  markUnavailable(undefined);
  expect(wasUnavailable(marked)).toBe(true);
  expect(wasUnavailable({})).toBe(false);
  expect(wasUnavailable(undefined)).toBe(false);
});
