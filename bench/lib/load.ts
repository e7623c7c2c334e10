import autocannon from 'autocannon';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * A fresh body for each request, when the requests of a scenario differ (a visitor changing filters):
   * repeating one body would measure the server's short-lived copies, not its work. `body` is the first.
   */
  nextBody?: () => string;
  /** Headers to add to each request (e.g. another visitor address per request, for per-address rate limits). */
  nextHeaders?: () => Record<string, string>;
  /**
   * The answer that counts as success when it is not a 2xx: a form post's redirect (302) after a save.
   * Other answers count as failures (`non2xx`), and only this one's times are sampled.
   */
  expectedStatus?: number;
}

/** Whether an answer is the scenario's success: its expected status, or else any 2xx. */
export function succeeded(req: Pick<RequestSpec, 'expectedStatus'>, status: number): boolean {
  return req.expectedStatus !== undefined ? status === req.expectedStatus : status >= 200 && status < 300;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** Latency in ms. p50/p90/p97_5/p99/max are autocannon's (1 ms resolution); p95 is ours, of successes only. */
export interface Latency {
  average: number;
  p50: number;
  p90: number;
  /** From every successful response time this run recorded (autocannon's `response` event), sub-ms. */
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  requests: number;
  latencyMs: Latency;
  /** Bytes read per response, headers included (shows whether gzip was served). */
  bytesPerResponse: number;
  /**
   * Server CPU time (user + system) per measured request, ms: steadier than req/s when other work
   * shares the machine. Absent where it cannot be read (not Linux).
   */
  serverCpuMsPerRequest?: number;
  /** Load generator CPU time per request, ms (autocannon in this process). */
  clientCpuMsPerRequest: number;
  /**
   * Cores kept busy during the measured run (req/s × CPU per request). Near 1 for the client, the
   * row is bounded by the load generator, not by the server.
   */
  coresBusy: { server?: number; client: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  warmup: { requests: number; non2xx: number; errors: number };
}

/** Every request sends what a browser would about encodings. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip' };

/** The nearest-rank percentile `p` (0-100) of ascending samples; NaN when there are none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank, as HdrHistogram does.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Loads `origin` + `req.path` with autocannon: a warm-up (discarded), then the measured run. */
export async function measure(
  origin: string,
  req: RequestSpec,
  s: LoadSettings,
  serverCpuMs: () => number | undefined = () => undefined,
): Promise<LoadFigures> {
  const samples: number[] = [];
  // The promise form also emits events (autocannon's types omit both that and `warmup`).
  const options: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    url: origin + req.path,
    method: req.method,
    headers: { ...BROWSER_HEADERS, ...req.headers },
    body: req.body,
    ...(req.nextBody || req.nextHeaders
      ? {
          requests: [
            {
              setupRequest: (r: autocannon.Request) => ({
                ...r,
                body: req.nextBody ? req.nextBody() : r.body,
                headers: req.nextHeaders ? { ...r.headers, ...req.nextHeaders() } : r.headers,
              }),
            },
          ],
        }
      : {}),
    connections: s.connections,
    duration: s.durationSeconds,
    warmup: { connections: s.connections, duration: s.warmupSeconds },
    timeout: 10,
  };
  const instance = autocannon(options) as unknown as autocannon.Instance &
    Promise<autocannon.Result & { warmup?: autocannon.Result }>;
  // Only the measured run's tracker emits here (the warm-up has a tracker of its own).
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (succeeded(req, statusCode)) samples.push(responseTime);
  });
  // 'start' is the measured run's (after the warm-up).
  let cpuAtStart: { server: number | undefined; client: NodeJS.CpuUsage } | undefined;
  instance.on('start', () => {
    cpuAtStart = { server: serverCpuMs(), client: process.cpuUsage() };
  });
  const r = await instance;
  const serverAtEnd = serverCpuMs();
  const client = process.cpuUsage(cpuAtStart?.client);
  const perRequest = (ms: number) => (r.requests.total > 0 ? round(ms / r.requests.total, 3) : 0);
  const sorted = Float64Array.from(samples).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  // autocannon counts every answer outside 2xx; a scenario expecting a redirect counts the others.
  const failed = (result: autocannon.Result | undefined) =>
    req.expectedStatus === undefined || !result
      ? (result?.non2xx ?? 0)
      : Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => !succeeded(req, Number(code)))
          .reduce((n, [, stat]) => n + (stat.count ?? 0), 0);
  return {
    requestsPerSecond: round(r.requests.average, 1),
    requests: r.requests.total,
    latencyMs: {
      average: round(r.latency.average),
      p50: r.latency.p50,
      p90: r.latency.p90,
      p95: round(percentile(sorted, 95)),
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    bytesPerResponse: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
    ...(cpuAtStart?.server !== undefined && serverAtEnd !== undefined
      ? { serverCpuMsPerRequest: perRequest(serverAtEnd - cpuAtStart.server) }
      : {}),
    clientCpuMsPerRequest: perRequest((client.user + client.system) / 1000),
    coresBusy: {
      ...(cpuAtStart?.server !== undefined && serverAtEnd !== undefined
        ? { server: round((serverAtEnd - cpuAtStart.server) / 1000 / r.duration) }
        : {}),
      client: round((client.user + client.system) / 1e6 / r.duration),
    },
    non2xx: failed(r),
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    warmup: { requests: r.warmup?.requests.total ?? 0, non2xx: failed(r.warmup), errors: r.warmup?.errors ?? 0 },
  };
}
