import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';

/**
 * Issue 15: each attack as an attacker sends it, over HTTP, against the real server (host check,
 * page cache, Express, React Router, wire registry) on both databases.
 */

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

afterAll(() => closeAppBuild());

/** The status line's code of a request written byte for byte (no client adds a Host here). */
function rawStatus(site: SiteServer, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(site.port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe.each(DIALECTS)('attacks on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let cachedSite: SiteServer;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    cachedSite = await startSite(conn, { pageCacheMs: 60_000 });
  });
  afterAll(async () => {
    await site.close();
    await cachedSite.close();
    await dispose();
  });

  const outboxCount = async () =>
    Number(
      (
        await conn.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('a reset request with a forged Host is refused and mails nothing; an allowed Host gets its own link', async () => {
    const before = await outboxCount();
    const forged = await site.send('/lupa-kata-sandi/', {
      method: 'POST',
      headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': FORM },
      body: form({ email: 'editor@smptunasbangsa.sch.id' }),
    });
    expect(forged.status).toBe(400);
    expect(await outboxCount()).toBe(before);

    const honest = await site.send('/lupa-kata-sandi/', {
      method: 'POST',
      headers: { origin: `http://${site.host}`, 'content-type': FORM, 'x-forwarded-for': '198.51.100.1' },
      body: form({ email: 'editor@smptunasbangsa.sch.id' }),
    });
    expect(honest.status).toBe(200);
    const mail = await conn.db.selectFrom('outbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.body).toContain(`http://${site.host}/atur-ulang-kata-sandi/?token=`);
    expect(mail.body).not.toContain('evil.example');
  });

  test('no absolute address leaves with a forged Host: pages, sitemap, feed, assets, missing Host', async () => {
    for (const target of ['/', '/berita/', '/sitemap.xml', '/feed/', '/robots.txt', '/favicon.ico']) {
      const res = await site.send(target, { headers: { host: 'evil.example' } });
      expect(res.status, target).toBe(400);
      expect(res.text, target).not.toContain('evil.example');
    }
    expect((await site.send('/', { headers: { host: `evil.example:${site.port}` } })).status).toBe(400);
    expect(await rawStatus(site, 'GET / HTTP/1.0\r\n\r\n'), 'no Host').toBe(400);
    expect((await site.send('/', { headers: { host: `localhost:${site.port}` } })).status).toBe(200);
  });

  test('a refused Host never fills the page cache, and each allowed host has its own cached page', async () => {
    const forged = await cachedSite.send('/', { headers: { host: 'evil.example' } });
    expect(forged.status).toBe(400);
    const first = await cachedSite.send('/');
    const again = await cachedSite.send('/');
    expect(canonicalOf(first.text)).toBe(`http://${cachedSite.host}/`);
    // The second answer is the cached one: the same page, CSP nonce included.
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.text).not.toContain('evil.example');

    const other = `localhost:${cachedSite.port}`;
    const viaLocalhost = await cachedSite.send('/', { headers: { host: other } });
    expect(canonicalOf(viaLocalhost.text)).toBe(`http://${other}/`);
    expect(canonicalOf((await cachedSite.send('/')).text)).toBe(`http://${cachedSite.host}/`);
  });

  test('a malformed multipart body answers 400 in the wire shape on admin-ajax and REST', async () => {
    const errors = vi.spyOn(console, 'error');
    const headers = { 'content-type': 'multipart/form-data; boundary=XYZ' };
    const body = '--XYZ\r\nContent-Disposition: form-data; name="action"\r\n\r\nrest-nonce\r\n--XY';
    const ajax = await site.send('/wp-admin/admin-ajax.php', { method: 'POST', headers, body });
    expect(ajax.status).toBe(400);
    expect(JSON.parse(ajax.text)).toMatchObject({ success: false, data: { code: 'invalid_request' } });
    const rest = await site.send('/wp-json/jet-reviews-api/v1/get-public-reviews-list', {
      method: 'POST',
      headers,
      body: '--XYZ\r\nbroken',
    });
    expect(rest.status).toBe(400);
    expect(JSON.parse(rest.text)).toMatchObject({ code: 'invalid_request', data: { status: 400 } });
    expect(errors).not.toHaveBeenCalled();
  });

  test('//, /// and //:99999/ are sent to a one-slash address, never to another host', async () => {
    for (const [target, location] of [
      ['//', '/'],
      ['///', '/'],
      ['//:99999/', '/:99999/'],
      ['//evil.example/path?x=1', '/evil.example/path?x=1'],
      ['/\\/evil.example/', null],
    ] as const) {
      const res = await site.send(target);
      expect(res.status, target).toBeLessThan(500);
      if (location) {
        expect(res.status, target).toBe(301);
        expect(res.headers.location, target).toBe(location);
      }
    }
    expect((await site.send('/:99999/')).status).toBe(404);
  });

  test('NUL and other control characters in addresses, forms and wire calls answer 400 or 404, never 500', async () => {
    const errors = vi.spyOn(console, 'error');
    for (const target of [
      '/%00/',
      '/berita/%00/',
      '/ekskul/a%00b/',
      '/?s=a%00',
      '/berita/?s=%01x',
      '/galeri/?x%00=1',
    ]) {
      const res = await site.send(target);
      expect([400, 404], target).toContain(res.status);
    }
    const origin = `http://${site.host}`;
    const post = (target: string, fields: Record<string, string>) =>
      site.send(target, {
        method: 'POST',
        headers: { origin, 'content-type': FORM, 'x-forwarded-for': '198.51.100.2' },
        body: form(fields),
      });
    expect((await post('/masuk/', { login: 'editor\u0000', password: 'x' })).status).toBe(400);
    expect((await post('/lupa-kata-sandi/', { email: 'editor\u0000@smptunasbangsa.sch.id' })).status).toBe(400);
    expect(
      (await post('/daftar/', { login: 'nul\u0000user', email: 'nul@example.com', display_name: 'N', password: 'x' }))
        .status,
    ).toBe(400);
    const wire = await site.send('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: form({ action: 'jet_engine_ajax', handler: 'listing_load_more', query: 'a\u0000' }),
    });
    expect(wire.status).toBe(400);
    const json = await site.send('/wp-json/jet-reviews-api/v1/get-public-reviews-list', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'post\u0000', source_id: 1, page: 0, page_size: 5 }),
    });
    expect(json.status).toBe(400);
    expect(errors).not.toHaveBeenCalled();
  });

  test('thirty rapid like toggles of one guest all answer 200 and end where thirty toggles end', async () => {
    const review = await conn.db
      .selectFrom('review')
      .innerJoin('post', 'post.id', 'review.post_id')
      .select('review.id')
      .where('review.approved', '=', 1)
      .where('post.type', '=', 'ekskul')
      .executeTakeFirstOrThrow();
    const nonce = (await site.send('/wp-admin/admin-ajax.php?action=rest-nonce')).text;
    const guest = `guest_burst${dialect}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        site.send('/wp-json/jet-reviews-api/v1/update-review-approval', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce, 'x-forwarded-for': '198.51.100.3' },
          body: JSON.stringify({ review_id: review.id, type: 'like', inc: true, author_id: guest }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    // Served one at a time: half of them saw the like set, half saw it taken back.
    const liked = answers.filter((a) => JSON.parse(a.text).data.approval.like === true);
    expect(liked).toHaveLength(15);
    const votes = await conn.db
      .selectFrom('review_vote')
      .select('vote')
      .where('review_id', '=', review.id)
      .where('voter_key', '=', guest)
      .execute();
    expect(votes).toEqual([]);
  });

  test('a visitor who hangs up mid-body is one warning line, not an internal error', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const target of ['/wp-admin/admin-ajax.php', '/masuk/']) {
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(site.port, '127.0.0.1', () => {
          socket.write(
            `POST ${target} HTTP/1.1\r\nHost: ${site.host}\r\nOrigin: http://${site.host}\r\n` +
              `Content-Type: ${FORM}\r\nContent-Length: 5000\r\n\r\naction=rest-nonce&login=`,
          );
          setTimeout(() => socket.destroy(), 150);
        });
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });
    }
    const lines = () => warnings.mock.calls.map(([line]) => String(line));
    await vi.waitFor(
      () => {
        expect(lines()).toContain('a visitor left before the answer: POST /wp-admin/admin-ajax.php');
        expect(lines()).toContain('a visitor left before the answer: POST /masuk/');
      },
      { timeout: 5_000 },
    );
    for (const line of lines()) expect(line).toMatch(/^a visitor left before the answer: POST \S+$/);
    // A console.error here would fail the test (tests/setup-unit.ts).
  });

  test('a form posted from another site answers 403 with one warning line, and changes nothing', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const before = await outboxCount();
    for (const [target, fields] of [
      ['/masuk/', { login: 'editor', password: 'Editor#Tunas2025' }],
      ['/lupa-kata-sandi/', { email: 'editor@smptunasbangsa.sch.id' }],
      ['/keluar/', {}],
    ] as const) {
      const res = await site.send(target, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': FORM },
        body: form(fields),
      });
      expect(res.status, target).toBe(403);
      expect(res.headers['set-cookie'], target).toBeUndefined();
    }
    expect(await outboxCount()).toBe(before);
    expect(warnings).toHaveBeenCalledTimes(3);
    expect(String(warnings.mock.calls[0]?.[0])).toMatch(/^refused a cross-origin form post: POST \/masuk\//);
  });

  test('X-Forwarded-Proto: only http or https, only from a trusted proxy; the cached page keeps its scheme', async () => {
    const page = '/guru-staf/';
    const proto = (value: string) => ({ headers: { 'x-forwarded-proto': value } });
    // Anything but http or https is ignored, even from a trusted (loopback) proxy, however often sent.
    for (const value of ['javascript', 'javascript', 'javascript, https', 'javascript', 'HTTPS:', 'https, http']) {
      const forged = await cachedSite.send(page, proto(value));
      expect(forged.status, value).toBe(200);
      expect(canonicalOf(forged.text), value).toBe(`http://${cachedSite.host}${page}`);
    }
    expect(canonicalOf((await cachedSite.send(page)).text)).toBe(`http://${cachedSite.host}${page}`);
    // A trusted proxy that says https gets an https page, kept apart from the http one.
    const secure = await cachedSite.send(page, proto('https'));
    expect(canonicalOf(secure.text)).toBe(`https://${cachedSite.host}${page}`);
    const plain = await cachedSite.send(page);
    expect(canonicalOf(plain.text)).toBe(`http://${cachedSite.host}${page}`);
    const secureAgain = await cachedSite.send(page, proto('https'));
    expect(canonicalOf(secureAgain.text)).toBe(`https://${cachedSite.host}${page}`);
    // The second https answer is the cached one (same CSP nonce): the scheme is part of the key.
    expect(secureAgain.headers['content-security-policy']).toBe(secure.headers['content-security-policy']);

    /** The session cookie of a sign-in sent with this Origin and X-Forwarded-Proto. */
    const signInCookie = async (server: SiteServer, scheme: string, said: string) =>
      String(
        (
          await server.send('/masuk/', {
            method: 'POST',
            headers: {
              origin: `${scheme}://${server.host}`,
              'content-type': FORM,
              'x-forwarded-proto': said,
              'x-forwarded-for': '198.51.100.30',
            },
            body: form({ login: 'editor', password: 'Editor#Tunas2025' }),
          })
        ).headers['set-cookie'],
      );
    expect(await signInCookie(cachedSite, 'https', 'https')).toContain('; Secure');
    expect(await signInCookie(cachedSite, 'http', 'javascript')).not.toContain('Secure');

    // A client that is no trusted proxy chooses nothing.
    const untrusting = await startSite(conn, { trustProxy: '10.0.0.0/8', pageCacheMs: 60_000 });
    try {
      for (const value of ['https', 'javascript']) {
        const answer = await untrusting.send(page, proto(value));
        expect(canonicalOf(answer.text), value).toBe(`http://${untrusting.host}${page}`);
      }
      expect(await signInCookie(untrusting, 'http', 'https')).not.toContain('Secure');
    } finally {
      await untrusting.close();
    }
  });

  test('the staff area is framed by no page; HSTS only on https answers, cached or not, and a forged scheme never earns it', async () => {
    const frameAncestors = (csp: string | string[] | undefined) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];
    for (const path of ['/masuk/', '/admin/', '/admin/berita/']) {
      const answer = await cachedSite.send(path);
      expect(frameAncestors(answer.headers['content-security-policy']), path).toBe(`'none'`);
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
    }
    for (const path of ['/', '/guru-staf/', '/feed/']) {
      const answer = await cachedSite.send(path);
      expect(frameAncestors(answer.headers['content-security-policy']), path).toBe(`'self'`);
      expect(answer.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(answer.headers['permissions-policy'], path).toContain('camera=()');
    }
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    // Twice each: the second answer of a page comes from the page cache, whose headers are its own.
    for (const path of ['/guru-staf/', '/guru-staf/', '/masuk/', '/wp-json/wp/v2/posts']) {
      expect((await cachedSite.send(path, https)).headers['strict-transport-security'], path).toBe('max-age=31536000');
      expect((await cachedSite.send(path)).headers['strict-transport-security'], path).toBeUndefined();
      expect(
        (await cachedSite.send(path, { headers: { 'x-forwarded-proto': 'javascript' } })).headers[
          'strict-transport-security'
        ],
        path,
      ).toBeUndefined();
    }
    const untrusting = await startSite(conn, { trustProxy: '10.0.0.0/8', pageCacheMs: 60_000 });
    try {
      expect((await untrusting.send('/guru-staf/', https)).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusting.close();
    }
  });

  describe('mail links under a forged scheme', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    const newestMail = () =>
      conn.db.selectFrom('outbox').select('body').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const askReset = (headers: Record<string, string>) =>
      site.send('/lupa-kata-sandi/', {
        method: 'POST',
        headers: { origin: `http://${site.host}`, 'content-type': FORM, ...headers },
        body: form({ email: 'admin@smptunasbangsa.sch.id' }),
      });

    test('a reset mail asked for with X-Forwarded-Proto: javascript links to this site over http', async () => {
      const asked = await askReset({ 'x-forwarded-proto': 'javascript', 'x-forwarded-for': '198.51.100.20' });
      expect(asked.status).toBe(200);
      const mail = await newestMail();
      expect(mail.body).toContain(`http://${site.host}/atur-ulang-kata-sandi/?token=`);
      expect(mail.body).not.toContain('null/');
    });

    test('with SITE_URL set, pages and mails use it whatever the proxy says', async () => {
      vi.stubEnv('SITE_URL', 'https://www.smptunasbangsa.sch.id');
      for (const value of ['http', 'https', 'javascript']) {
        const answer = await site.send('/guru-staf/', { headers: { 'x-forwarded-proto': value } });
        expect(canonicalOf(answer.text), value).toBe('https://www.smptunasbangsa.sch.id/guru-staf/');
      }
      const asked = await askReset({ 'x-forwarded-proto': 'http', 'x-forwarded-for': '198.51.100.21' });
      expect(asked.status).toBe(200);
      expect((await newestMail()).body).toContain('https://www.smptunasbangsa.sch.id/atur-ulang-kata-sandi/?token=');
    });
  });

  describe('nonces and staff tokens belong to one session', () => {
    const origin = () => `http://${site.host}`;
    let address = 10;
    /** Signs the seeded editor in through the sign-in form: the new session's cookie. */
    const signIn = async () => {
      const answer = await site.send('/masuk/', {
        method: 'POST',
        headers: { origin: origin(), 'content-type': FORM, 'x-forwarded-for': `198.51.100.${address++}` },
        body: form({ login: 'editor', password: 'Editor#Tunas2025' }),
      });
      expect(answer.status).toBe(302);
      const cookie = /session=[^;]+/.exec(String(answer.headers['set-cookie']))?.[0];
      expect(cookie).toBeDefined();
      return cookie as string;
    };
    const restNonce = async (cookie?: string) =>
      (await site.send('/wp-admin/admin-ajax.php?action=rest-nonce', { headers: cookie ? { cookie } : {} })).text;
    /** A nonce-checked call (a like on an approved review): its status. */
    const like = async (cookie: string | undefined, nonce: string) => {
      const review = await conn.db
        .selectFrom('review')
        .innerJoin('post', 'post.id', 'review.post_id')
        .select('review.id')
        .where('review.approved', '=', 1)
        .where('post.type', '=', 'ekskul')
        .executeTakeFirstOrThrow();
      const answer = await site.send('/wp-json/jet-reviews-api/v1/update-review-approval', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wp-nonce': nonce,
          'x-forwarded-for': '198.51.100.40',
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ review_id: review.id, type: 'like', inc: true, author_id: `guest_session${dialect}` }),
      });
      return answer.status;
    };
    const staffToken = async (cookie: string) => {
      const page = await site.send('/admin/berita/baru/', { headers: { cookie, accept: 'text/html' } });
      expect(page.status).toBe(200);
      return /name="_token" value="([^"]+)"/.exec(page.text)?.[1] as string;
    };
    /** A staff call that changes nothing: an autosave of a new post without a title (400 once its token passed). */
    const autosave = async (cookie: string, token: string) =>
      (
        await site.send('/admin/berita/baru/autosimpan', {
          method: 'POST',
          headers: { cookie, origin: origin(), 'content-type': FORM, 'x-csrf-token': token },
          body: form({ title: '' }),
        })
      ).status;

    test('a REST nonce of one session is refused with another session of the same user; visitors keep theirs', async () => {
      const first = await signIn();
      const second = await signIn();
      const nonce = await restNonce(first);
      expect(await like(first, nonce)).toBe(200);
      expect(await like(second, nonce)).toBe(403);
      expect(await like(second, await restNonce(second))).toBe(200);
      // An anonymous visitor's nonce (what a cached page fetches) still works for any visitor.
      expect(await like(undefined, await restNonce())).toBe(200);
    });

    test('a staff token is refused with another session, and after its own session signed out', async () => {
      const first = await signIn();
      const second = await signIn();
      const token = await staffToken(first);
      expect(await autosave(first, token)).toBe(400);
      expect(await autosave(second, token)).toBe(403);
      const signedOut = await site.send('/keluar/', {
        method: 'POST',
        headers: { cookie: first, origin: origin(), 'content-type': FORM },
        body: '',
      });
      expect(signedOut.status).toBeLessThan(400);
      const third = await signIn();
      expect(await autosave(third, token)).toBe(403);
      expect(await autosave(third, await staffToken(third))).toBe(400);
    });
  });

  test('TRUST_PROXY: a trusted proxy passes the visitor address to the rate limits; others cannot', async () => {
    const bucketsFor = async (address: string) =>
      (await conn.db.selectFrom('rate_limit').select('bucket').where('bucket', 'like', `%:${address}`).execute())
        .length;
    const ask = (server: SiteServer, forwardedFor: string) =>
      server.send('/lupa-kata-sandi/', {
        method: 'POST',
        headers: { origin: `http://${server.host}`, 'content-type': FORM, 'x-forwarded-for': forwardedFor },
        body: form({ email: 'nobody@example.com' }),
      });
    // A load balancer at 10.0.0.0/8 in front of a loopback proxy: the address left of both is the visitor.
    const behindBalancer = await startSite(conn, { trustProxy: 'loopback, 10.0.0.0/8' });
    try {
      expect((await ask(behindBalancer, '203.0.113.7, 10.1.2.3')).status).toBe(200);
      expect(await bucketsFor('203.0.113.7')).toBe(1);
    } finally {
      await behindBalancer.close();
    }
    // Trusting only the balancer, a loopback client's X-Forwarded-For is its own word: ignored.
    const balancerOnly = await startSite(conn, { trustProxy: '10.0.0.0/8' });
    try {
      expect((await ask(balancerOnly, '203.0.113.8')).status).toBe(200);
      expect(await bucketsFor('203.0.113.8')).toBe(0);
      expect(await bucketsFor('127.0.0.1')).toBeGreaterThan(0);
    } finally {
      await balancerOnly.close();
    }
  });
});
