/**
 * `npm run bench`: builds, seeds a bench database with 100,000 synthetic rows (reused on later
 * runs), starts the production server twice on loopback (page cache on and off) next to a minimal
 * static server answering the same bytes of `/` (the ceiling), loads each scenario with autocannon,
 * measures the home page's JavaScript (from its HTML, and as a phone's Chromium downloads it), runs
 * Lighthouse's mobile audit on the main pages, prints a table with the targets and writes bench/results.json.
 *
 *   npm run bench -- [--pg] [--rows N] [--duration S] [--warmup S] [--connections C]
 *                    [--only id,id] [--out FILE] [--reseed] [--no-build] [--no-lighthouse]
 *   npm run bench -- --cluster [--servers 1,2,4] [--duration S] [--warmup S] [--connections C] [--out FILE] [--no-build]
 *
 * --pg (or BENCH_DATABASE_URL=postgres://…) runs on PostgreSQL in the schema bench_<N> and writes
 * bench/results-postgres.json; --only writes bench/results-partial.json (both untracked).
 * Lighthouse runs unless --no-lighthouse, or --only without `lighthouse` in its list.
 * Exit status 1 when a scenario answered anything but 2xx or could not run; a missed target is a
 * figure to report, not a failure. Scenarios and targets are lists in bench/lib/scenarios.ts.
 * --cluster (issue 25) runs the site as 1, 2 and 4 app servers behind nginx on PostgreSQL instead, each under
 * 300 visitors' mixed workload for 60 s and an editor saving every second (bench/lib/cluster.ts), and writes
 * bench/results-cluster.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runClusterBench } from './lib/cluster';
import {
  type BenchDatabase,
  DATA_DIR,
  DEFAULT_PG_URL,
  ensureDataDir,
  prepareDatabase,
  UPLOADS_DIR,
} from './lib/database';
import { readFilterIndexFigures } from './lib/filter-index';
import { type JsFigures, measurePageJs } from './lib/home-js';
import { IMAGE_FIGURE_ID, IMAGE_FIGURE_TITLE, measureImageFigure } from './lib/image-figure';
import {
  LIGHTHOUSE_ID,
  LIGHTHOUSE_MIN_SCORE,
  type LighthouseFigures,
  type LighthousePage,
  measureLighthouse,
} from './lib/lighthouse';
import { type LoadSettings, measure, type RequestSpec, succeeded } from './lib/load';
import { measurePhoneJs, type PhoneJsFigures } from './lib/phone-js';
import {
  freePort,
  groupCpuMs,
  ROOT,
  runCommand,
  type Spawned,
  spawnGroup,
  stopAll,
  TSX,
  waitUntilUp,
} from './lib/processes';
import { ensureBenchReviews } from './lib/reviews';
import {
  ask,
  type BenchContext,
  evaluateTargets,
  type MeasuredScenario,
  SCENARIOS,
  type ServerName,
  type TargetResult,
} from './lib/scenarios';
import { removeBenchPosts } from './lib/staff';

const USAGE =
  'usage: npm run bench -- [--pg] [--rows N] [--duration S] [--warmup S] [--connections C] [--only id,id] [--out FILE] [--reseed] [--no-build] [--no-lighthouse]\n' +
  '       npm run bench -- --cluster [--servers 1,2,4] [--duration S] [--warmup S] [--connections C] [--out FILE] [--no-build]';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    rows: { type: 'string' },
    // Defaults by mode below: the scenarios' 8 s, 5 s and 10, the cluster's 60 s, 10 s and 300.
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    servers: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} wants a positive number, not "${text}"\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const load: LoadSettings = {
  connections: Math.round(positive('connections', args.connections ?? (args.cluster ? '300' : '10'))),
  durationSeconds: positive('duration', args.duration ?? (args.cluster ? '60' : '8')),
  warmupSeconds: positive('warmup', args.warmup ?? (args.cluster ? '10' : '5')),
};
// The cluster bench has its own database (PostgreSQL, the demo school) and no scenarios.
if (args.cluster && (args.rows !== undefined || args.only !== undefined || args.reseed)) {
  console.error(`--cluster takes none of --rows, --only, --reseed\n${USAGE}`);
  process.exit(2);
}
if (args.servers !== undefined && !args.cluster) {
  console.error(`--servers goes with --cluster\n${USAGE}`);
  process.exit(2);
}
const clusterServers = (args.servers ?? '1,2,4').split(',').map((s) => Math.round(positive('servers', s.trim())));
const rows = Math.round(positive('rows', args.rows ?? '100000'));
const pgUrl = process.env.BENCH_DATABASE_URL ?? (args.pg ? DEFAULT_PG_URL : undefined);
const dialect = pgUrl && /^postgres(ql)?:\/\//.test(pgUrl) ? 'postgres' : 'sqlite';
const only = args.only ? new Set(args.only.split(',').map((s) => s.trim())) : null;
/** Figures --only can name besides the scenarios: they are measured apart from the load. */
const FIGURE_IDS = [IMAGE_FIGURE_ID, LIGHTHOUSE_ID];
if (only) {
  const unknown = [...only].filter((id) => !FIGURE_IDS.includes(id) && !SCENARIOS.some((s) => s.id === id));
  if (unknown.length) {
    console.error(
      `unknown scenario ${unknown.join(', ')}; known: ${[...SCENARIOS.map((s) => s.id), ...FIGURE_IDS].join(', ')}`,
    );
    process.exit(2);
  }
}
// Lighthouse takes a minute or two of the machine: on in a full run, and in a partial one that names it.
const runLighthouse = !args['no-lighthouse'] && (!only || only.has(LIGHTHOUSE_ID));
// A partial or PostgreSQL run does not replace the committed SQLite figures unless asked to.
const outFile = args.out
  ? path.resolve(args.out)
  : path.join(
      ROOT,
      only
        ? 'bench/results-partial.json'
        : dialect === 'postgres'
          ? 'bench/results-postgres.json'
          : 'bench/results.json',
    );

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function startApp(
  name: ServerName,
  db: BenchDatabase,
  pageCache: boolean,
): Promise<{ proc: Spawned; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const proc = spawnGroup(name, TSX, ['scripts/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      UPLOADS_DIR,
      PAGE_CACHE: pageCache ? 'on' : 'off',
    },
    logFile: path.join(DATA_DIR, `server-${name}.log`),
  });
  const t = performance.now();
  await waitUntilUp(proc, `${origin}/`, 300_000);
  console.log(`server ${name}: ${origin} up in ${seconds(t)} (log ${path.relative(ROOT, proc.logFile)})`);
  return { proc, origin };
}

async function startStatic(body: Buffer, contentType: string): Promise<{ proc: Spawned; origin: string }> {
  const file = path.join(DATA_DIR, 'ceiling.html');
  fs.writeFileSync(file, body);
  let announce: (port: number) => void = () => {};
  const portKnown = new Promise<number>((resolve) => {
    announce = resolve;
  });
  let out = '';
  const proc = spawnGroup('static', TSX, ['bench/static-server.ts', file, contentType], {
    logFile: path.join(DATA_DIR, 'server-static.log'),
    onStdout(text) {
      out += text;
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) announce(Number(m[1]));
    },
  });
  const exited = new Promise<never>((_, reject) =>
    proc.child.on('exit', (code) => reject(new Error(`static server exited (${code}):\n${proc.tail()}`))),
  );
  const port = await Promise.race([portKnown, exited]);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilUp(proc, `${origin}/`, 10_000);
  console.log(`server static: ${origin} (${body.length} bytes of /)`);
  return { proc, origin };
}

function buildStamp(): number {
  try {
    return fs.statSync(path.join(ROOT, 'build/server/index.js')).mtimeMs;
  } catch {
    return 0;
  }
}

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));
const num = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';

/** A Markdown table: the first column left-aligned, the figures right-aligned. */
function drawTable(head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => pad(c, widths[i] as number, i > 0)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i > 0 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const r of body) console.log(line(r));
}

const kB = (bytes: number) => num(bytes / 1000, 1);

function printPhoneJs(phone: PhoneJsFigures) {
  const { width, height } = phone.viewport;
  console.log(
    `\nphone JavaScript until network idle (Chromium, ${width} × ${height}, mobile, touch; each script gzipped at level 9):`,
  );
  drawTable(
    ['page', 'scripts', 'after load', 'kB raw', 'kB gzip'],
    phone.pages.map((p) => [
      p.unsettled ? `${p.path} (still loading scripts)` : p.path,
      num(p.scripts),
      num(p.files.filter((f) => f.afterLoad).length),
      kB(p.rawBytes),
      kB(p.gzipBytes),
    ]),
  );
  const home = phone.pages.find((p) => p.path === '/');
  if (home) {
    const biggest = [...home.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
    console.log(`  biggest on /: ${biggest.map((f) => `${f.url} ${kB(f.gzipBytes)} kB`).join(', ')}`);
  }
}

function printLighthouse(lh: LighthouseFigures, minScore: number) {
  const { throttling, throttlingMethod, formFactor } = lh.settings;
  console.log(
    `\nLighthouse ${lh.lighthouseVersion}, ${formFactor} (${throttlingMethod}: ${throttling?.rttMs} ms RTT, ` +
      `${num((throttling?.throughputKbps ?? 0) / 1000, 1)} Mbit/s, CPU ${throttling?.cpuSlowdownMultiplier}× slower; ` +
      `this machine's benchmark index ${lh.benchmarkIndex}), page cache on:`,
  );
  drawTable(
    ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'],
    lh.pages.map((p) => [
      p.retriedAfter ? `${p.path} (2nd try)` : p.path,
      num(p.score),
      num(p.fcpMs),
      num(p.lcpMs),
      num(p.tbtMs),
      num(p.cls, 3),
      num(p.speedIndexMs),
    ]),
  );
  for (const p of lh.pages.filter((page) => page.score < minScore)) printFindings(p);
}

function printFindings(p: LighthousePage) {
  const named = p.findings.slice(0, 3).map((f) => (f.displayValue ? `${f.title} (${f.displayValue})` : f.title));
  console.log(`  ${p.path} (${p.score}): ${named.join('; ') || 'Lighthouse names nothing to fix'}`);
}

function printTable(
  scenarios: MeasuredScenario[],
  figures: { js?: JsFigures; phone?: PhoneJsFigures; lighthouse?: LighthouseFigures },
  targets: TargetResult[],
  broken: Array<{ title: string }>,
) {
  const { js, phone, lighthouse } = figures;
  const head = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'server CPU ms/req'];
  const body = [
    ...scenarios.map((s) => [
      s.title,
      num(s.requestsPerSecond),
      num(s.latencyMs.p50),
      num(s.latencyMs.p95, 1),
      num(s.latencyMs.p99),
      num(s.non2xx + s.errors + s.timeouts),
      s.serverCpuMsPerRequest === undefined ? '-' : num(s.serverCpuMsPerRequest, 2),
    ]),
    ...broken.map((b) => [b.title, 'BROKEN', '-', '-', '-', '-', '-']),
  ];
  console.log('');
  drawTable(head, body);
  console.log(
    `\n(${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.durationSeconds} s each, accept-encoding: gzip; ` +
      "p50/p99 are autocannon's (1 ms steps), p95 from every successful response time (2xx, or the redirect a form post expects); non-2xx counts other answers, errors and timeouts; " +
      "server CPU: user + system time of the server's processes over the measured run, per request)",
  );
  for (const s of scenarios) {
    if (s.coresBusy.client >= 0.8) {
      console.log(
        `note: ${s.title}: autocannon kept ${s.coresBusy.client} of a core busy (the server ${s.coresBusy.server ?? '?'}): ` +
          'this row measures the load generator as much as the server',
      );
    }
  }
  if (js) {
    console.log(
      `\nhome page JavaScript: ${js.files.length} files, ${num(js.rawBytes / 1000, 1)} kB raw, ` +
        `${num(js.gzipBytes / 1000, 1)} kB = ${num(js.gzipBytes / 1024, 1)} KiB gzip (level 9, each file); ` +
        `${js.inline.count} inline scripts, ${num(js.inline.rawBytes / 1000, 1)} kB raw / ${num(js.inline.gzipBytes / 1000, 1)} kB gzip in the HTML`,
    );
    if (js.notPreloaded.length) console.log(`  imported but not modulepreloaded: ${js.notPreloaded.join(', ')}`);
  }
  if (phone) printPhoneJs(phone);
  if (lighthouse) printLighthouse(lighthouse, LIGHTHOUSE_MIN_SCORE);
  console.log('\ntargets:');
  for (const t of targets) {
    console.log(
      `  ${t.pass ? 'PASS' : 'FAIL'}  ${t.title}: ${num(t.value, 1)} ${t.unit} (limit ${t.comparison} ${t.limit})`,
    );
  }
}

async function main() {
  const started = performance.now();
  const loadAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  if ((loadAtStart[0] ?? 0) > os.cpus().length) {
    console.log(
      `warning: load average ${loadAtStart[0]} on ${os.cpus().length} CPUs: other work is running, req/s will be low ` +
        '(server CPU per request is the steadier figure)',
    );
  }
  ensureDataDir();
  // The image figure runs in this process: asked for alone, it needs no build, database or servers.
  if (only && [...only].every((id) => id === IMAGE_FIGURE_ID)) return imageFigureAlone(started);

  if (!args['no-build']) {
    const t = performance.now();
    console.log('build: npm run build…');
    await runCommand(path.join(ROOT, 'node_modules/.bin/react-router'), ['build']);
    console.log(`build: done in ${seconds(t)}`);
  }

  const db = await prepareDatabase({ dialect, synthetic: rows, pgUrl: pgUrl ?? DEFAULT_PG_URL, reseed: args.reseed });
  // Before the servers start: the reviews scenarios' 10,000 reviews on one activity.
  const reviewSourceId = await ensureBenchReviews(db);
  await removeBenchPosts(db);

  const procs: Spawned[] = [];
  try {
    // One after the other: a start may rebuild (app/ newer than build/) and seeds on first start.
    const stamp = buildStamp();
    let off = await startApp('cache-off', db, false);
    procs.push(off.proc);
    const on = await startApp('cache-on', db, true);
    procs.push(on.proc);
    if (buildStamp() !== stamp) {
      // The second start rebuilt (someone changed app/): the first one serves a build that is gone.
      console.log('build changed while starting: restarting the cache-off server');
      await off.proc.stop();
      off = await startApp('cache-off', db, false);
      procs.push(off.proc);
    }

    const home = await fetch(`${off.origin}/`, { headers: { 'accept-encoding': 'identity' } });
    if (home.status !== 200) throw new Error(`/ answered ${home.status} on the cache-off server`);
    const homeBytes = Buffer.from(await home.arrayBuffer());
    const contentType = home.headers.get('content-type') ?? 'text/html; charset=utf-8';
    const ceiling = await startStatic(homeBytes, contentType);
    procs.push(ceiling.proc);

    const ctx: BenchContext = {
      origins: { static: ceiling.origin, 'cache-on': on.origin, 'cache-off': off.origin },
      reviewSourceId,
      database: db,
    };
    const servers: Record<ServerName, Spawned> = { static: ceiling.proc, 'cache-on': on.proc, 'cache-off': off.proc };

    // Another `react-router build` while the servers run (a colleague's, a second bench) swaps their
    // assets: pages then load without their scripts and the browser figures mean nothing. Checked at the end.
    const servedBuild = buildStamp();
    const homeJs = await measurePageJs(`${off.origin}/`, homeBytes.toString('utf8'));
    const broken: Array<{ id: string; title: string; problem: string }> = [];
    const phoneJs = await measurePhoneJsOrNote(off.origin, broken);
    // Each server process builds its filter index at start and logs its size and time (issue 24).
    const filterIndex = await readFilterIndexFigures(off.proc.logFile, os.availableParallelism());
    if (filterIndex) {
      console.log(
        `filter index: ${filterIndex.megabytes} MB, built in ${filterIndex.buildMs} ms (largest of ${filterIndex.processes.length} processes)`,
      );
    } else {
      broken.push({ id: 'filter-index', title: 'filter index', problem: 'no "filter index: … built" line in the log' });
    }

    const chosen = SCENARIOS.filter((s) => !only || only.has(s.id));
    // Every request is built and checked before any load: a broken scenario shows in seconds. It is
    // left out of the load (the others are still measured) and fails the run.
    const prepared: Array<{ s: (typeof SCENARIOS)[number]; req: RequestSpec }> = [];
    for (const s of chosen) {
      try {
        const req = await s.request(ctx);
        const answer = await ask(ctx.origins[s.server], req);
        const problem = !succeeded(req, answer.status) ? `answered ${answer.status}` : await s.check?.(answer, ctx);
        if (problem) {
          const excerpt = answer.body.slice(0, 300).replace(/\s+/g, ' ');
          throw new Error(`${req.method} ${req.path} ${problem}: ${excerpt}`);
        }
        prepared.push({ s, req });
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        console.error(`BROKEN ${s.id}: ${problem}`);
        broken.push({ id: s.id, title: s.title, problem });
      }
    }

    const measured: MeasuredScenario[] = [];
    for (const { s, req } of prepared) {
      process.stdout.write(`load: ${s.title}… `);
      const pgid = servers[s.server].child.pid;
      const settings = s.connections ? { ...load, connections: s.connections } : load;
      await s.before?.(ctx);
      const figures = await measure(ctx.origins[s.server], req, settings, () => groupCpuMs(pgid));
      console.log(`${num(figures.requestsPerSecond)} req/s`);
      measured.push({
        id: s.id,
        title: s.title,
        server: s.server,
        method: req.method,
        path: req.path,
        connections: settings.connections,
        ...figures,
      });
    }

    // After the load (nothing else runs meanwhile: Lighthouse's blocking time is CPU time), on the
    // server a visitor gets by default, page cache on.
    const lighthouse = runLighthouse ? await runLighthouseOrNote(on.origin, broken) : undefined;

    if (buildStamp() !== servedBuild) {
      const problem = 'build/ was rebuilt while the servers ran: figures may mix two builds or miss scripts; run again';
      console.error(`BROKEN build: ${problem}`);
      broken.push({ id: 'build', title: 'build replaced during the run', problem });
    }

    const image = !only || only.has(IMAGE_FIGURE_ID) ? await measureImageFigure() : undefined;
    if (image) console.log(`image: ${IMAGE_FIGURE_TITLE}: ${image.ms} ms`);
    const targets = evaluateTargets({
      scenarios: measured,
      homeJs,
      phoneJs,
      lighthouse,
      image,
      filterIndex: filterIndex ?? undefined,
    });
    printTable(measured, { js: homeJs, phone: phoneJs, lighthouse }, targets, broken);
    console.log(
      `\nmachine: ${os.cpus().length} CPUs, Node ${process.version}, ${db.dialect} with ${db.postsAndGallery} posts, gallery items and activities; ` +
        `load average ${loadAtStart.join(' ')} at start, ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')} now`,
    );

    // A run fails on any non-2xx, connection error or timeout, and on a scenario that could not be run.
    const failures = [
      ...measured
        .filter((s) => s.non2xx + s.errors + s.timeouts + s.warmup.non2xx + s.warmup.errors > 0)
        .map(
          (s) =>
            `${s.id}: ${s.non2xx} non-2xx, ${s.errors} errors, ${s.timeouts} timeouts (warm-up: ${s.warmup.non2xx} non-2xx, ` +
            `${s.warmup.errors} errors); status codes ${JSON.stringify(s.statusCodes)}`,
        ),
      ...broken.map((b) => `${b.id}: not measured: ${b.problem}`),
    ];
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
        // Other work on the machine skews the figures: the 1/5/15-minute load averages.
        loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((n) => Math.round(n * 100) / 100) },
      },
      settings: { ...load, headers: { 'accept-encoding': 'gzip' }, host: '127.0.0.1' },
      database: {
        dialect: db.dialect,
        location: db.location,
        syntheticRows: db.synthetic,
        postsAndGallery: db.postsAndGallery,
        reused: db.reused,
      },
      notes: {
        latency:
          'latencyMs.p50/p90/p97_5/p99/max/average: autocannon histogram of 2xx responses (whole ms); ' +
          'p95: nearest rank over every 2xx response time of the measured run (autocannon response event)',
        serverCpu:
          'serverCpuMsPerRequest: user + system CPU of the server process group (/proc) during the measured run, per response; ' +
          'clientCpuMsPerRequest: the same for autocannon in the bench process. On PostgreSQL the database ' +
          'server’s own CPU is not included',
        ceiling: 'home-static: node:http answering the cache-off server’s bytes of / (gzipped once, level 6)',
        homeJs: 'external scripts, module imports, modulepreloads and their static imports; each gzipped at level 9',
        phoneJs:
          'every script response (resource type script, or a JavaScript content type; lazy chunks included) Chromium ' +
          'received loading the page in a fresh 390 × 844 mobile touch context, until network idle and 1 s with no ' +
          'new script request; each body gzipped here at level 9; afterLoad: asked for after the load event',
        lighthouse:
          "Lighthouse's default (mobile) config, performance category only, one fresh Chromium per page, against " +
          'the page-cache-on server after the load scenarios; score as Lighthouse shows it (0-100); findings: the ' +
          "report's failing insights and diagnostics, largest estimated gain first",
      },
      scenarios: measured,
      broken,
      homeJs,
      ...(phoneJs ? { phoneJs } : {}),
      ...(filterIndex ? { filterIndex } : {}),
      ...(lighthouse ? { lighthouse } : {}),
      ...(image ? { image } : {}),
      targets,
      runSeconds: Math.round((performance.now() - started) / 1000),
    };
    // Written even when the run failed (ok: false says so): git shows the change before anyone commits it.
    fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(ROOT, outFile)} in ${seconds(started)} in all`);
    if (failures.length) {
      for (const f of failures) console.error(`FAILED ${f}`);
      console.error('see the server logs in .bench-data/server-*.log');
      process.exitCode = 1;
    }
  } finally {
    await stopAll(procs);
  }
}

/** The phone figure, or a broken entry saying why it is missing (the run then fails; the rest is measured). */
async function measurePhoneJsOrNote(
  origin: string,
  broken: Array<{ id: string; title: string; problem: string }>,
): Promise<PhoneJsFigures | undefined> {
  const t = performance.now();
  try {
    const phone = await measurePhoneJs(origin);
    console.log(`phone JavaScript: ${phone.pages.length} pages in ${seconds(t)}`);
    return phone;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    console.error(`BROKEN phone-js: ${problem}`);
    broken.push({ id: 'phone-js', title: 'phone JavaScript until network idle', problem });
    return undefined;
  }
}

/** Lighthouse on each page in turn; a page it could not audit becomes a broken entry. */
async function runLighthouseOrNote(
  origin: string,
  broken: Array<{ id: string; title: string; problem: string }>,
): Promise<LighthouseFigures | undefined> {
  const t = performance.now();
  process.stdout.write('lighthouse:');
  const { figures, failed } = await measureLighthouse(origin, undefined, (p) =>
    process.stdout.write(` ${p.path} ${p.score}`),
  );
  console.log(` (${seconds(t)})`);
  for (const f of failed) {
    console.error(`BROKEN lighthouse ${f.path}: ${f.problem}`);
    broken.push({ id: LIGHTHOUSE_ID, title: `Lighthouse ${f.path}`, problem: `${f.path}: ${f.problem}` });
  }
  return figures;
}

/** `--only image-12mp`: the gallery upload's processing of a 12-megapixel JPEG, and its target. */
async function imageFigureAlone(started: number) {
  const image = await measureImageFigure();
  // Only the image target: the others (the home page's JavaScript among them) were not measured.
  const targets = evaluateTargets({ scenarios: [], homeJs: { gzipBytes: 0 } as JsFigures, image }).filter(
    (t) => t.id === 'image-12mp-ms',
  );
  console.log(
    `${IMAGE_FIGURE_TITLE}: ${image.ms} ms (median of ${image.runsMs.join(', ')} ms after a warm-up; ` +
      `${image.width} × ${image.height}, ${(image.sourceBytes / 1e6).toFixed(1)} MB, widths ${image.widths.join(', ')}, ${image.files} files)`,
  );
  for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'} ${t.title}: ${t.value} ${t.unit}`);
  const ok = targets.every((t) => t.pass);
  const results = {
    schema: 1,
    ok,
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    image,
    targets,
  };
  fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(ROOT, outFile)} in ${seconds(started)} in all`);
  if (!ok) process.exitCode = 1;
}

const run = args.cluster
  ? () =>
      runClusterBench({
        servers: clusterServers,
        load,
        build: !args['no-build'],
        outFile: args.out ? path.resolve(args.out) : path.join(ROOT, 'bench/results-cluster.json'),
        drawTable,
      })
  : main;

run().catch((error: unknown) => {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
  process.exitCode = 1;
});
