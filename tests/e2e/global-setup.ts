import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REACT_ROUTER, ROOT, RUNS_DIR, runPaths, SNAPSHOT_ENTRIES, TSX, UPLOADS_DIR } from './support/paths';

/** Runs a setup step in the snapshot, quietly; on failure prints what it said and stops the run. */
function step(cwd: string, what: string, file: string, args: string[]) {
  try {
    execFileSync(file, args, { cwd, stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    console.error(`e2e setup: ${what} failed\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
    throw error;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders of earlier runs whose runner has gone (a run that was killed cleans nothing). */
function removeDeadRuns() {
  for (const name of fs.existsSync(RUNS_DIR) ? fs.readdirSync(RUNS_DIR) : []) {
    if (!/^\d+$/.test(name) || !alive(Number(name)))
      fs.rmSync(path.join(RUNS_DIR, name), { recursive: true, force: true });
  }
}

/**
 * Runs once before the e2e suite, in a folder of the run's own: copies the app to a snapshot and
 * builds it there (the servers run the snapshot, so edits and builds in the working tree during the
 * run change nothing, and the suite never rebuilds the build/ that other servers in this tree
 * serve), then seeds the two template databases the workers copy: the demo school, and the same
 * school without gallery items. Returns the teardown that removes the run's folder.
 */
export default function globalSetup() {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
  const started = Date.now();
  removeDeadRuns();
  const paths = runPaths(path.join(RUNS_DIR, String(process.pid)));
  // The workers read it to find this run's folders.
  process.env.E2E_RUN_DIR = paths.runDir;
  fs.rmSync(paths.runDir, { recursive: true, force: true });
  for (const entry of SNAPSHOT_ENTRIES) {
    const from = path.join(ROOT, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(paths.snapshotDir, entry), { recursive: true });
  }
  step(paths.snapshotDir, 'react-router build', REACT_ROUTER, ['build']);
  const built = Date.now();
  step(paths.snapshotDir, 'seeding the template databases', TSX, [
    'tests/e2e/support/seed-templates.ts',
    paths.templates.demo,
    paths.templates['no-gallery'],
    UPLOADS_DIR,
  ]);
  console.log(`e2e setup: copied and built the app in ${s(built - started)}, seeded in ${s(Date.now() - built)}`);
  return () => fs.rmSync(paths.runDir, { recursive: true, force: true });
}
