import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The project root (bench/lib/ is two levels down). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
/** tsx from the project, without npx's start-up cost and warnings. */
export const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** Every process group this run started: stopped on the way out, whatever happens. */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Negative pid: the whole group (tsx runs node as a child of its own).
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

let hooked = false;
/** Stops every started group on normal exit, on Ctrl-C and on SIGTERM. */
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\nbench: ${signal}, stopping the servers`);
      for (const child of running) killGroup(child, 'SIGTERM');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Spawned {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** The last lines the process wrote (stdout and stderr). */
  tail(lines?: number): string;
  stop(): Promise<void>;
}

/** A command in its own process group (so that it can be stopped whole), tracked until it exits. */
function spawnTracked(command: string, args: string[], env: NodeJS.ProcessEnv | undefined) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return child;
}

/**
 * Starts a long-running command in its own process group, its output going to `logFile`.
 * `stop()` sends SIGTERM to the group, then SIGKILL after 5 s.
 */
export function spawnGroup(
  name: string,
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; logFile: string; onStdout?: (text: string) => void },
): Spawned {
  hookExit();
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const log = fs.createWriteStream(opts.logFile);
  const child = spawnTracked(command, args, opts.env);
  let recent = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    log.write(text);
    recent = (recent + text).slice(-8000);
    return text;
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = keep(chunk);
    opts.onStdout?.(text);
  });
  child.stderr?.on('data', (chunk: Buffer) => keep(chunk));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      running.delete(child);
      log.end();
      resolve();
    }),
  );
  return {
    name,
    child,
    logFile: opts.logFile,
    tail: (lines = 30) => recent.split('\n').slice(-lines).join('\n'),
    async stop() {
      if (!running.has(child)) return;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      // The group may outlive its leader for a moment.
      killGroup(child, 'SIGKILL');
    },
  };
}

/** Stops every group still running (used in `finally`). */
export async function stopAll(list: Array<Spawned | undefined>): Promise<void> {
  await Promise.all(list.map((s) => s?.stop()));
}

/** Runs a command to its end; throws with its output when it fails. Output is shown live when `live`. */
export async function runCommand(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; live?: boolean } = {},
): Promise<string> {
  hookExit();
  return new Promise((resolve, reject) => {
    const child = spawnTracked(command, args, opts.env);
    let out = '';
    const take = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      out += chunk.toString();
      if (opts.live) stream.write(chunk);
    };
    child.stdout?.on('data', take(process.stdout));
    child.stderr?.on('data', take(process.stderr));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve(out);
      else {
        const shown = opts.live ? '' : `\n${out.trim().split('\n').slice(-40).join('\n')}`;
        reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${shown}`));
      }
    });
  });
}

/**
 * Waits until `url` answers 200, or fails when the process exits first or `timeoutMs` passes
 * (a start may include a build and migrations).
 */
export async function waitUntilUp(proc: Spawned, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(
        `${proc.name} exited (${proc.child.signalCode ?? proc.child.exitCode}) before answering:\n${proc.tail()}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs / 1000} s (${last}):\n${proc.tail()}`);
}

/**
 * CPU time (user + system, ms) used so far by every process in the group `pgid`, from /proc (Linux;
 * undefined elsewhere). Per request, it says what a page costs whatever else runs on the machine.
 */
export function groupCpuMs(pgid: number | undefined): number | undefined {
  if (pgid === undefined || process.platform !== 'linux') return undefined;
  let ticks = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after "(comm)": state ppid pgrp … utime (14th) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;
