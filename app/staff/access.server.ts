import { data, redirect } from 'react-router';
import type { AppContext } from '~/context';
import { SECOND_FACTOR_PATHS } from '~/features/accounts/second-factor';
import { AppError } from '~/lib/errors';
import { readForm } from '~/lib/form.server';
import type { Outcome } from '~/lib/outcome';
import { type Capability, CSRF_FIELD, CSRF_HEADER, can, isStaff } from '~/lib/permissions';
import { answerOutcome as answerRouteOutcome } from '~/lib/route.server';
import type { SessionUser } from '~/lib/user';
import { createNonce, nonceSubject, verifyNonce } from '~/wire/nonce.server';

/** The answers every staff screen gives a request it may not serve (shown by the admin error boundary). */
const ACCESS_MESSAGES = {
  forbidden: 'Anda tidak berhak membuka atau mengubah bagian ini.',
  staleForm: 'Formulir ini sudah kedaluwarsa atau tidak dikirim dari situs ini. Muat ulang halaman, lalu coba lagi.',
} as const;

/** What a staff route needs: a capability, or `staff` (any staff role: the area's frame and its home). */
export type StaffNeed = Capability | 'staff';

/** Whether the user meets a staff route's need. */
export function meets(user: Pick<SessionUser, 'roles'> | null, need: StaffNeed): boolean {
  return need === 'staff' ? isStaff(user) : can(user, need);
}

/** What every route handler gets from React Router (`Route.LoaderArgs`, `Route.ActionArgs`). */
interface RouteArgs {
  request: Request;
  context: AppContext;
}

/** A staff loader's arguments: React Router's, and the user checked for it. */
export type StaffLoaderArgs<A> = A & { user: SessionUser };
/** A staff action's arguments: React Router's, the user checked for it and the form's fields. */
export type StaffActionArgs<A> = A & { user: SessionUser; fields: Record<string, string> };

/** A handler declared with its need: the route table test reads `need` off every staff route's exports. */
export type StaffHandler<A, R> = ((args: A) => Promise<Awaited<R>>) & { need: StaffNeed };

/**
 * `beforeSecondFactor`: the handler serves a staff user who must still set up the second factor (issue
 * 25: the area's frame and the user's own account page); every other one sends them there first.
 */
export interface StaffAccess {
  beforeSecondFactor?: boolean;
}

/**
 * A staff route's loader, declared with what it needs (permissions as data): the user is checked
 * before `load` runs and handed to it.
 */
export function staffLoader<A extends RouteArgs, R>(
  need: StaffNeed,
  load: (args: StaffLoaderArgs<A>) => R,
  access: StaffAccess = {},
): StaffHandler<A, R> {
  const loader = async (args: A) => load({ ...args, user: await staffUser(args.context, args.request, need, access) });
  return Object.assign(loader, { need }) as StaffHandler<A, R>;
}

/**
 * A staff route's action, declared with what it needs: the user is checked, the form read (up to
 * `maxBytes`) and its CSRF token checked before `act` runs. An action that reads its own body (an
 * upload) says `readsBody` and gets no fields: it checks the token itself (`checkCsrf`).
 */
export function staffAction<A extends RouteArgs, R>(
  need: StaffNeed,
  act: (args: StaffActionArgs<A>) => R,
  options: { maxBytes?: number; readsBody?: boolean } & StaffAccess = {},
): StaffHandler<A, R> {
  const action = async (args: A) => {
    if (options.readsBody) {
      return act({ ...args, user: await staffUser(args.context, args.request, need, options), fields: {} });
    }
    const { user, fields } = await staffForm(args.context, args.request, need, options);
    return act({ ...args, user, fields });
  };
  return Object.assign(action, { need }) as StaffHandler<A, R>;
}

/**
 * Runs a staff feature's call and answers its typed refusal (an AppError: 400, 404, 409 …) with its
 * message, which the staff error boundary shows.
 */
export async function staffAnswer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * A staff feature's outcome as HTTP (lib/route.server.ts `answerOutcome`): its value, its refusal with
 * the form, or a redirect once the change is made; a typed refusal it throws is answered as
 * `staffAnswer` does, with its message for the staff error boundary.
 */
export function answerOutcome<T, F>(work: Promise<Outcome<T, F>>) {
  return answerRouteOutcome(staffAnswer(work));
}

/**
 * The signed-in user of a staff screen or action who meets `need`. A visitor is sent to sign in
 * (and back here after); a signed-in user without the capability gets 403. Every loader and action of
 * the staff area starts here: the server checks the role on every request, whatever the page showed.
 */
async function staffUser(
  ctx: AppContext,
  request: Request,
  need: StaffNeed,
  access: StaffAccess = {},
): Promise<SessionUser> {
  const user = await ctx.userOf(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/masuk/?redirect_to=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!meets(user, need)) throw data({ message: ACCESS_MESSAGES.forbidden }, { status: 403 });
  // Issue 25: when the administrators require a second factor, staff without one set it up first.
  if (!access.beforeSecondFactor && user.secondFactorDue) {
    throw redirect(`${SECOND_FACTOR_PATHS.account}?faktor-kedua=wajib`);
  }
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
async function staffForm(
  ctx: AppContext,
  request: Request,
  need: StaffNeed,
  options: { maxBytes?: number } & StaffAccess,
): Promise<{ user: SessionUser; fields: Record<string, string> }> {
  const user = await staffUser(ctx, request, need, options);
  const fields = await staffAnswer(readForm(request, options.maxBytes));
  checkCsrf(ctx, user, request, fields);
  return { user, fields };
}
