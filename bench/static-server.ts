/**
 * The ceiling: the smallest Node server that answers the home page, with node:http only. It serves
 * the exact bytes of `/` read from a file, gzipped once at start (level 6, as the app's page cache
 * does) for clients that accept gzip. Run in its own process by bench/run.ts, so that it does not
 * share an event loop with autocannon: `tsx bench/static-server.ts <file> <content-type>`.
 * Prints `{"port":N}` once it listens on 127.0.0.1.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

const [file, contentType = 'text/html; charset=utf-8'] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/static-server.ts <file> [content-type]');
  process.exit(2);
}
const body = fs.readFileSync(file);
const gzip = gzipSync(body, { level: 6 });

const server = http.createServer((req, res) => {
  const gz = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const bytes = gz ? gzip : body;
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': bytes.length,
    vary: 'Accept-Encoding',
    ...(gz ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
