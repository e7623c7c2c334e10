/**
 * Reads a WXR file with the importer's reader and nothing else (issue 26 figures and memory test):
 *   tsx bench/wxr-read.ts FILE
 * Prints one JSON line: records read, seconds, and the process's peak resident memory in bytes.
 */
import { readWxr } from '../app/staff/import/wxr.server';

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx bench/wxr-read.ts FILE');
  process.exit(2);
}
const started = performance.now();
let records = 0;
let items = 0;
for await (const record of readWxr(file)) {
  records++;
  if (record.kind === 'item') items++;
}
const seconds = (performance.now() - started) / 1000;
// resourceUsage().maxRSS is in kilobytes.
console.log(JSON.stringify({ records, items, seconds, maxRss: process.resourceUsage().maxRSS * 1024 }));
