/**
 * Background jobs are rows that any server process may run (issue 14, 21, 25): a conditional update
 * claims one for one process. These are the rules every kind of job shares: who claims, when a claim
 * is abandoned, and how long a failed try waits.
 */

/** The wait before try `attempt + 1` after `attempt` failed tries: base, 2 × base, 4 × base … */
export function backoffMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}

/**
 * A server process that claims background jobs (gallery uploads, mail): its host (name and boot), its pid, and an id of its own
 * (a restarted container's server may get the same pid).
 */
export interface Claimer {
  host: string;
  boot: string;
  pid: number;
  instance: string;
}

/** How long a claim holds without its heartbeat (renewed every quarter of it while the job runs). */
export const CLAIM_LEASE_MS = 60_000;

/** A claimer as a job row keeps it (`claimed_by`). */
export const claimerId = (c: Claimer) => `${c.host}|${c.boot}|${c.pid}|${c.instance}`;

function parseClaimer(id: string | null): Claimer | null {
  const [host, boot, pid, instance, ...rest] = (id ?? '').split('|');
  if (rest.length > 0 || !host || boot === undefined || !/^\d{1,10}$/.test(pid ?? '') || !instance) return null;
  return { host, boot, pid: Number(pid), instance };
}

/**
 * Whether a running job's claim is abandoned, as seen by the process `me`: on the same host, at once
 * when its process is gone (or restarted under the same pid); a claim from another host (several
 * servers sharing one PostgreSQL) only when its heartbeat is older than the lease, so a job another
 * live host runs is never taken from it.
 */
export function claimAbandoned(
  claim: { claimedBy: string | null; heartbeatAt: string | null; claimedAt: string | null },
  me: Claimer,
  now: Date,
  alive: (pid: number) => boolean,
): boolean {
  const by = parseClaimer(claim.claimedBy);
  if (by && by.host === me.host && by.boot === me.boot) {
    return by.pid === me.pid ? by.instance !== me.instance : !alive(by.pid);
  }
  const last = Date.parse(claim.heartbeatAt ?? claim.claimedAt ?? '');
  return !(now.getTime() - last < CLAIM_LEASE_MS);
}
