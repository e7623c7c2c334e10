import { afterEach, vi } from 'vitest';

// STYLE.md habit 5: a console.error during a test fails it.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  if (errors.length > 0) {
    const first = errors.splice(0).map((a) => a.map(String).join(' '))[0];
    throw new Error(`console.error was called during the test: ${first}`);
  }
  vi.restoreAllMocks();
});
