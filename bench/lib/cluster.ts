/**
 * `npm run bench -- --cluster` (issue 25): the site as 1, 2 and 4 app servers behind nginx on one PostgreSQL
 * (deploy/local-cluster.sh), each loaded by the same mixed workload (bench/lib/mixed-load.ts): 300 visitors at
 * once for 60 s and one editor saving every second. Writes bench/results-cluster.json and prints a table.
 *
 * The cluster runs from a copy of the app in .bench-data/cluster/app, built once: a server started in a working
 * tree whose app/ is newer than its build builds again, and four of them would do it at once.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SNAPSHOT_ENTRIES } from '../../tests/e2e/support/paths';
import { DATA_DIR, ensureDataDir } from './database';
import type { LoadSettings } from './load';
import { type ProcEntry, parseStat, treeTicks } from './mixed-figures';
import { checkVisit, type MixedFigures, openEditor, readSite, runMixedLoad, visitSteps } from './mixed-load';
import { freePort, ROOT, runCommand, type Spawned, spawnGroup, waitUntilUp } from './processes';

const CLUSTER_DIR = path.join(DATA_DIR, 'cluster');
/** The copy of the app the clusters serve (built here once). */
const SNAPSHOT = path.join(CLUSTER_DIR, 'app');
/** local-cluster.sh's CLUSTER_DATA: PostgreSQL's files (new for each run), the pictures (kept), nginx, logs. */
const CLUSTER_DATA = path.join(CLUSTER_DIR, 'data');
const REACT_ROUTER = path.join(ROOT, 'node_modules/.bin/react-router');

/** A start seeds a new database (and draws the demo's pictures the first time). */
const START_TIMEOUT_MS = 600_000;
/** local-cluster.sh stops its servers, nginx and PostgreSQL on SIGTERM. */
const STOP_TIMEOUT_MS = 60_000;

export interface ClusterBenchOptions {
  /** App servers of each run, in order (1, 2, 4). */
  servers: number[];
  load: LoadSettings;
  /** Copy and build the app again (else the copy of the last cluster run is served, if there is one). */
  build: boolean;
  outFile: string;
  /** Prints a Markdown table (run.ts's). */
  drawTable(head: string[], body: string[][]): void;
}

export interface ClusterRun extends MixedFigures {
  servers: number;
  /** From starting local-cluster.sh to nginx answering (a new database seeded meanwhile). */
  startSeconds: number;
  loadAverage: { atStart: number[]; atEnd: number[] };
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** A copy of what the app needs to build and run, built; the last one is reused unless `build`. */
async function prepareSnapshot(build: boolean): Promise<void> {
  const built = path.join(SNAPSHOT, 'build/server/index.js');
  if (!build && fs.existsSync(built)) {
    console.log(`cluster: serving the copy built ${new Date(fs.statSync(built).mtimeMs).toISOString()} (--no-build)`);
    return;
  }
  const t = performance.now();
  fs.rmSync(SNAPSHOT, { recursive: true, force: true });
  for (const entry of SNAPSHOT_ENTRIES) {
    const from = path.join(ROOT, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(SNAPSHOT, entry), { recursive: true });
  }
  console.log('cluster: react-router build of a copy of the app…');
  await runCommand(REACT_ROUTER, ['build', SNAPSHOT]);
  console.log(`cluster: copied and built in ${seconds(t)} s (${path.relative(ROOT, SNAPSHOT)})`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive free ports (local-cluster.sh numbers its app servers from APP_PORT). */
async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    if (first + count > 65_535) continue;
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => isFree(first + 1 + i)));
    if (rest.every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

interface Cluster {
  proc: Spawned;
  origin: string;
  logs: string;
}

/** local-cluster.sh N on free ports with a new database (the pictures of the last run kept). */
async function startCluster(servers: number): Promise<Cluster> {
  for (const stale of ['pg', 'nginx', 'logs'])
    fs.rmSync(path.join(CLUSTER_DATA, stale), { recursive: true, force: true });
  const appPort = await freePortRun(servers);
  const [pgPort, nginxPort] = [await freePort(), await freePort()];
  const ports = new Set([pgPort, nginxPort, ...Array.from({ length: servers }, (_, i) => appPort + i)]);
  if (ports.size !== servers + 2) throw new Error('the OS gave a port twice');
  const proc = spawnGroup(
    `cluster-${servers}`,
    'bash',
    [path.join(SNAPSHOT, 'deploy/local-cluster.sh'), String(servers)],
    {
      env: {
        ...process.env,
        PG_PORT: String(pgPort),
        NGINX_PORT: String(nginxPort),
        APP_PORT: String(appPort),
        CLUSTER_DATA,
        SKIP_BUILD: '1',
      },
      logFile: path.join(CLUSTER_DIR, `local-cluster-${servers}.log`),
    },
  );
  const origin = `http://127.0.0.1:${nginxPort}`;
  await waitUntilUp(proc, `${origin}/robots.txt`, START_TIMEOUT_MS);
  return { proc, origin, logs: path.join(CLUSTER_DATA, 'logs') };
}

/** SIGTERM to the script's group (it stops its servers, nginx and PostgreSQL), then its logs kept by run. */
async function stopCluster(cluster: Cluster, servers: number): Promise<void> {
  const { child } = cluster.proc;
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGTERM');
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_TIMEOUT_MS).unref());
    if ((await Promise.race([gone, timer])) === 'late') console.error(`cluster-${servers}: did not stop in time`);
  }
  await cluster.proc.stop();
  const kept = path.join(CLUSTER_DIR, `logs-${servers}`);
  fs.rmSync(kept, { recursive: true, force: true });
  if (fs.existsSync(cluster.logs)) fs.renameSync(cluster.logs, kept);
}

/**
 * CPU time (user + system, ms) used so far by one cluster: the script's processes (its app servers) and the
 * daemons it started with its data folder in their command line (PostgreSQL, nginx), with their children.
 * Linux only (/proc); undefined elsewhere.
 */
function clusterCpuMs(scriptPid: number | undefined): number | undefined {
  if (scriptPid === undefined || process.platform !== 'linux') return undefined;
  const procs: ProcEntry[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      procs.push(parseStat(Number(name), stat, fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ')));
    } catch {
      // Ended meanwhile.
    }
  }
  // USER_HZ is 100 on every Linux this runs on (as in processes.ts).
  return treeTicks(procs, (p) => p.pid === scriptPid || p.cmdline.includes(CLUSTER_DATA)) * 10;
}

const num = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';

/** Everything that went wrong in a run, counted: non-2xx, refused writes, connection errors (timeouts among them), failed saves. */
const errorsOf = (r: MixedFigures) => r.non2xx + r.refused + r.errors + r.editor.failed;

function printRuns(runs: ClusterRun[], opts: ClusterBenchOptions, visitRequests: number) {
  console.log('');
  opts.drawTable(
    [
      'app servers',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'timeouts',
      'editor saves',
      'save p99 ms',
      'server CPU ms/req',
      'CPUs busy',
      'load avg',
    ],
    runs.map((r) => [
      String(r.servers),
      num(r.requestsPerSecond),
      num(r.latencyMs.p50, 1),
      num(r.latencyMs.p99, 1),
      num(errorsOf(r)),
      num(r.non2xx),
      num(r.timeouts),
      num(r.editor.saves),
      num(r.editor.latencyMs.p99, 1),
      r.serverCpuMsPerRequest === undefined ? '-' : num(r.serverCpuMsPerRequest, 2),
      `${num(r.coresBusy.machine, 2)} (cluster ${r.coresBusy.servers === undefined ? '-' : num(r.coresBusy.servers, 2)})`,
      `${r.loadAverage.atStart[0]} → ${r.loadAverage.atEnd[0]}`,
    ]),
  );
  console.log('\nper kind of request: req/s, p99 ms');
  const kinds = runs[0]?.kinds.map((k) => k.kind) ?? [];
  opts.drawTable(
    ['kind', ...runs.map((r) => `${r.servers} server${r.servers > 1 ? 's' : ''}`)],
    kinds.map((kind) => [
      kind,
      ...runs.map((r) => {
        const k = r.kinds.find((x) => x.kind === kind);
        return k ? `${num(k.requestsPerSecond)} · ${num(k.latencyMs.p99, 1)}` : '-';
      }),
    ]),
  );
  const { connections, durationSeconds, warmupSeconds } = opts.load;
  console.log(
    `\n(${connections} connections through nginx, ${warmupSeconds} s warm-up + ${durationSeconds} s; each connection repeats a ` +
      `visit of ${visitRequests} requests as a new visitor; one editor saves a published post every second. ` +
      'errors: non-2xx, 2xx answers refusing a write, connection errors and timeouts (10 s), failed saves. server CPU: user + ' +
      'system time of the app servers, PostgreSQL and nginx over the measured run, per response. CPUs busy: the whole ' +
      `machine (${os.cpus().length} CPUs: load generator, nginx, app servers and PostgreSQL share them), and the cluster's share)`,
  );
}

/** Starts each cluster in turn, loads it, stops it; writes the figures (`ok: false` and `failures` when any went wrong). */
export async function runClusterBench(opts: ClusterBenchOptions): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadAverage();
  ensureDataDir();
  fs.mkdirSync(CLUSTER_DATA, { recursive: true });
  await prepareSnapshot(opts.build);

  const runs: ClusterRun[] = [];
  const failures: string[] = [];
  let visitLength = 0;
  for (const servers of opts.servers) {
    let cluster: Cluster | undefined;
    try {
      const t = performance.now();
      console.log(`\ncluster: ${servers} app server${servers > 1 ? 's' : ''}: starting (new database)…`);
      cluster = await startCluster(servers);
      const startSeconds = seconds(t);
      console.log(`cluster: up in ${startSeconds} s at ${cluster.origin}`);
      const site = await readSite(cluster.origin);
      visitLength = visitSteps(site).length;
      const problems = await checkVisit(cluster.origin, site);
      if (problems.length) throw new Error(`a visit's requests failed before the load:\n  ${problems.join('\n  ')}`);
      const editor = await openEditor(cluster.origin);
      const atStart = loadAverage();
      process.stdout.write(
        `load: ${opts.load.connections} visitors, ${opts.load.warmupSeconds} s warm-up + ${opts.load.durationSeconds} s… `,
      );
      const pid = cluster.proc.child.pid;
      const figures = await runMixedLoad(cluster.origin, site, editor, opts.load, () => clusterCpuMs(pid));
      const run: ClusterRun = { servers, startSeconds, loadAverage: { atStart, atEnd: loadAverage() }, ...figures };
      console.log(
        `${num(run.requestsPerSecond)} req/s, p99 ${num(run.latencyMs.p99, 1)} ms, ${errorsOf(run)} errors, ` +
          `${run.editor.saves} saves`,
      );
      for (const p of [...run.problems, ...run.editor.problems]) console.log(`  ${p}`);
      runs.push(run);
      const warm = run.warmup;
      if (errorsOf(run) + warm.non2xx + warm.refused + warm.errors > 0) {
        failures.push(
          `${servers} servers: ${run.non2xx} non-2xx, ${run.refused} refused, ${run.errors} errors (${run.timeouts} timeouts), ` +
            `${run.editor.failed} failed saves (warm-up: ${warm.non2xx} non-2xx, ${warm.refused} refused, ${warm.errors} errors); ` +
            `status codes ${JSON.stringify(run.statusCodes)}`,
        );
      }
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      console.error(`BROKEN ${servers} servers: ${problem}`);
      failures.push(`${servers} servers: not measured: ${problem}`);
    } finally {
      if (cluster) await stopCluster(cluster, servers);
    }
  }

  printRuns(runs, opts, visitLength);
  const results = {
    schema: 1,
    ok: failures.length === 0,
    failures,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      node: process.version,
      loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
    },
    settings: {
      ...opts.load,
      servers: opts.servers,
      visitRequests: visitLength,
      setup:
        'deploy/local-cluster.sh N from a built copy of the app: its own PostgreSQL (a new database seeded with the demo ' +
        'school for each N), N app servers (WEB_CONCURRENCY=1, page cache on), nginx in front (deploy/nginx.conf.template); ' +
        'the load generator, nginx, the servers and PostgreSQL on this one machine',
    },
    notes: {
      visit:
        'each connection repeats one visit (bench/lib/mixed-load.ts visitSteps), a new visitor with its own address ' +
        '(x-forwarded-for, which nginx passes on and the app takes from its loopback proxy) and guest id each time: ' +
        '/, two live searches, /berita/, load more (ecsload), a news post, /galeri/, /ekskul/, two filter calls, a filtered ' +
        '/ekskul/ page, an activity page, its reviews list, a REST nonce (as the client asks for one before writing), a like, ' +
        'a review, another news post, load more, a search, a dislike, /',
      latency:
        'nearest rank over every response time of the measured run (all kinds; per kind in kinds[]); the editor: its save posts',
      errors:
        'non2xx: answers outside 2xx; refused: 2xx answers that did not do the write (a vote or review not stored, no nonce); ' +
        'errors: autocannon’s connection errors, timeouts (10 s) among them; editor.failed: saves not answered by the redirect to the saved post',
      editor:
        'the demo editor signed in through nginx, saving the newest published news post every second (its form as loaded, ' +
        'the content changed each time), then loading the form again as the browser does after the redirect',
      serverCpu:
        'serverCpuMsPerRequest: user + system CPU of the cluster (the script and its app servers, PostgreSQL and nginx ' +
        'with their children, from /proc) during the measured run, per response (the editor’s included)',
      coresBusy:
        'machine: CPUs busy on the whole machine (/proc/stat) during the measured run; servers: the cluster’s; client: the ' +
        'load generator (this process)',
    },
    runs,
    runSeconds: Math.round((performance.now() - started) / 1000),
  };
  fs.writeFileSync(opts.outFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\nmachine: ${os.cpus().length} CPUs, Node ${process.version}; load average ${loadAtStart.join(' ')} at start, ` +
      `${loadAverage().join(' ')} now\nwrote ${path.relative(ROOT, opts.outFile)} in ${seconds(started)} s in all`,
  );
  if (failures.length) {
    for (const f of failures) console.error(`FAILED ${f}`);
    console.error(`see the logs in ${path.relative(ROOT, CLUSTER_DIR)}/logs-N/`);
    process.exitCode = 1;
  }
}
