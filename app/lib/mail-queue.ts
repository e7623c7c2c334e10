/**
 * Mail through SMTP as a job (issue 25): the rules of a message's tries, apart from the worker that
 * follows them (mail-queue.server.ts).
 */

/** Tries of a message before it is marked failed (the last about an hour after the first). */
export const MAIL_ATTEMPTS = 8;
/** The wait after the first failed try; doubled after each (30 s, 1 min, 2 min … 32 min). */
export const MAIL_BACKOFF_MS = 30_000;

/** What a failed try leaves: another try after a wait, or after the last try, a failed message. */
export function afterFailedTry(
  attempts: number,
  now: Date,
  backoff: (attempt: number) => number,
): { status: 'queued'; next_try_at: string } | { status: 'failed'; next_try_at: null } {
  if (attempts >= MAIL_ATTEMPTS) return { status: 'failed', next_try_at: null };
  return { status: 'queued', next_try_at: new Date(now.getTime() + backoff(attempts)).toISOString() };
}

/**
 * The Message-ID of a stored message, the same on every try: a message sent twice (a process stopped
 * between the SMTP server's "accepted" and the row's "sent") is one message to the mail programs that
 * drop duplicates. Its domain is the sender's.
 */
export function messageIdOf(id: number, createdAt: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox-${id}-${Date.parse(createdAt) || 0}@${domain}>`;
}
