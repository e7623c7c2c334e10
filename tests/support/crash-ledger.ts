/**
 * The crash test's book of writes (issue 25 "Lose nothing"): every write a client sent, by kind and by the
 * value that identifies it in the database, and the ones the server acknowledged. Pure: the test reads the
 * database and this tells what was lost, what is there twice, and what nobody sent.
 */

export const WRITE_KINDS = ['review', 'like', 'subscribe', 'upload', 'save'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** What the database holds of one kind: how many rows carry each identifying value. */
export type Found = ReadonlyMap<string, number>;

export interface Tally {
  sent: number;
  acknowledged: number;
  /** acknowledged, not in the database */
  lost: string[];
  /** in the database more than once (acknowledged or not) */
  duplicated: string[];
  /** sent, not acknowledged, and there anyway (the server committed, then died before it answered) */
  unacknowledgedPresent: number;
  /** in the database with a value no client sent */
  unknown: string[];
}

export class Ledger {
  readonly #sent = new Map<WriteKind, string[]>(WRITE_KINDS.map((k) => [k, []]));
  readonly #acked = new Map<WriteKind, Set<string>>(WRITE_KINDS.map((k) => [k, new Set()]));

  /** Records a write before it is sent. */
  send(kind: WriteKind, key: string): void {
    (this.#sent.get(kind) as string[]).push(key);
  }

  /** Records that the server answered the write with its success. */
  ack(kind: WriteKind, key: string): void {
    (this.#acked.get(kind) as Set<string>).add(key);
  }

  sent(kind: WriteKind): readonly string[] {
    return this.#sent.get(kind) as string[];
  }

  acknowledged(kind: WriteKind): ReadonlySet<string> {
    return this.#acked.get(kind) as Set<string>;
  }

  /** The acknowledged writes of each kind so far. */
  counts(): Record<WriteKind, number> {
    return Object.fromEntries(WRITE_KINDS.map((k) => [k, this.acknowledged(k).size])) as Record<WriteKind, number>;
  }

  /** Compares one kind with what the database holds. */
  tally(kind: WriteKind, found: Found): Tally {
    const sent = this.sent(kind);
    const acked = this.acknowledged(kind);
    const sentSet = new Set(sent);
    return {
      sent: sent.length,
      acknowledged: acked.size,
      lost: [...acked].filter((key) => (found.get(key) ?? 0) === 0),
      duplicated: [...found].filter(([, n]) => n > 1).map(([key]) => key),
      unacknowledgedPresent: sent.filter((key) => !acked.has(key) && (found.get(key) ?? 0) > 0).length,
      unknown: [...found.keys()].filter((key) => !sentSet.has(key)),
    };
  }

  /**
   * Saves of one document are sent one after another, each on the version the previous answer gave: what
   * is stored must be the last acknowledged save, or the one sent after it whose answer never came.
   * Returns the stored key's problem, or null.
   */
  lastSaveProblem(stored: string | null): string | null {
    const sent = this.sent('save');
    const acked = this.acknowledged('save');
    const lastAcked = sent.findLastIndex((key) => acked.has(key));
    // Before the first acknowledged save anything sent may be there (or what the post held before).
    const allowed = sent.slice(Math.max(0, lastAcked));
    if (stored !== null && allowed.includes(stored)) return null;
    if (lastAcked === -1 && stored === null) return null;
    const last = lastAcked === -1 ? 'none' : sent[lastAcked];
    return `the post holds ${stored ?? 'nothing of the test'}; the last acknowledged save is ${last}, sent after it: ${allowed.slice(1).join(', ') || 'none'}`;
  }
}

/** Counts of each value in a list of values read from the database. */
export function countValues(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}
