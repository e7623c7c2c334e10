import { describe, expect, test } from 'vitest';
import { backoffMs, claimAbandoned, claimerId } from './job-claim';

test('retries wait base, 2 × base, 4 × base …', () => {
  expect([1, 2, 3, 4].map((n) => backoffMs(n, 2000))).toEqual([2000, 4000, 8000, 16000]);
  expect(backoffMs(0, 50)).toBe(50);
});

describe('a claim of a process that stopped', () => {
  const me = { host: 'web1', boot: 'b1', pid: 100, instance: 'aaa' };
  const now = new Date('2031-01-01T10:00:00Z');
  const fresh = '2031-01-01T09:59:50.000Z';
  const alive = (pid: number) => pid === 200;
  const claim = (by: string | null, heartbeatAt: string | null = fresh) => ({
    claimedBy: by,
    heartbeatAt,
    claimedAt: heartbeatAt,
  });

  test('on this host a claim is abandoned as soon as its process is gone or restarted', () => {
    expect(claimAbandoned(claim(claimerId({ ...me, pid: 300 })), me, now, alive)).toBe(true);
    expect(claimAbandoned(claim(claimerId({ ...me, pid: 200 })), me, now, alive)).toBe(false);
    expect(claimAbandoned(claim(claimerId(me)), me, now, alive)).toBe(false);
    // The same pid in a new server (a restarted container's pid 1).
    expect(claimAbandoned(claim(claimerId({ ...me, instance: 'bbb' })), me, now, alive)).toBe(true);
  });

  test('another host’s claim holds while its heartbeat does', () => {
    const other = claimerId({ ...me, host: 'web2', pid: 300 });
    expect(claimAbandoned(claim(other), me, now, alive)).toBe(false);
    expect(claimAbandoned(claim(other, '2031-01-01T09:58:59.000Z'), me, now, alive)).toBe(true);
    // This host before a reboot: its processes are gone, but the pid says nothing now; the lease decides.
    expect(claimAbandoned(claim(claimerId({ ...me, boot: 'b0', pid: 300 })), me, now, alive)).toBe(false);
    // A claim from before claimers were recorded, or junk.
    expect(claimAbandoned(claim(null), me, now, alive)).toBe(false);
    expect(claimAbandoned(claim(null, '2031-01-01T09:00:00.000Z'), me, now, alive)).toBe(true);
    expect(claimAbandoned(claim('a|b', null), me, now, alive)).toBe(true);
  });
});
