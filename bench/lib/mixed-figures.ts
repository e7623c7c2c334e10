import { percentile } from './load';

/** Latency of a set of responses, ms: nearest-rank percentiles of every response time recorded (sub-ms). */
export interface LatencySummary {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

const round = (n: number, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);

/** The summary of response times in ms (NaN figures when there are none). */
export function latencyOf(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const sum = sorted.reduce((s, n) => s + n, 0);
  return {
    average: round(sorted.length ? sum / sorted.length : Number.NaN),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN),
  };
}

/** The machine's CPU time so far, in clock ticks (the first line of /proc/stat). */
export interface CpuTimes {
  busy: number;
  total: number;
}

/** The `cpu` line of /proc/stat: idle and iowait are idle, steal is neither (it was not ours to use). */
export function parseProcStat(text: string): CpuTimes {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) throw new Error('no cpu line in /proc/stat');
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, total: busy + idle + iowait };
}

/** CPUs kept busy between two readings (0 … cpus): what everything on the machine used, bench included. */
export function coresBusy(before: CpuTimes, after: CpuTimes, cpus: number): number {
  const total = after.total - before.total;
  return total > 0 ? round(((after.busy - before.busy) / total) * cpus, 2) : Number.NaN;
}

/** One process as /proc/<pid>/stat tells it: its parent, and the CPU ticks of it and its waited-for children. */
export interface ProcEntry {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime */
  ticks: number;
  cmdline: string;
}

/** A /proc/<pid>/stat line read: fields after "(comm)" are state, ppid, … utime (14th), stime, cutime, cstime. */
export function parseStat(pid: number, stat: string, cmdline: string): ProcEntry {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(f[i] ?? 0);
  return { pid, ppid: n(1), ticks: n(11) + n(12) + n(13) + n(14), cmdline };
}

/**
 * The CPU ticks of every process that is a root or descends from one: a cluster's script (its app servers),
 * and the daemons it started (PostgreSQL, nginx), found by `isRoot`. Children that ended count through
 * their parent's cutime/cstime once waited for (PostgreSQL's backends, a worker that was replaced).
 */
export function treeTicks(procs: readonly ProcEntry[], isRoot: (p: ProcEntry) => boolean): number {
  const children = new Map<number, ProcEntry[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const seen = new Set<number>();
  const stack = procs.filter(isRoot);
  let ticks = 0;
  while (stack.length) {
    const p = stack.pop() as ProcEntry;
    if (seen.has(p.pid)) continue;
    seen.add(p.pid);
    ticks += p.ticks;
    stack.push(...(children.get(p.pid) ?? []));
  }
  return ticks;
}
