import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/**
 * Real app servers for the crash test (issue 25 "Lose nothing"): the production server (`scripts/start.ts`
 * on a built app), each in a process group of its own so that SIGKILL of the group ends all of it at once.
 * The app is a copy of the working tree, built once and kept under `.test-data/crash-app/` by a hash of
 * what it was built from: the working tree may change (and be rebuilt into build/) under a running test,
 * the copy does not (as tests/e2e/global-setup.ts does for the browser tests).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, '.test-data/crash-app');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const REACT_ROUTER = path.join(ROOT, 'node_modules/.bin/react-router');
/** What the copy holds: enough to build, migrate and serve (the server finds node_modules above it). */
const ENTRIES = [
  'app',
  'seed',
  'server',
  'scripts',
  'public',
  'content',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
];
const START_TIMEOUT_MS = 120_000;
const LOCK_STALE_MS = 15 * 60_000;

/** A hash of every file the copy is made of. */
function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const entry of ENTRIES) {
    const abs = path.join(ROOT, entry);
    if (!fs.existsSync(abs)) continue;
    const files = fs.statSync(abs).isDirectory()
      ? fs
          .readdirSync(abs, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
          .sort()
      : [abs];
    for (const file of files) {
      hash.update(path.relative(ROOT, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder of a built copy of the app as the working tree is now: reused when one was built from the
 * same files, else copied and built (`react-router build`, unminified: nobody downloads it) while no
 * other test run builds one. Older copies are removed.
 */
export async function builtApp(): Promise<string> {
  const dir = path.join(CACHE, sourceFingerprint());
  const ready = `${dir}.ready`;
  if (fs.existsSync(ready)) return dir;
  fs.mkdirSync(CACHE, { recursive: true });
  const lock = `${dir}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
      if (fs.existsSync(ready)) return dir;
    }
  }
  try {
    if (fs.existsSync(ready)) return dir;
    for (const name of fs.readdirSync(CACHE)) {
      if (!name.startsWith(path.basename(dir))) fs.rmSync(path.join(CACHE, name), { recursive: true, force: true });
    }
    fs.rmSync(dir, { recursive: true, force: true });
    for (const entry of ENTRIES) {
      const from = path.join(ROOT, entry);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, entry), { recursive: true });
    }
    try {
      execFileSync(REACT_ROUTER, ['build', '--minify', 'false'], { cwd: dir, stdio: 'pipe', maxBuffer: 1 << 26 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`react-router build of the crash test's copy failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
    fs.writeFileSync(ready, '');
    return dir;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One HTTP request to a server on this host, no redirects followed, no connection kept. */
export function send(
  port: number,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: init.method ?? 'GET',
        agent: false,
        timeout: 30_000,
        headers: { host: `127.0.0.1:${port}`, connection: 'close', ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${target}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** One app server process (its group): where it listens, and how it ends. */
export interface AppServer {
  name: string;
  port: number;
  /** The process group's id (tsx's pid; the server's node process is its child). */
  pid: number;
  /** SIGKILL to the whole group: no handler runs, nothing is flushed; resolves when tsx has gone. */
  kill(): Promise<void>;
  /** SIGTERM (the server's own shutdown), SIGKILL after 10 s. */
  stop(): Promise<void>;
  log(): string;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Process groups started here and still running: killed if the test process itself ends first. */
const started = new Set<number>();
process.once('exit', () => {
  for (const pid of started) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** The site's settings this harness chooses; everything else of the test's environment is passed on. */
const SITE_VARIABLES = ['SMTP_URL', 'SITE_URL', 'ALLOWED_HOSTS', 'SCHEDULE_CLOCK_FILE', 'REVIEWS_CAPTCHA', 'HOST'];

/**
 * Starts `scripts/start.ts` of the built copy on a free port with `env` (DATABASE_URL, UPLOADS_DIR …,
 * one process: WEB_CONCURRENCY=1) and resolves once it answers. Its output goes to `logFile` (appended).
 */
export async function startAppServer(
  appDir: string,
  name: string,
  env: Record<string, string>,
  logFile: string,
): Promise<AppServer> {
  const port = await freePort();
  const inherited = { ...process.env };
  for (const key of SITE_VARIABLES) delete inherited[key];
  const log = fs.openSync(logFile, 'a');
  fs.writeSync(log, `\n--- ${name} starts on ${port} at ${new Date().toISOString()}\n`);
  const child = spawn(TSX, ['scripts/start.ts'], {
    cwd: appDir,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: '1',
      PAGE_CACHE: 'off',
      ...env,
    },
  });
  fs.closeSync(log);
  const pid = child.pid as number;
  started.add(pid);
  const gone = exited(child).then(() => {
    started.delete(pid);
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pid, s);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  const server: AppServer = {
    name,
    port,
    pid,
    async kill() {
      signal('SIGKILL');
      await gone;
    },
    async stop() {
      if (running()) {
        signal('SIGTERM');
        const ended = await Promise.race([
          gone.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
        ]);
        if (!ended) signal('SIGKILL');
      }
      await gone;
    },
    log: () => fs.readFileSync(logFile, 'utf8'),
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    const answered = await send(port, '/robots.txt').then(
      (r) => r.status === 200,
      () => false,
    );
    if (answered) return server;
    if (!running() || Date.now() > deadline) {
      const why = running() ? 'did not answer in time' : 'exited';
      await server.kill();
      throw new Error(`${name} ${why}; its log:\n${server.log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
