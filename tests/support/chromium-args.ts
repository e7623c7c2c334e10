/**
 * How every Chromium of the tests and the bench is started: no sandbox (root in a container), no GPU, and
 * none of the browser's own traffic (this machine's network is closed: its connections would be refused).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
