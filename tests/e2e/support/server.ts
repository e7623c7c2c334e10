import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { runPaths, type SiteVariant, TSX, UPLOADS_DIR } from './paths';

/** A running app server on its own copy of a template database. */
export interface SiteServer {
  /** http://127.0.0.1:PORT, no trailing slash */
  url: string;
  /** The database file this server serves (a copy of the template) */
  databaseFile: string;
  /** The template it was copied from (read it for expected content) */
  templateFile: string;
  /** Moves the clock of scheduled posts this far ahead of the system's (lib/clock.server.ts); 0 puts it back. */
  setScheduleClock(aheadMs: number): void;
  /** Kills the server as a crash would (SIGKILL, nothing flushed or closed); resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and database (killing it first if it runs); resolves when it answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

/** A port nobody listens on right now (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Copies the variant's template to a database of its own and starts `tsx scripts/start.ts` of the
 * run's app snapshot on it (PAGE_CACHE=off, HOST=127.0.0.1, a free PORT); resolves when it answers.
 */
export async function startServer(variant: SiteVariant, name: string): Promise<SiteServer> {
  const { snapshotDir, templates, serversDir } = runPaths();
  const templateFile = templates[variant];
  fs.mkdirSync(serversDir, { recursive: true });
  const databaseFile = path.join(serversDir, `${name}.db`);
  const logFile = path.join(serversDir, `${name}.log`);
  const clockFile = path.join(serversDir, `${name}.clock`);
  fs.rmSync(clockFile, { force: true });
  const removeDatabase = () => {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
  };
  removeDatabase();
  fs.copyFileSync(templateFile, databaseFile);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A restart appends to the log of the first start.
  const launch = (logFlags: 'w' | 'a') => {
    const log = fs.openSync(logFile, logFlags);
    const child = spawn(TSX, ['scripts/start.ts'], {
      cwd: snapshotDir,
      // Its own process group, so that stopping it also stops the node process tsx starts.
      detached: true,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseFile,
        UPLOADS_DIR,
        PAGE_CACHE: 'off',
        // One process per test server: several run side by side.
        WEB_CONCURRENCY: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        SCHEDULE_CLOCK_FILE: clockFile,
      },
    });
    fs.closeSync(log);
    return { child, gone: exited(child) };
  };
  let current = launch('w');
  const running = () => current.child.exitCode === null && current.child.signalCode === null;

  const end = async (signal: 'SIGTERM' | 'SIGKILL') => {
    const { child, gone } = current;
    if (running() && child.pid) {
      process.kill(-child.pid, signal);
      const ended = await Promise.race([gone.then(() => true), sleep(5_000).then(() => false)]);
      if (!ended) process.kill(-child.pid, 'SIGKILL');
    }
    await gone;
  };
  const stop = async () => {
    await end('SIGTERM');
    removeDatabase();
    fs.rmSync(clockFile, { force: true });
  };

  const ready = async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await answers(url))) {
      if (!running() || Date.now() > deadline) {
        const why =
          current.child.exitCode !== null ? `exited with ${current.child.exitCode}` : 'did not answer in time';
        await stop();
        throw new Error(`the ${variant} server ${why}; its log:\n${fs.readFileSync(logFile, 'utf8')}`);
      }
      await sleep(250);
    }
  };
  await ready();
  const kill = () => end('SIGKILL');
  const restart = async () => {
    await kill();
    current = launch('a');
    await ready();
  };
  const setScheduleClock = (aheadMs: number) => fs.writeFileSync(clockFile, String(aheadMs));
  return { url, databaseFile, templateFile, setScheduleClock, kill, restart, stop };
}
