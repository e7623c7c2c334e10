import path from 'node:path';

/** The project root (this file is tests/e2e/support/paths.ts). */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Everything e2e runs write lives here (gitignored with the rest of .test-data/). */
export const E2E_DIR = path.join(ROOT, '.test-data/e2e');
/** Each run's own folder is in here, named after the Playwright runner's process id. */
export const RUNS_DIR = path.join(E2E_DIR, 'runs');
/** Generated images: shared by every test database, unit and e2e alike (they never change). */
export const UPLOADS_DIR = path.join(ROOT, '.test-data/uploads');

/** What the app snapshot copies from the working tree: enough to build, seed and start the app. */
export const SNAPSHOT_ENTRIES = [
  'app',
  'seed',
  'server',
  'scripts',
  'public',
  'content',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tests/e2e/support',
  // deploy/local-cluster.sh and the nginx template: tests/e2e/cluster.spec.ts runs the site as several servers.
  'deploy',
];

/** The project's own binaries (the snapshot has no node_modules; Node finds the project's above it). */
export const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
export const REACT_ROUTER = path.join(ROOT, 'node_modules/.bin/react-router');

export type SiteVariant = 'demo' | 'no-gallery';

/**
 * The folders of one run, which global setup creates and names in E2E_RUN_DIR for the workers.
 * Runs of their own let two people (or CI and a person) run the suite in one working tree at once.
 */
export function runPaths(runDir = process.env.E2E_RUN_DIR) {
  if (!runDir)
    throw new Error('E2E_RUN_DIR is not set: run the suite with `npm run test:e2e` or `npx playwright test`');
  return {
    runDir,
    /**
     * A copy of the app taken when the run starts, built and served from there: the working tree
     * may change under a running suite (edits, other builds into build/), the copy does not.
     */
    snapshotDir: path.join(runDir, 'app'),
    /** The seeded template databases; each server copies the one it serves. */
    templates: {
      demo: path.join(runDir, 'templates/demo.db'),
      'no-gallery': path.join(runDir, 'templates/no-gallery.db'),
    } satisfies Record<SiteVariant, string>,
    /** The servers' own databases and logs. */
    serversDir: path.join(runDir, 'servers'),
  };
}
