import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  png1bit,
  pngBomb,
  refusedFiles,
  smallImage,
  withAvifSize,
  withJpegSize,
  withWebpSize,
} from '../../../tests/support/upload-files';
import { REFUSAL_MESSAGES } from './model';
import { checkUpload } from './upload-check.server';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MB = 1024 * 1024;
let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smp-upload-check-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs tests/support/upload-memory.ts on the files in a process of its own: its answers and peak memory. */
async function measured(args: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'tests/support/upload-memory.ts', ...args],
    { cwd: ROOT, timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as { results: unknown[]; maxRssBytes: number };
}

describe('the upload check', () => {
  test('a small image of each format is taken with its upright size', async () => {
    for (const f of ['jpeg', 'png', 'webp', 'avif'] as const) {
      expect(await checkUpload(await smallImage(f, 60, 40)), f).toEqual({
        format: f,
        width: 60,
        height: 40,
        upright: { width: 60, height: 40 },
      });
    }
  });

  test('everything of the refused set is refused, each with its message', async () => {
    for (const file of await refusedFiles()) {
      const code = await checkUpload(file.bytes);
      expect(code, file.what).toBe(file.code);
      expect(REFUSAL_MESSAGES[code as keyof typeof REFUSAL_MESSAGES]).toBeTruthy();
    }
  });

  test('decompression bombs are refused from the header with under 200 MB of memory; decoding 1/39 of one takes more', {
    timeout: 90_000,
  }, async () => {
    const jpeg = await smallImage('jpeg');
    const bombs = {
      'bom.png': await pngBomb(),
      'bom.jpg': withJpegSize(jpeg, 65_000, 65_000),
      'bom.webp': withWebpSize(await smallImage('webp'), 16_384, 16_384),
      'bom.avif': withAvifSize(await smallImage('avif'), 30_000, 30_000),
    };
    for (const [name, bytes] of Object.entries(bombs)) fs.writeFileSync(path.join(dir, name), bytes);
    // The control: one colour, 8000 × 8000 (1/39 of the PNG bomb's pixels), decoded.
    const side = 8000;
    fs.writeFileSync(
      path.join(dir, 'kontrol.png'),
      png1bit(side, side, zlib.deflateSync(Buffer.alloc((1 + side / 8) * side))),
    );
    const [refusal, control] = await Promise.all([
      measured(Object.keys(bombs).map((name) => path.join(dir, name))),
      measured(['--decode', path.join(dir, 'kontrol.png')]),
    ]);
    expect(refusal.results).toEqual(['too-many-pixels', 'too-many-pixels', 'too-many-pixels', 'too-many-pixels']);
    expect(refusal.maxRssBytes).toBeLessThan(200 * MB);
    expect(control.results).toEqual([side * side * 3]);
    expect(control.maxRssBytes).toBeGreaterThan(200 * MB);
  });
});
