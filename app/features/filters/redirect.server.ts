import { getSiteOptions } from '~/content/options.server';
import type { Db } from '~/db';
import { AppError, Invalid } from '~/lib/errors';
import { readFilterAddress, writeFilterAddress } from './url-state';

/** The field that marks a filter form posted to another page (original-wire.md §2.11). */
export const REDIRECT_MARKER = 'jet-smart-filters-redirect';
const MAX_FORM_BYTES = 100_000;

/**
 * A filter group applied with "redirect" by POST (a hidden form with the group and each query key) is
 * answered with 303 to the target page's filtered address: the results page is a GET page that
 * reloads, bookmarks and goes Back like any other.
 */
export async function filterFormRedirect(db: Db, request: Request): Promise<Response> {
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES) throw new Invalid('The form is too large.');
  const form = new URLSearchParams(text);
  if (form.get(REDIRECT_MARKER) !== '1') throw new AppError(405, 'method_not_allowed', 'Pages are read with GET.');
  form.delete(REDIRECT_MARKER);
  const target = new URL(request.url);
  target.search = form.toString();
  const address = readFilterAddress(target);
  if (!address) throw new Invalid('The form names no filter group.');
  const location = writeFilterAddress(
    { pathname: target.pathname, search: '' },
    address,
    (await getSiteOptions(db)).filtersUrlType,
  );
  return new Response(null, { status: 303, headers: { Location: location } });
}
