import { data, redirect } from 'react-router';
import type { AppContext } from '~/context';
import { createNonce, nonceSubject, verifyNonce } from '~/wire/nonce.server';
import { AppError } from './errors';
import { readForm } from './form.server';
import { type Capability, CSRF_FIELD, CSRF_HEADER, can, isStaff } from './staff';
import type { SessionUser } from './user';

/** The answers every staff screen gives a request it may not serve (shown by the admin error boundary). */
export const ACCESS_MESSAGES = {
  forbidden: 'Anda tidak berhak membuka atau mengubah bagian ini.',
  staleForm: 'Formulir ini sudah kedaluwarsa atau tidak dikirim dari situs ini. Muat ulang halaman, lalu coba lagi.',
} as const;

/**
 * The signed-in user of a staff screen or action who has `capability`. A visitor is sent to sign in
 * (and back here after); a signed-in user without the capability gets 403. Every loader and action of
 * the staff area starts here: the server checks the role on every request, whatever the page showed.
 */
export function staffUser(ctx: AppContext, request: Request, capability: Capability): Promise<SessionUser> {
  return signedInUser(ctx, request, (user) => can(user, capability));
}

/** The signed-in staff member (any staff role) opening the staff area; others as `staffUser`. */
export function staffArea(ctx: AppContext, request: Request): Promise<SessionUser> {
  return signedInUser(ctx, request, isStaff);
}

/** The request's user when `allowed`: a visitor is sent to sign in and back, anyone else gets 403. */
async function signedInUser(
  ctx: AppContext,
  request: Request,
  allowed: (user: SessionUser) => boolean,
): Promise<SessionUser> {
  const user = await ctx.userOf(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/masuk/?redirect_to=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!allowed(user)) throw data({ message: ACCESS_MESSAGES.forbidden }, { status: 403 });
  return user;
}

/**
 * The CSRF token of this user's staff forms and calls (an HMAC nonce, valid 12-24 hours), bound to the
 * session it was made in: refused with another session, and once that session signed out.
 */
export function csrfToken(ctx: Pick<AppContext, 'nonceSecret'>, user: Pick<SessionUser, 'id' | 'session'>): string {
  return createNonce(ctx.nonceSecret, `staff:${nonceSubject(user)}`, 'staff');
}

/** Throws 403 unless the request carries this user's CSRF token (field `_token` or header X-CSRF-Token). */
export function checkCsrf(
  ctx: Pick<AppContext, 'nonceSecret'>,
  user: Pick<SessionUser, 'id' | 'session'>,
  request: Request,
  fields?: Record<string, string>,
) {
  const token = fields?.[CSRF_FIELD] ?? request.headers.get(CSRF_HEADER) ?? '';
  if (!verifyNonce(ctx.nonceSecret, token, `staff:${nonceSubject(user)}`, 'staff')) {
    throw data({ message: ACCESS_MESSAGES.staleForm }, { status: 403 });
  }
}

/**
 * A staff form's post: the user with the capability, the fields (up to `maxBytes`), the CSRF token
 * checked. The server already refuses forms posted from other sites (server/app.ts).
 */
export async function staffForm(
  ctx: AppContext,
  request: Request,
  capability: Capability,
  maxBytes?: number,
): Promise<{ user: SessionUser; fields: Record<string, string> }> {
  const user = await staffUser(ctx, request, capability);
  const fields = await readForm(request, maxBytes).catch((error: unknown) => {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  });
  checkCsrf(ctx, user, request, fields);
  return { user, fields };
}
