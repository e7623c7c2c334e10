import type { Db } from '~/db';
import { backoffMs, type Claimer, claimAbandoned, claimerId } from './job-claim';
import { jobLoop, processAlive, thisClaimer } from './job-claim.server';
import { afterFailedTry, MAIL_BACKOFF_MS } from './mail-queue';

/**
 * Mail through SMTP as a job (issue 25): `sendMail` stores the message ('queued') before the answer
 * that promised it; any server process sends due messages. A message is claimed by a conditional
 * update (status and tries as they were read), so one process at a time sends it, whatever number of
 * servers look; a try that failed waits and is tried again; a claim whose process stopped is taken
 * back (job-claim.ts). Sending is at least once: a process stopped between the SMTP server's answer
 * and the row's 'sent' leaves the message to be sent again, with the same Message-ID.
 */

/** A stored message, as a try sends it. */
export interface QueuedMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  headers: Record<string, string>;
  created_at: string;
}

/** Hands one message to the SMTP server; throws when it was not accepted. */
export type Deliver = (mail: QueuedMail) => Promise<void>;

export interface MailWorkerOptions {
  /** how often due messages are looked for (default 2 s) */
  pollMs?: number;
  /** the wait after the first failed try (default 30 s) */
  backoffMs?: number;
  /** who claims (tests run several claimers in one process) */
  claimer?: Claimer;
  now?: () => Date;
}

// One registry per process, on globalThis: server/app.ts (run by tsx) starts the worker, and the app's
// bundle, with its own copy of this module, stores the message and wakes it.
const REGISTRY = Symbol.for('smp-tunas-bangsa.mail-worker');
const shared = globalThis as typeof globalThis & { [REGISTRY]?: WeakMap<object, () => void> };
shared[REGISTRY] ??= new WeakMap();
const workers = shared[REGISTRY];

/** Sends a just-stored message now, where this process runs a mail worker (else the next poll anywhere does). */
export function wakeMailWorker(db: Db): void {
  workers.get(db)?.();
}

/** Starts this process's mail worker for the database (server/app.ts, with SMTP_URL set). Returns its stop. */
export function startMailWorker(db: Db, deliver: Deliver, options: MailWorkerOptions = {}): () => void {
  if (workers.has(db)) return () => {};
  const loop = jobLoop('mail', () => deliverDueMail(db, deliver, options), options.pollMs ?? 2_000);
  workers.set(db, loop.wake);
  return () => {
    loop.stop();
    workers.delete(db);
  };
}

/** Sends every message due now, one after another; the number this claimer sent. */
export async function deliverDueMail(db: Db, deliver: Deliver, options: MailWorkerOptions = {}): Promise<number> {
  const claimer = options.claimer ?? thisClaimer;
  const me = claimerId(claimer);
  const now = options.now ?? (() => new Date());
  const backoff = (attempt: number) => backoffMs(attempt, options.backoffMs ?? MAIL_BACKOFF_MS);
  let sent = 0;
  for (;;) {
    const due = await db
      .selectFrom('outbox')
      .select(['id', 'status', 'attempts', 'claimed_by', 'claimed_at'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('next_try_at', '<=', now().toISOString())]),
          eb('status', '=', 'sending'),
        ]),
      )
      .orderBy('id')
      .limit(20)
      .execute();
    const free = due.filter(
      (m) =>
        m.status === 'queued' ||
        claimAbandoned(
          { claimedBy: m.claimed_by, heartbeatAt: null, claimedAt: m.claimed_at },
          claimer,
          now(),
          processAlive,
        ),
    );
    if (free.length === 0) return sent;
    for (const seen of free) {
      // Claimed only as it was read: of several processes that read it, one updates it.
      const claim = await db
        .updateTable('outbox')
        .set({ status: 'sending', claimed_by: me, claimed_at: now().toISOString(), attempts: seen.attempts + 1 })
        .where('id', '=', seen.id)
        .where('status', '=', seen.status)
        .where('attempts', '=', seen.attempts)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      const mail = await db
        .selectFrom('outbox')
        .select(['id', 'recipient', 'subject', 'body', 'headers', 'created_at'])
        .where('id', '=', seen.id)
        .executeTakeFirstOrThrow();
      const mine = db.updateTable('outbox').where('id', '=', seen.id).where('claimed_by', '=', me);
      try {
        await deliver({ ...mail, headers: JSON.parse(mail.headers) as Record<string, string> });
      } catch (error) {
        const message = (error as Error).message;
        console.warn(`mail ${seen.id} to ${mail.recipient} (try ${seen.attempts + 1}): ${message}`);
        await mine
          .set({
            ...afterFailedTry(seen.attempts + 1, now(), backoff),
            claimed_by: null,
            claimed_at: null,
            error: message,
          })
          .execute();
        continue;
      }
      await mine
        .set({ status: 'sent', sent_at: now().toISOString(), claimed_by: null, claimed_at: null, error: null })
        .execute();
      sent++;
    }
  }
}
