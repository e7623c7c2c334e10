import type { Page } from '@playwright/test';
import { SUBSCRIBE_MESSAGES } from '../../app/features/subscribe/model';
import { expect, test } from './fixtures';
import { waitForHydration } from './pages/site';
import { FooterSubscribeForm, NewsletterData } from './pages/subscribe';
import { ALL_SCRIPTS, holdRequests, throttleCpu } from './support/slow-phone';

// Issue 13 "Subscribe": the footer's newsletter form (call 17), the double opt-in mail in the outbox,
// its confirmation link and the unsubscribe link every mail carries.

/** An address no other test uses. */
const newAddress = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;

const SUBSCRIBE_CALL = /\/wp-admin\/admin-ajax\.php$/;

test('subscribe in the footer, confirm from the mail in the outbox, then unsubscribe', async ({ page, site }) => {
  const data = new NewsletterData(site.databaseFile);
  const email = newAddress('wali');
  await page.goto('/profil/');
  await waitForHydration(page);
  const form = new FooterSubscribeForm(page);

  // The button waits while the call is under way; a second submit sends nothing more.
  const calls: string[] = [];
  page.on('request', (r) => {
    if (SUBSCRIBE_CALL.test(r.url()) && r.method() === 'POST') calls.push(r.postData() ?? '');
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SUBSCRIBE_CALL, async (route) => {
    await held;
    await route.continue();
  });
  await form.subscribe(email);
  await expect(form.button).toHaveAttribute('aria-disabled', 'true');
  await form.email.press('Enter');
  release();
  await expect(form.message).toHaveText(SUBSCRIBE_MESSAGES.sent(email));
  await expect(form.button).not.toHaveAttribute('aria-disabled');
  await expect(form.email).toHaveValue('');
  expect(calls).toHaveLength(1);
  // The original client's body: the address, the list the widget names, the widget's data.
  const sent = new URLSearchParams(calls[0]);
  expect(sent.get('action')).toBe('jet_subscribe_form_ajax');
  expect(sent.get('data[email]')).toBe(email);
  expect(sent.get('data[use_target_list_id]')).toBe('true');
  expect(sent.get('data[target_list_id]')).toBe('berita-sekolah');
  expect(data.status(email)).toBe('pending');

  await followMailLinks(page, data, email);
});

/**
 * Issue 21: the mail's links act only on the button their page shows (a mail scanner opening a link
 * changes nothing): confirm, then unsubscribe.
 */
async function followMailLinks(page: Page, data: NewsletterData, email: string) {
  await page.goto(data.link(email, '/berlangganan/konfirmasi/'));
  const confirm = page.getByRole('button', { name: 'Konfirmasi langganan' });
  await expect(confirm).toBeVisible();
  expect(data.status(email)).toBe('pending');
  await confirm.click();
  await expect(page.getByRole('status')).toHaveText(SUBSCRIBE_MESSAGES.confirmed);
  await expect(confirm).toHaveCount(0);
  expect(data.status(email)).toBe('confirmed');

  await page.goto(data.link(email, '/berlangganan/berhenti/'));
  const unsubscribe = page.getByRole('main').getByRole('button', { name: 'Berhenti berlangganan' });
  await expect(unsubscribe).toBeVisible();
  expect(data.status(email)).toBe('confirmed');
  await unsubscribe.click();
  await expect(page.getByRole('status').first()).toHaveText(SUBSCRIBE_MESSAGES.unsubscribed);
  expect(data.status(email)).toBe('unsubscribed');
}

test('a wrong address is marked with the message for 20 s and nothing is sent', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await waitForHydration(page);
  const form = new FooterSubscribeForm(page);
  let sent = 0;
  page.on('request', (r) => {
    if (SUBSCRIBE_CALL.test(r.url()) && r.method() === 'POST') sent++;
  });

  // One the browser's own check lets through (no top-level domain), and one it stops: the same message.
  for (const wrong of ['guru@sekolah', 'bukan alamat']) {
    await form.subscribe(wrong);
    await expect(form.fieldError).toHaveText(SUBSCRIBE_MESSAGES.invalidMail);
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.email).toBeFocused();
    await page.clock.runFor(19_000);
    await expect(form.fieldError).toHaveText(SUBSCRIBE_MESSAGES.invalidMail);
    await page.clock.runFor(1_100);
    await expect(form.fieldError).toBeHidden();
    await expect(form.email).not.toHaveAttribute('aria-invalid');
  }
  expect(sent).toBe(0);
  await expect(page).toHaveURL(/\/$/);
});

test('the server’s answer shows for 20 s, then clears', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await waitForHydration(page);
  const form = new FooterSubscribeForm(page);
  // The server refuses (the rate limit's answer, as a stand-in for any error it sends).
  await page.route(SUBSCRIBE_CALL, (route) =>
    route.fulfill({ status: 429, json: { type: 'error', message: SUBSCRIBE_MESSAGES.limited } }),
  );
  await form.subscribe(newAddress('sibuk'));
  await expect(form.message).toHaveText(SUBSCRIBE_MESSAGES.limited);
  await expect(form.form).toHaveAttribute('data-response', 'error');
  // The address stays, so the visitor can try again.
  await expect(form.email).not.toHaveValue('');
  await page.clock.runFor(20_100);
  await expect(form.message).toBeHidden();
  await expect(form.form).not.toHaveAttribute('data-response');
});

test('a subscribe sent while the page’s scripts are still loading (CPU throttled 4x) is not lost', async ({
  page,
  site,
}) => {
  const data = new NewsletterData(site.databaseFile);
  const email = newAddress('cepat');
  const fullSpeed = await throttleCpu(page, 4);
  const release = await holdRequests(page, ALL_SCRIPTS);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const form = new FooterSubscribeForm(page);
  await form.subscribe(email);
  // The plain form posted; the subscribe page says what happened.
  await expect(page).toHaveURL(/\/berlangganan\/$/);
  await expect(page.getByRole('status')).toHaveText(SUBSCRIBE_MESSAGES.sent(email));
  expect(data.status(email)).toBe('pending');
  release();
  await fullSpeed();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer form posts to the subscribe page, which answers', async ({ page, site }) => {
    const data = new NewsletterData(site.databaseFile);
    const email = newAddress('tanpa-js');
    await page.goto('/berita/');
    await new FooterSubscribeForm(page).subscribe(email);
    await expect(page).toHaveURL(/\/berlangganan\/$/);
    await expect(page.getByRole('status')).toHaveText(SUBSCRIBE_MESSAGES.sent(email));
    expect(data.status(email)).toBe('pending');
  });

  test('the mail’s links confirm and unsubscribe with their page’s button', async ({ page, site }) => {
    const data = new NewsletterData(site.databaseFile);
    const email = newAddress('tautan-tanpa-js');
    await page.goto('/berlangganan/');
    await page.getByRole('main').getByRole('textbox', { name: 'Alamat e-mail' }).fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Berlangganan', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(SUBSCRIBE_MESSAGES.sent(email));
    await followMailLinks(page, data, email);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the form fits the screen and its button is a comfortable target', async ({ page }) => {
    await page.goto('/');
    const form = new FooterSubscribeForm(page);
    await form.form.scrollIntoViewIfNeeded();
    const box = await form.form.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
    expect((await form.button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  });
});
