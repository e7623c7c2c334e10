import fs from 'node:fs';
import { env } from './env.server';

/**
 * The time scheduled posts go by. It is the system's clock, unless SCHEDULE_CLOCK_FILE names a file
 * (the e2e suite's controlled clock): then the file's number of milliseconds is added, so a test sees
 * a post appear at its time without waiting for it. A missing or unreadable file adds nothing.
 */
export function scheduleNow(): Date {
  const file = env().SCHEDULE_CLOCK_FILE;
  if (!file) return new Date();
  let ahead = 0;
  try {
    ahead = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    // no file yet: the system's time
  }
  return new Date(Date.now() + (Number.isFinite(ahead) ? ahead : 0));
}
