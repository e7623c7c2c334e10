import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { runPaths, UPLOADS_DIR } from './paths';

/**
 * The site as several servers (issue 25): the run's app snapshot started by its own
 * `deploy/local-cluster.sh N` (a PostgreSQL server of its own, N app servers, nginx in front), on free
 * ports, with its data in the run's folder.
 */
export interface Cluster {
  /** nginx: http://localhost:PORT, what visitors open */
  url: string;
  /** The Host header visitors send (and every server answers for) */
  publicHost: string;
  /** The cluster's PostgreSQL database, as the app servers reach it */
  databaseUrl: string;
  /** The app servers' ports, the first one first */
  appPorts: number[];
  /** The app servers' own addresses, http://127.0.0.1:PORT (each one answers for its own address too) */
  appUrls: string[];
  /** nginx's access log so far, one entry per request, oldest first */
  accessLog(): AccessLogEntry[];
  /** A GET sent straight to one app server (by its port) with the public Host header, as nginx sends it. */
  read(port: number, urlPath: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

/** One line of nginx's access log (the `upstream` format local-cluster.sh writes). */
export interface AccessLogEntry {
  method: string;
  path: string;
  status: number;
  /** The app server that answered, `127.0.0.1:PORT`; null when nginx answered itself (a file, its cache). */
  upstream: string | null;
}

const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 30_000;

/** Why this machine cannot run the cluster (undefined when it can): the script needs nginx and PostgreSQL's initdb. */
export function clusterUnavailable(): string | undefined {
  const nginx = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { stdio: 'ignore' });
  if (nginx.status !== 0) return 'nginx is not installed (apt-get install nginx)';
  const pgBin = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  if (!pgBin.some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)))
    return "PostgreSQL's initdb is not installed (apt-get install postgresql)";
  return undefined;
}

/** Whether a port can be listened on now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `count` consecutive ports nobody listens on now, the first one picked by the OS. */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    if (first + count > 65_535) continue;
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => isFree(first + 1 + i)));
    if (rest.every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One GET over plain node:http (fetch would replace the Host header). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer in 10 s`)));
    req.on('error', reject);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

const LOG_LINE = /"(\S+) (\S+) [^"]*" (\d{3}) \d+ upstream=(\S+)/;

/**
 * Starts `deploy/local-cluster.sh servers` of the run's snapshot (already built: SKIP_BUILD=1) and
 * resolves once nginx answers. Its pictures are copied from the ones the e2e setup drew, so the seed
 * only has to write rows.
 */
export async function startCluster(servers: number): Promise<Cluster> {
  const { runDir, snapshotDir } = runPaths();
  const dataDir = path.join(runDir, 'cluster');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(UPLOADS_DIR, path.join(dataDir, 'uploads'), { recursive: true });
  const appPort = await freePorts(servers);
  const appPorts = Array.from({ length: servers }, (_, i) => appPort + i);
  const [pgPort, nginxPort] = [await freePorts(1), await freePorts(1)];
  if (new Set([pgPort, nginxPort, ...appPorts]).size !== servers + 2) throw new Error('the OS gave a port twice');
  const scriptLog = path.join(dataDir, 'local-cluster.log');
  const log = fs.openSync(scriptLog, 'w');
  const child = spawn('bash', ['deploy/local-cluster.sh', String(servers)], {
    cwd: snapshotDir,
    // Its own process group: SIGTERM to the group is the script's Ctrl-C, which stops everything it started.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PG_PORT: String(pgPort),
      NGINX_PORT: String(nginxPort),
      APP_PORT: String(appPort),
      CLUSTER_DATA: dataDir,
      SKIP_BUILD: '1',
      // The page cache as a site runs it (what a publish must end on every server).
      PAGE_CACHE: 'on',
    },
  });
  fs.closeSync(log);
  const gone = exited(child);
  const url = `http://localhost:${nginxPort}`;
  const publicHost = `localhost:${nginxPort}`;
  const accessLogFile = path.join(dataDir, 'logs/nginx-access.log');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const ended = await Promise.race([gone.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!ended) {
        process.kill(-child.pid, 'SIGKILL');
        throw new Error(`local-cluster.sh did not stop in ${STOP_TIMEOUT_MS / 1000} s (see ${scriptLog})`);
      }
    }
    await gone;
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const answered = await get(`${url}/robots.txt`, {}).then(
      (r) => r.status === 200,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = child.exitCode !== null ? `exited with ${child.exitCode}` : 'was not answering in time';
      await stop();
      const logs = path.join(dataDir, 'logs');
      const tails = (fs.existsSync(logs) ? fs.readdirSync(logs) : [])
        .map((f) => `--- ${f}\n${fs.readFileSync(path.join(logs, f), 'utf8').split('\n').slice(-15).join('\n')}`)
        .join('\n');
      throw new Error(`local-cluster.sh ${why}:\n${fs.readFileSync(scriptLog, 'utf8')}\n${tails}`);
    }
    await sleep(250);
  }

  return {
    url,
    publicHost,
    databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/site`,
    appPorts,
    appUrls: appPorts.map((p) => `http://127.0.0.1:${p}`),
    accessLog: () =>
      fs
        .readFileSync(accessLogFile, 'utf8')
        .split('\n')
        .flatMap((line) => {
          const m = LOG_LINE.exec(line);
          if (!m) return [];
          const [, method = '', target = '', status = '0', upstream = '-'] = m;
          return [{ method, path: target, status: Number(status), upstream: upstream === '-' ? null : upstream }];
        }),
    read: (port, urlPath, headers = {}) => get(`http://127.0.0.1:${port}${urlPath}`, { host: publicHost, ...headers }),
    stop,
  };
}
