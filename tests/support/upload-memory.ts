import fs from 'node:fs';
import sharp from 'sharp';
import { checkUpload } from '~/staff/gallery/upload-check.server';

/**
 * The peak memory of checking uploads, measured alone in a process of its own (issue 25: a
 * decompression bomb is refused without using more than 200 MB):
 *
 *     node --import tsx tests/support/upload-memory.ts [--decode] FILE…
 *
 * prints `{"results": […], "maxRssBytes": …}`: the check's answer for each file (with `--decode`,
 * the bytes of its decoded pixels instead: the control that shows what decoding costs) and the
 * process's peak resident memory.
 */
const args = process.argv.slice(2);
const decode = args[0] === '--decode';
const files = decode ? args.slice(1) : args;
if (files.length === 0) throw new Error('usage: upload-memory.ts [--decode] FILE…');
const results: unknown[] = [];
for (const file of files) {
  const bytes = fs.readFileSync(file);
  results.push(
    decode ? (await sharp(bytes, { limitInputPixels: false }).raw().toBuffer()).length : await checkUpload(bytes),
  );
}
// resourceUsage's maxRSS is in kilobytes.
console.log(JSON.stringify({ results, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
