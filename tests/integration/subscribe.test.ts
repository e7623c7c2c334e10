import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { SUBSCRIBE_MESSAGES } from '~/features/subscribe/model';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';

/**
 * Issue 13 "Subscribe": call 17 sent as the original JetElements client sends it (jQuery's POST of
 * `{action: 'jet_subscribe_form_ajax', data: sendData}`, original-wire.md §7), the no-JavaScript form,
 * the double opt-in mail in the outbox, its confirmation link and the unsubscribe link (a click, and
 * a mail program's one-click POST), and bad input.
 */

const FORM = 'application/x-www-form-urlencoded; charset=UTF-8';
const JQUERY = { accept: '*/*', 'x-requested-with': 'XMLHttpRequest', 'content-type': FORM };

/** The body jQuery makes of the original client's `sendData` (brackets percent-encoded, as jQuery.param does). */
function originalBody(email: string, extra: Record<string, string> = {}): string {
  const pairs: Record<string, string> = {
    action: 'jet_subscribe_form_ajax',
    'data[email]': email,
    'data[use_target_list_id]': 'false',
    'data[target_list_id]': '',
    'data[data][redirect]': 'false',
    'data[data][redirect_url]': '',
    'data[data][use_target_list_id]': 'false',
    ...extra,
  };
  return new URLSearchParams(pairs).toString();
}

afterAll(() => closeAppBuild());

describe.each(DIALECTS)('the newsletter on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });
  beforeEach(async () => {
    await conn.db.deleteFrom('subscriber').execute();
    await conn.db.deleteFrom('outbox').execute();
    await conn.db.deleteFrom('rate_limit').execute();
  });

  const post = (body: string, headers: Record<string, string> = {}) =>
    site.send('/wp-admin/admin-ajax.php', { method: 'POST', headers: { ...JQUERY, ...headers }, body });
  const subscribers = () => conn.db.selectFrom('subscriber').selectAll().orderBy('id').execute();
  const mails = () => conn.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  /** A link of a mail's text, as a request target on this site. */
  const linkIn = (text: string, path: string) => {
    const m = new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')}\\?\\S+)`).exec(text);
    if (!m?.[1]) throw new Error(`no ${path} link in:\n${text}`);
    return m[1];
  };

  test('the original body subscribes: bare {type, message}, one pending row, a confirmation mail with unsubscribe headers', async () => {
    const res = await post(
      originalBody('Orang.Tua@Example.com', { 'data[additional][nama]': 'Bu Sari', 'data[additional][kelas]': '7A' }),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({
      type: 'success',
      message: SUBSCRIBE_MESSAGES.sent('orang.tua@example.com'),
    });
    const [row, ...more] = await subscribers();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ email: 'orang.tua@example.com', status: 'pending', list_id: '' });
    expect(JSON.parse(row?.fields ?? '')).toEqual({ nama: 'Bu Sari', kelas: '7A' });

    const [mail, ...others] = await mails();
    expect(others).toEqual([]);
    expect(mail?.recipient).toBe('orang.tua@example.com');
    const headers = JSON.parse(mail?.headers ?? '{}') as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = linkIn(mail?.body ?? '', '/berlangganan/berhenti/');
    expect(headers['List-Unsubscribe']).toBe(`<http://${site.host}${unsubscribe}>`);
  });

  test('the list id counts only when the form says to use it', async () => {
    await post(originalBody('a@example.com', { 'data[use_target_list_id]': 'true', 'data[target_list_id]': 'ortu' }));
    await post(originalBody('b@example.com', { 'data[target_list_id]': 'ortu' }));
    expect((await subscribers()).map((s) => [s.email, s.list_id])).toEqual([
      ['a@example.com', 'ortu'],
      ['b@example.com', ''],
    ]);
  });

  /** The page's form as the browser posts it: its hidden fields, to its action, from this site. */
  const submitForm = async (html: string, headers: Record<string, string> = { origin: `http://${site.host}` }) => {
    // The link's form: the one that posts its token (the footer's subscribe form is on the page too).
    const form = [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)].find((m) => m[2]?.includes('name="token"'));
    const action = /action="([^"]+)"/.exec(form?.[1] ?? '')?.[1];
    if (!form || !action || !/method="post"/.test(form[1] ?? '')) throw new Error('no form posting a token');
    const fields = new URLSearchParams();
    for (const m of (form[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      fields.set(m[1] as string, (m[2] as string).replace(/&amp;/g, '&'));
    }
    return site.send(action.replace(/&amp;/g, '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: fields.toString(),
    });
  };

  test('the mail’s links change nothing on GET: their page shows one button, whose POST acts', async () => {
    await post(originalBody('pemindai@example.com'));
    const [mail] = await mails();
    const confirmLink = linkIn(mail?.body ?? '', '/berlangganan/konfirmasi/');
    const unsubscribeLink = linkIn(mail?.body ?? '', '/berlangganan/berhenti/');

    // A mail scanner opens both links, more than once: nothing changes.
    for (const link of [confirmLink, unsubscribeLink, confirmLink]) {
      const opened = await site.send(link);
      expect(opened.status, link).toBe(200);
      expect(opened.headers['cache-control']).toContain('no-store');
      expect(opened.text).not.toContain(SUBSCRIBE_MESSAGES.confirmed);
      expect(opened.text).not.toContain(SUBSCRIBE_MESSAGES.unsubscribed);
      expect((await subscribers())[0]?.status).toBe('pending');
      expect((await subscribers())[0]?.confirmed_at).toBeNull();
    }
    const confirmPage = await site.send(confirmLink);
    expect(
      [...confirmPage.text.matchAll(/<button[^>]*type="submit"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]),
    ).toContain('Konfirmasi langganan');

    // The button's POST confirms.
    const confirmed = await submitForm(confirmPage.text);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(SUBSCRIBE_MESSAGES.confirmed);
    expect((await subscribers())[0]?.status).toBe('confirmed');

    // The unsubscribe link's GET leaves the confirmed address alone; its button unsubscribes.
    const unsubscribePage = await site.send(unsubscribeLink);
    expect(unsubscribePage.text).toMatch(/<button[^>]*type="submit"[^>]*>Berhenti berlangganan<\/button>/);
    expect((await subscribers())[0]?.status).toBe('confirmed');
    const unsubscribed = await submitForm(unsubscribePage.text);
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.text).toContain(SUBSCRIBE_MESSAGES.unsubscribed);
    expect((await subscribers())[0]?.status).toBe('unsubscribed');
  });

  test('the button’s POST: a bad or foreign link, or a post from another site, is refused and changes nothing', async () => {
    await post(originalBody('tolak@example.com'));
    const [mail] = await mails();
    const confirmLink = linkIn(mail?.body ?? '', '/berlangganan/konfirmasi/');
    const page = (await site.send(confirmLink)).text;
    const token = /token=([^&\s]+)/.exec(confirmLink)?.[1] ?? '';
    const id = /id=(\d+)/.exec(confirmLink)?.[1] ?? '';
    const form = (body: string, headers: Record<string, string> = {}) =>
      site.send('/berlangganan/konfirmasi/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.host}`, ...headers },
        body,
      });
    for (const body of [
      `id=${id}&token=${'A'.repeat(43)}`,
      `id=${id}`,
      '',
      `id=abc&token=${token}`,
      `id=${Number(id) + 1000}&token=${token}`,
    ]) {
      const res = await form(body);
      expect(res.status, body).toBe(400);
      expect(res.text).toContain(SUBSCRIBE_MESSAGES.badLink);
    }
    // The confirmation's signature does not unsubscribe, nor the other way round.
    const crossed = await site.send('/berlangganan/berhenti/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.host}` },
      body: `id=${id}&token=${token}`,
    });
    expect(crossed.status).toBe(400);
    // Another site's page posting the right fields is refused, as every form of this site refuses it.
    const crossSite: Record<string, string>[] = [
      { origin: 'http://jahat.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await submitForm(page, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.text).toContain('Formulir ini harus dikirim dari situs ini.');
    }
    expect((await subscribers())[0]?.status).toBe('pending');
  });

  test('confirming, then unsubscribing by the link and by a mail program’s one-click POST', async () => {
    await post(originalBody('wali@example.com'));
    const [mail] = await mails();
    const confirmPage = await site.send(linkIn(mail?.body ?? '', '/berlangganan/konfirmasi/'));
    const confirm = await submitForm(confirmPage.text);
    expect(confirm.status).toBe(200);
    expect(confirm.headers['cache-control']).toContain('no-store');
    expect(confirm.text).toContain(SUBSCRIBE_MESSAGES.confirmed);
    expect((await subscribers())[0]?.status).toBe('confirmed');

    // A confirmed address that subscribes again gets the same answer and no mail.
    const again = await post(originalBody('WALI@example.com'));
    expect(JSON.parse(again.text).type).toBe('success');
    expect(await mails()).toHaveLength(1);
    expect(await subscribers()).toHaveLength(1);

    const unsubscribe = linkIn(mail?.body ?? '', '/berlangganan/berhenti/');
    const oneClick = await site.send(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await subscribers())[0]?.status).toBe('unsubscribed');

    // The button of the link's page does the same, as often as it is pressed.
    for (let i = 0; i < 2; i++) {
      const click = await submitForm((await site.send(unsubscribe)).text);
      expect(click.status).toBe(200);
      expect(click.text).toContain(SUBSCRIBE_MESSAGES.unsubscribed);
      expect((await subscribers())[0]?.status).toBe('unsubscribed');
    }
  });

  test('a link with a wrong or missing signature changes nothing', async () => {
    await post(originalBody('siswa@example.com'));
    const [mail] = await mails();
    const confirm = linkIn(mail?.body ?? '', '/berlangganan/konfirmasi/');
    const forged = confirm.replace(/token=[^&]+/, `token=${'A'.repeat(43)}`);
    for (const target of [
      forged,
      '/berlangganan/konfirmasi/',
      '/berlangganan/konfirmasi/?id=abc&token=x',
      // The unsubscribe link's signature does not confirm.
      confirm.replace('/konfirmasi/', '/berhenti/').replace(/token=[^&]+/, confirm.match(/token=[^&]+/)?.[0] ?? ''),
    ]) {
      const res = await site.send(target);
      expect(res.status, target).toBe(400);
      expect(res.text).toContain(SUBSCRIBE_MESSAGES.badLink);
    }
    expect((await subscribers())[0]?.status).toBe('pending');
  });

  test('bad input: a clear 4xx, nothing stored, never a 500', async () => {
    const cases: Array<[string, number]> = [
      [originalBody('bukan-email'), 400],
      [originalBody(''), 400],
      [originalBody(`${'a'.repeat(10_000)}@example.com`), 400],
      [originalBody('<script>@example.com'), 400],
      ['action=jet_subscribe_form_ajax', 400],
      [originalBody('ok@example.com', { 'data[additional][bad name]': 'x' }), 400],
      [originalBody('ok@example.com', { 'data[additional][nama]': 'x'.repeat(201) }), 400],
      [originalBody('ok@example.com', { 'data[target_list_id]': 'x'.repeat(101) }), 400],
    ];
    for (const [body, status] of cases) {
      const res = await post(body);
      expect(res.status, body.slice(0, 80)).toBe(status);
      const answer = JSON.parse(res.text);
      // The original's shapes: bare {type, message}, or the wrapped error.
      expect(answer.type ?? answer.data?.type ?? answer.success, body.slice(0, 80)).not.toBe('success');
    }
    // GET is not the original's method.
    expect((await site.send(`/wp-admin/admin-ajax.php?${originalBody('ok@example.com')}`)).status).toBe(405);
    expect(await subscribers()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  test('one row per address, also when the same address subscribes ten times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(originalBody('kembar@example.com'))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await subscribers()).toHaveLength(1);
    // Confirmation mails to one mailbox are limited (3 a day): the form cannot bomb a mailbox.
    expect((await mails()).length).toBeLessThanOrEqual(3);
  });

  test('one address may subscribe ten times an hour', async () => {
    for (let i = 0; i < 10; i++) expect((await post(originalBody(`a${i}@example.com`))).status).toBe(200);
    const over = await post(originalBody('a10@example.com'));
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toEqual({ type: 'error', message: SUBSCRIBE_MESSAGES.limited });
    expect(await subscribers()).toHaveLength(10);
  });

  test('without JavaScript the form posts to /berlangganan/ and the page shows the outcome', async () => {
    const ok = await site.send('/berlangganan/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.host}` },
      body: 'email=tanpa.js%40example.com',
    });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(SUBSCRIBE_MESSAGES.sent('tanpa.js@example.com'));
    expect((await subscribers()).map((s) => s.email)).toEqual(['tanpa.js@example.com']);

    const bad = await site.send('/berlangganan/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=%3Cb%3Ebukan%3C%2Fb%3E',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(SUBSCRIBE_MESSAGES.serverInvalidMail);
    expect(bad.text).not.toContain('<b>bukan</b>');

    const page = await site.send('/berlangganan/');
    expect(page.status).toBe(200);
    const form = /<form[^>]*class="subscribe-page__form"[^>]*>/.exec(page.text)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/berlangganan/"');
    expect(page.text).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
  });

  test('every page’s footer has the form; posted without JavaScript it keeps its list and extra fields', async () => {
    const home = await site.send('/');
    const footer = home.text.slice(home.text.indexOf('<footer'));
    const form = /<form[^>]*class="jet-subscribe-form"[^>]*>[\s\S]*?<\/form>/.exec(footer)?.[0] ?? '';
    const tag = /<form[^>]*>/.exec(form)?.[0] ?? '';
    expect(tag).toContain('method="post"');
    expect(tag).toContain('action="/berlangganan/"');
    const email = /<input[^>]*name="email"[^>]*>/.exec(form)?.[0] ?? '';
    expect(email).toContain('type="email"');
    expect(email).toContain('required');
    expect(form).toContain('name="target_list_id" value="berita-sekolah"');
    expect(form).toMatch(/<label[^>]*for="subscribe-ft0sub-email"/);

    const posted = (body: string) =>
      site.send('/berlangganan/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.host}` },
        body,
      });
    const ok = await posted('email=ortu%40example.com&target_list_id=berita-sekolah&additional%5Bnama%5D=Bu%20Sari');
    expect(ok.status).toBe(200);
    const [row] = await subscribers();
    expect([row?.email, row?.list_id, JSON.parse(row?.fields ?? '{}')]).toEqual([
      'ortu@example.com',
      'berita-sekolah',
      { nama: 'Bu Sari' },
    ]);

    // An extra field over its limit, or one with a name that is no field name: refused, nothing stored.
    for (const body of [
      `email=b%40example.com&additional%5Bnama%5D=${'x'.repeat(201)}`,
      'email=b%40example.com&additional%5B%3Cb%3E%5D=1',
    ]) {
      const refused = await posted(body);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(SUBSCRIBE_MESSAGES.badForm);
    }
    expect(await subscribers()).toHaveLength(1);
  });
});
