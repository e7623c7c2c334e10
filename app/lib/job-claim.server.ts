import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Claimer } from './job-claim';

/** Linux's id of this boot: a host's processes before a reboot are all gone. Empty elsewhere. */
function bootId(): string {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}

// This process as a claimer of jobs, shared by the module's copies (server/app.ts run by tsx and the app's
// bundle each load one): the server's workers and any other caller of the job code are the same claimer.
const CLAIMER = Symbol.for('smp-tunas-bangsa.job-claimer');
const own = globalThis as typeof globalThis & { [CLAIMER]?: Claimer };
own[CLAIMER] ??= { host: os.hostname(), boot: bootId(), pid: process.pid, instance: randomBytes(6).toString('hex') };
/** This process, as it claims jobs (job-claim.ts `claimAbandoned`). */
export const thisClaimer: Claimer = own[CLAIMER];

/** Whether a process of this host is running (signal 0 only asks; EPERM: it runs as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A worker's loop: its start, a way to run it now, and its end. */
export interface JobLoop {
  wake(): void;
  stop(): void;
}

/**
 * Runs `work` every `pollMs`, after `first` (a start-up sweep), and whenever woken; never two at once
 * (a wake during a run runs it once more after). A closed database ends the loop; other errors are a
 * warning and the next poll tries again (the database may be back by then).
 */
export function jobLoop(
  label: string,
  work: () => Promise<unknown>,
  pollMs: number,
  first: () => Promise<unknown> = async () => {},
): JobLoop {
  let running = false;
  let again = false;
  let stopped = false;
  const settle = (run: Promise<unknown>, what: string) =>
    run
      .catch((error: unknown) => {
        const message = (error as Error).message;
        if (/destroyed|closed/i.test(message)) loop.stop();
        else console.warn(`${label}${what}: ${message}`);
      })
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          wake();
        }
      });
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void settle(work(), '');
  };
  const timer = setInterval(wake, pollMs);
  timer.unref();
  const loop: JobLoop = {
    wake,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
  running = true;
  again = true;
  void settle(first(), ', start-up sweep');
  return loop;
}
