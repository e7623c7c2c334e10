import { expect, test } from 'vitest';
import { coresBusy, latencyOf, parseProcStat, parseStat, treeTicks } from './mixed-figures';

test('latencyOf gives nearest-rank percentiles of unsorted samples', () => {
  const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
  expect(latencyOf(samples)).toEqual({ average: 50.5, p50: 50, p90: 90, p99: 99, max: 100 });
});

test('latencyOf of one sample is that sample; of none, NaN', () => {
  expect(latencyOf([3.25])).toEqual({ average: 3.3, p50: 3.3, p90: 3.3, p99: 3.3, max: 3.3 });
  expect(latencyOf([]).p99).toBeNaN();
});

test('parseProcStat reads the machine line, idle and iowait as idle', () => {
  const stat = 'cpu  100 5 50 800 20 3 2 7 0 0\ncpu0 50 2 25 400 10 1 1 3 0 0\nintr 1\n';
  expect(parseProcStat(stat)).toEqual({ busy: 160, total: 980 });
});

test('coresBusy scales the busy share of the interval to the CPUs', () => {
  expect(coresBusy({ busy: 100, total: 1000 }, { busy: 400, total: 1400 }, 2)).toBe(1.5);
  expect(coresBusy({ busy: 1, total: 1 }, { busy: 1, total: 1 }, 2)).toBeNaN();
});

test('parseStat reads the parent and the ticks of a process and its ended children', () => {
  const stat = '123 (node (x)) S 45 123 123 0 -1 4194560 1 0 0 0 700 300 20 10 20 0 11 0';
  expect(parseStat(123, stat, 'node')).toEqual({ pid: 123, ppid: 45, ticks: 1030, cmdline: 'node' });
});

test('treeTicks sums the roots and their descendants only', () => {
  const procs = [
    { pid: 10, ppid: 1, ticks: 1, cmdline: 'bash local-cluster.sh' },
    { pid: 11, ppid: 10, ticks: 20, cmdline: 'tsx' },
    { pid: 12, ppid: 11, ticks: 300, cmdline: 'node' },
    { pid: 20, ppid: 1, ticks: 4000, cmdline: 'postgres -D /data/pg' },
    { pid: 21, ppid: 20, ticks: 50000, cmdline: 'postgres: backend' },
    { pid: 30, ppid: 1, ticks: 600000, cmdline: 'someone else' },
  ];
  expect(treeTicks(procs, (p) => p.pid === 10 || p.cmdline.includes('/data/pg'))).toBe(54321);
});
