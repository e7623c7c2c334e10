import { toBracketPairs } from '~/wire/form';

/** The browser side of the wire protocol: one fetch helper for admin-ajax and REST calls. */
export const AJAX_URL = '/wp-admin/admin-ajax.php';

let restNonce: Promise<string> | undefined;

/** The REST nonce, fetched once per page (cached pages carry none: original-wire.md §9.6). */
export function getRestNonce(refresh = false): Promise<string> {
  if (refresh || !restNonce) {
    restNonce = fetch(`${AJAX_URL}?action=rest-nonce`, { credentials: 'same-origin' }).then((r) =>
      r.ok ? r.text() : Promise.reject(new Error(`rest-nonce ${r.status}`)),
    );
    restNonce.catch(() => {
      restNonce = undefined;
    });
  }
  return restNonce;
}

/** POSTs form fields (bracket notation, like jQuery) to admin-ajax. */
export async function postAjax(
  action: string,
  fields: Record<string, unknown>,
  init: { signal?: AbortSignal; url?: string } = {},
): Promise<Response> {
  const body = new URLSearchParams(toBracketPairs({ action, ...fields }));
  return fetch(init.url ?? AJAX_URL, {
    method: 'POST',
    body,
    signal: init.signal,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
  });
}

/**
 * A REST call with the nonce header; an invalid nonce is refreshed with `action=rest-nonce` and the
 * call retried once (original-wire.md §1, apiFetch's rule).
 */
export async function restFetch(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const send = async (nonce: string) =>
    fetch(`/wp-json/${path}`, {
      method: init.method ?? 'POST',
      signal: init.signal,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const first = await send(await getRestNonce());
  if (first.status !== 403) return first;
  const error = (await first
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (error?.code !== 'rest_cookie_invalid_nonce') return first;
  return send(await getRestNonce(true));
}

/** Tells widgets that new HTML arrived in `root` (spec 000 reinit_js; filters and widgets listen). */
export function announceContent(root: Element) {
  root.dispatchEvent(new CustomEvent('site:content-loaded', { bubbles: true, detail: { root } }));
}
