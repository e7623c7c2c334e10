import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { type Connection, connect } from '~/db/connection.server';
import { UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from '~/db/unavailable';
import { type FilterIndex, startFilterIndex } from '~/features/filters/filter-index.server';
import { contentVersion } from '~/lib/content-version.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type RawAnswer, type SiteServer, startSite } from '../support/site-server';

/**
 * Issue 25 "Lose nothing": PostgreSQL going away while the site serves. A TCP proxy stands between the
 * server and PostgreSQL (the machine's PostgreSQL is never stopped); the test cuts it (every connection
 * destroyed, new ones refused) in the middle of a burst of requests, and reopens it. Meanwhile pages are
 * 503 with Retry-After and a short Indonesian page, wire calls 503 JSON, nothing is 500 and the process
 * lives (an uncaught 'error' of the pool would fail this file); once the proxy is back the same server
 * answers again, and every write it acknowledged is in the database exactly once. SQLite has no such
 * failure: PostgreSQL only.
 */

/** A TCP proxy to `target` that can be cut (all connections destroyed, none accepted) and reopened. */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const waiting = new Set<() => void>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // Whoever waits for traffic is told of the first bytes a query sends.
    client.on('data', () => {
      for (const resolve of waiting) resolve();
      waiting.clear();
    });
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** Resolves when the server next sends PostgreSQL something. */
    traffic: () => new Promise<void>((resolve) => waiting.add(resolve)),
    /** Refuses new connections and ends every open one, as a database that stopped. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Accepts connections again, on the same port. */
    reopen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

const FORM = 'application/x-www-form-urlencoded; charset=UTF-8';
const JQUERY = { accept: '*/*', 'x-requested-with': 'XMLHttpRequest', 'content-type': FORM };

/** Call 17 as the original JetElements client posts it (tests/integration/subscribe.test.ts). */
function subscribeBody(email: string): string {
  return new URLSearchParams({
    action: 'jet_subscribe_form_ajax',
    'data[email]': email,
    'data[use_target_list_id]': 'false',
    'data[target_list_id]': '',
    'data[data][redirect]': 'false',
    'data[data][redirect_url]': '',
    'data[data][use_target_list_id]': 'false',
  }).toString();
}

/** Whether an answer is the 503 of a database that cannot be reached. */
function expectUnavailable(res: RawAnswer) {
  expect(res.status, res.text.slice(0, 300)).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['cache-control']).toBe('no-store');
}

const postgres = DIALECTS.includes('postgres');
afterAll(() => closeAppBuild());

describe.skipIf(!postgres)('PostgreSQL going away while the site serves (issue 25)', () => {
  let conn: Connection;
  let siteConn: Connection;
  let dispose: () => Promise<void>;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let site: SiteServer;
  let index: FilterIndex | null;
  /** Subscribe calls answered with success: each must be in the database exactly once. */
  const acknowledged: string[] = [];
  let visitor = 0;
  let pageNo = 0;

  beforeAll(async () => {
    let url: string;
    ({ conn, url, dispose } = await freshDatabase('postgres'));
    const direct = new URL(url);
    proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    siteConn = connect(viaProxy.toString());
    site = await startSite(siteConn);
    index = await startFilterIndex(siteConn.db, 'postgres');
  });
  afterAll(async () => {
    await site?.close();
    await siteConn?.close();
    await proxy?.close();
    await dispose?.();
  });

  // The pages' error view (app/ui/error-view.tsx) logs the error it renders, on the server too, where
  // React Router has replaced it with "Unexpected Server Error"; the server answers 503 in its place. Any
  // other console.error still fails the test (tests/setup-unit.ts).
  beforeEach(() => {
    const report = console.error;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (args.length === 1 && args[0] instanceof Error && args[0].message === 'Unexpected Server Error') return;
      report(...args);
    });
  });

  /** A page the server must read the database for (a search no copy holds). */
  const page = () => site.send(`/?s=${encodeURIComponent(`uji putus ${++pageNo}`)}`);
  /** A wire read (call 9) that asks the database each time. */
  const reviews = () =>
    site.send('/wp-json/jet-reviews-api/v1/get-public-reviews-list?source=post&source_id=999999', {
      headers: { accept: 'application/json' },
    });
  /** A subscribe from its own address (the per-address limit stays out of the way); success is remembered. */
  const subscribe = async (email: string) => {
    const res = await site.send('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: { ...JQUERY, 'x-forwarded-for': `10.25.0.${++visitor}` },
      body: subscribeBody(email),
    });
    if (res.status === 200 && (JSON.parse(res.text) as { type?: string }).type === 'success') acknowledged.push(email);
    return res;
  };

  test('while PostgreSQL answers, pages and wire calls succeed', async () => {
    expect((await page()).status).toBe(200);
    expect((await reviews()).status).toBe(200);
    for (const email of ['sebelum.1@example.com', 'sebelum.2@example.com']) {
      const res = await subscribe(email);
      expect(res.status, res.text).toBe(200);
    }
    expect(acknowledged).toHaveLength(2);
    expect(index).not.toBeNull();
  });

  test('cut in the middle of a burst: every answer is a success or a 503, never a 500', async () => {
    const traffic = proxy.traffic();
    const burst = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0 ? subscribe(`tengah.${i}@example.com`) : i % 3 === 0 ? reviews() : page(),
    );
    await traffic;
    await proxy.cut();
    const answers = await Promise.all(burst);
    expect(answers.some((res) => res.status === 503)).toBe(true);
    for (const res of answers) {
      expect([200, 503], `${res.status} ${res.text.slice(0, 300)}`).toContain(res.status);
      if (res.status === 503) expectUnavailable(res);
    }
  });

  test('while it is down: a 503 page in Indonesian, 503 JSON for wire calls, a write not acknowledged', async () => {
    const res = await page();
    expectUnavailable(res);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<html lang="id">');
    expect(res.text).toContain(`<title>${UNAVAILABLE_TITLE}</title>`);
    expect(res.text).toContain(UNAVAILABLE_MESSAGE);

    // A client navigation's data request (React Router's `.data`) is a 503 too.
    const data = await site.send(`/_root.data?s=${encodeURIComponent(`uji putus ${++pageNo}`)}`);
    expectUnavailable(data);
    const rest = await reviews();
    expectUnavailable(rest);
    expect(JSON.parse(rest.text)).toEqual({
      code: UNAVAILABLE_CODE,
      message: UNAVAILABLE_MESSAGE,
      data: { status: 503 },
    });

    const write = await subscribe('selama.putus@example.com');
    expectUnavailable(write);
    expect(JSON.parse(write.text)).toEqual({
      success: false,
      data: { message: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE },
    });
    expect(acknowledged).not.toContain('selama.putus@example.com');

    // The filter index's catch-up fails (and so does not wedge); the process is still here to answer.
    await expect(index?.catchUp()).rejects.toThrow();
    expect((await site.send('/robots.txt')).status).toBeLessThan(500);
  });

  test('when it is back, the same server answers again and every acknowledged write is there once', async () => {
    await proxy.reopen();
    // No restart: the pool opens new connections itself. Polled with a short backoff, never a fixed sleep.
    let res = await page();
    for (let attempt = 0, wait = 25; res.status !== 200 && attempt < 12; attempt++, wait = Math.min(wait * 2, 1000)) {
      expect(res.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, wait));
      res = await page();
    }
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect((await reviews()).status).toBe(200);
    const after = await subscribe('sesudah@example.com');
    expect(after.status, after.text).toBe(200);
    await index?.catchUp();

    // The content version's watcher resumed too: a change recorded now reaches this process.
    const { id } = await conn.db
      .insertInto('audit_log')
      .values({
        user_id: null,
        action: 'test.reconnect',
        subject_type: 'test',
        subject_id: null,
        summary: 'after the database came back',
        at: new Date().toISOString(),
        public: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let wait = 25; contentVersion(siteConn.db) < id; wait = Math.min(wait * 2, 500)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }

    const rows = await conn.db.selectFrom('subscriber').select('email').execute();
    const count = (email: string) => rows.filter((r) => r.email === email).length;
    expect(acknowledged).toContain('sesudah@example.com');
    for (const email of acknowledged) expect(count(email), email).toBe(1);
    expect(count('selama.putus@example.com')).toBe(0);
  });
});
