/**
 * A staff edit's modified time, strictly after `previous` (two saves in one millisecond still differ):
 * the version a form carries, so the second of two concurrent saves is told about the first.
 */
export function nextModified(previous: string | null, now: Date): string {
  const iso = now.toISOString();
  if (!previous || iso > previous) return iso;
  const bumped = new Date(new Date(previous).getTime() + 1);
  return Number.isNaN(bumped.getTime()) ? iso : bumped.toISOString();
}
