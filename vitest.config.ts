import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests only; the React Router plugin is for the app build, not for tests.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'scripts/**/*.test.ts',
      'seed/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    setupFiles: ['tests/setup-unit.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    // Vitest's default is one worker fewer than the CPUs: one on this 2-core machine. Two halve the
    // wall time (test files wait on PostgreSQL, on servers they start, on disk).
    maxWorkers: 2,
  },
});
