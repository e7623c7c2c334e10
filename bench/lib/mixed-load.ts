/**
 * The cluster bench's workload (issue 25): visitors going through the site as its clients do (pages, live
 * search, load more, filters, reviews, likes, a review), every visit from its own address, plus one editor
 * saving a published news post every second. Used by bench/lib/cluster.ts against nginx.
 */
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { readForm } from './html-form';
import { BROWSER_HEADERS, type LoadSettings, type RequestSpec } from './load';
import { type CpuTimes, coresBusy, type LatencySummary, latencyOf, parseProcStat } from './mixed-figures';
import {
  ajax,
  ask,
  type BenchContext,
  ecsSettingsOf,
  fields,
  filteringBody,
  liveSearchBody,
  nextAddress,
} from './scenarios';
import { editorSession } from './staff';

/** What each request of a visit is, for the figures. */
export type Kind = 'page' | 'search' | 'load-more' | 'filter' | 'reviews-list' | 'nonce' | 'like' | 'review';

/** What the workload needs to know of the seeded site, read from its pages before the load. */
export interface SiteInputs {
  newsPosts: string[];
  /** /berita/'s pages: load more asks for page 2 to this one. */
  newsPages: number;
  ecsSettings: Record<string, unknown>;
  /** The extracurricular activities' pages, with the reviews source and the reviews each one shows. */
  activities: Array<{ path: string; sourceId: number; reviewIds: number[] }>;
  /** The top-level fields of the activities' hierarchy filter (the filter call's first value). */
  fieldIds: string[];
}

/** One visit's own state (autocannon's per-connection context, reset when the sequence starts again). */
export interface Visit {
  address: Record<string, string>;
  guest: string;
  activity: SiteInputs['activities'][number];
  nonce?: string;
}

export interface Step {
  kind: Kind;
  /** The request; `visit` is this connection's current visit. */
  request(visit: Visit): RequestSpec;
  /** What is wrong with a 2xx answer's body, or nothing (writes: the site said it stored them). */
  check?(body: string, visit: Visit): string | undefined;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const get = (path: string): RequestSpec => ({ method: 'GET', path });
const json = (body: string) => {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};
const REVIEWS_API = '/wp-json/jet-reviews-api/v1';
/** Answers the workload reads (nonce, writes) come unencoded: autocannon keeps bodies as text. */
const IDENTITY = { 'accept-encoding': 'identity' };
const DAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat'];

const ratingFields = ['Pelatih', 'Kegiatan', 'Fasilitas'];

/** The site's pages read once: news posts, activities with their reviews, the filters' fields. */
export async function readSite(origin: string): Promise<SiteInputs> {
  const ctx: BenchContext = { origins: { static: origin, 'cache-on': origin, 'cache-off': origin } };
  const berita = await ask(origin, get('/berita/'));
  if (berita.status !== 200) throw new Error(`/berita/ answered ${berita.status}`);
  const newsPosts = [
    ...new Set(
      [...berita.body.matchAll(/class="post-card__title[^"]*"[^>]*>\s*<a[^>]*\shref="([^"]+)"/g)].map(
        (m) => m[1] as string,
      ),
    ),
  ];
  if (newsPosts.length === 0) throw new Error('no post card title links on /berita/');
  // The pagination's links: /berita/page/N/, and the filters' ?…pagenum=N.
  const newsPages = Math.max(
    1,
    ...[...berita.body.matchAll(/\/berita\/(?:page\/(\d+)\/|\?[^"]*pagenum=(\d+))/g)].map((m) => Number(m[1] ?? m[2])),
  );
  const ekskul = await ask(origin, get('/ekskul/'));
  const paths = [...new Set([...ekskul.body.matchAll(/href="(\/ekskul\/[a-z0-9-]+\/)"/g)].map((m) => m[1] as string))];
  const activities: SiteInputs['activities'] = [];
  for (const path of paths) {
    const page = await ask(origin, get(path));
    const sourceId = /name="source_id" value="(\d+)"/.exec(page.body)?.[1];
    const reviewIds = [...page.body.matchAll(/data-review-id="(\d+)"/g)].map((m) => Number(m[1]));
    if (page.status === 200 && sourceId && reviewIds.length > 0)
      activities.push({ path, sourceId: Number(sourceId), reviewIds });
  }
  if (activities.length === 0) throw new Error(`none of ${paths.length} activity pages takes reviews and shows some`);
  return {
    newsPosts,
    newsPages,
    ecsSettings: ecsSettingsOf(berita.body),
    activities,
    fieldIds: await fields(ctx),
  };
}

let visits = 0;
const run = Date.now().toString(36);

function newVisit(site: SiteInputs): Visit {
  visits++;
  return { address: nextAddress(), guest: `guest_c${run}v${visits}`, activity: pick(site.activities) };
}

const rest = (path: string, body: unknown, visit: Visit): RequestSpec => ({
  method: 'POST',
  path: `${REVIEWS_API}/${path}`,
  headers: { 'content-type': 'application/json', 'x-wp-nonce': visit.nonce ?? '', ...IDENTITY },
  body: JSON.stringify(body),
});

/** A like or dislike of one of the activity's reviews by this visit's guest (call 12). */
function vote(type: 'like' | 'dislike', which: number): Step {
  return {
    kind: 'like',
    request: (v) =>
      rest(
        'update-review-approval',
        { review_id: v.activity.reviewIds[which % v.activity.reviewIds.length], type, author_id: v.guest },
        v,
      ),
    check: (body) => {
      const answer = json(body) as { success?: boolean; data?: { approval?: Record<string, boolean> } } | undefined;
      return answer?.success === true && answer.data?.approval?.[type] === true
        ? undefined
        : `answer ${body.slice(0, 120)}`;
    },
  };
}

/**
 * One visit, in order: a first page, a search as the header's live search types it, the news with a load
 * more and a post, the gallery, the activities filtered three times, an activity's page, its reviews, the
 * nonce the client asks for before writing (pages may come from a cache, without one), two votes and a
 * review, then a few pages more. 21 requests; writes are 3 of them.
 */
export function visitSteps(site: SiteInputs): Step[] {
  const loadMore: Step = {
    kind: 'load-more',
    // As the news listing's "load more" posts it (ecsload): current_page n answers page n + 1.
    request: () =>
      ajax([
        ['action', 'ecsload'],
        ['query', JSON.stringify({ post_type: ['post'], posts_per_page: 10 })],
        [
          'ecs_ajax_settings',
          JSON.stringify({ ...site.ecsSettings, current_page: 1 + Math.floor(Math.random() * (site.newsPages - 1)) }),
        ],
      ]),
    check: (body) => (body.length > 0 ? undefined : 'empty answer'),
  };
  const search: Step = { kind: 'search', request: () => ({ ...ajax([]), body: liveSearchBody() }) };
  const filter: Step = { kind: 'filter', request: () => ({ ...ajax([]), body: filteringBody(site.fieldIds) }) };
  const page = (path: () => string): Step => ({ kind: 'page', request: () => get(path()) });
  const newsPost = page(() => pick(site.newsPosts));
  return [
    page(() => '/'),
    search,
    search,
    page(() => '/berita/'),
    loadMore,
    newsPost,
    page(() => '/galeri/'),
    page(() => '/ekskul/'),
    filter,
    filter,
    {
      kind: 'filter',
      request: () => get(`/ekskul/?jet-smart-filters=jet-engine:ekskul&meta=hari:${pick(DAYS)}`),
    },
    { kind: 'page', request: (v) => get(v.activity.path) },
    {
      kind: 'reviews-list',
      request: (v) => ({
        method: 'POST',
        path: `${REVIEWS_API}/get-public-reviews-list`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'post', source_id: v.activity.sourceId, page: 0, page_size: 10 }),
      }),
    },
    {
      kind: 'nonce',
      request: () => ({ ...get('/wp-admin/admin-ajax.php?action=rest-nonce'), headers: IDENTITY }),
      check: (body, v) => {
        if (!/^[0-9a-f]{6,}$/.test(body.trim())) return `not a nonce: ${body.slice(0, 80)}`;
        v.nonce = body.trim();
        return undefined;
      },
    },
    vote('like', 0),
    {
      kind: 'review',
      // As the activity's review form posts it (call 10): a new guest each visit, from its own address.
      request: (v) =>
        rest(
          'submit-review',
          {
            source: 'post',
            source_id: v.activity.sourceId,
            title: 'Ulasan dari uji beban',
            content: 'Pelatihnya sabar dan kegiatannya teratur setiap minggu.',
            author_id: v.guest,
            author_name: 'Tamu Uji Beban',
            author_mail: `${v.guest}@contoh.sch.id`,
            rating_data: ratingFields.map((label, i) => ({ field_label: label, field_value: 1 + ((visits + i) % 5) })),
          },
          v,
        ),
      check: (body) => {
        const code = json(body)?.code;
        return code === 'review-created' ? undefined : `code ${String(code)}: ${body.slice(0, 120)}`;
      },
    },
    newsPost,
    loadMore,
    search,
    vote('dislike', 1),
    page(() => '/'),
  ];
}

/** Sends each step of one visit once, in order, and says what was wrong (before any load). */
export async function checkVisit(origin: string, site: SiteInputs): Promise<string[]> {
  const visit = newVisit(site);
  const problems: string[] = [];
  for (const [i, step] of visitSteps(site).entries()) {
    const req = step.request(visit);
    const answer = await ask(origin, { ...req, headers: { ...req.headers, ...visit.address } });
    const problem =
      answer.status >= 200 && answer.status < 300
        ? step.check?.(answer.body, visit)
        : `answered ${answer.status}: ${answer.body.slice(0, 160).replace(/\s+/g, ' ')}`;
    if (problem) problems.push(`step ${i + 1} (${step.kind}) ${req.method} ${req.path}: ${problem}`);
  }
  return problems;
}

/** The editor, signed in, with the form of the published news post it saves. */
export interface Editor {
  origin: string;
  cookie: string;
  postId: number;
  /** The form's fields as loaded (content as it was first: each save adds one paragraph to it). */
  fields: Array<[string, string]>;
}

/** Signs the demo editor in (through nginx) and opens the newest published news post's editor. */
export async function openEditor(origin: string): Promise<Editor> {
  const { cookie } = await editorSession(origin);
  const list = await fetch(`${origin}/admin/berita/`, { headers: { cookie } });
  const ids = [...(await list.text()).matchAll(/\/admin\/berita\/(\d+)\//g)].map((m) => Number(m[1]));
  for (const postId of [...new Set(ids)]) {
    const form = await fetch(`${origin}/admin/berita/${postId}/`, { headers: { cookie } });
    const html = await form.text();
    // A published post: its edit ends the cached pages that show it, on every server.
    if (form.status === 200 && html.includes('value="unpublish"'))
      return { origin, cookie, postId, fields: readForm(html, 'name="_token"').fields };
  }
  throw new Error(`none of the ${ids.length} posts of the staff news list is a published one the editor may edit`);
}

export interface EditorFigures {
  /** Saves answered by the redirect to the saved post. */
  saves: number;
  /** Saves answered otherwise (a conflict, an error, no answer). */
  failed: number;
  /** The save's post, ms. */
  latencyMs: LatencySummary;
  /** The first failures, as answered. */
  problems: string[];
}

/**
 * Saves the open post every second until `stop` is aborted, as the editor's form does: the form's
 * fields with the content changed, then the redirect's form read for the new modified time.
 */
export async function runEditor(editor: Editor, stop: AbortSignal): Promise<EditorFigures> {
  const samples: number[] = [];
  const problems: string[] = [];
  let failed = 0;
  let fields = editor.fields;
  const base = fields.find(([k]) => k === 'content')?.[1] ?? '';
  const url = `${editor.origin}/admin/berita/${editor.postId}/`;
  const headers = { cookie: editor.cookie, accept: 'text/html', ...BROWSER_HEADERS };
  let n = 0;
  const started = performance.now();
  while (!stop.aborted) {
    n++;
    const body = new URLSearchParams([
      ...fields.map(([k, v]): [string, string] =>
        k === 'content' ? [k, `${base}<p>Pembaruan ke-${n} dari uji beban klaster.</p>`] : [k, v],
      ),
      ['intent', 'save'],
    ]);
    const t = performance.now();
    let problem: string | undefined;
    try {
      const saved = await fetch(url, {
        method: 'POST',
        headers: { ...headers, origin: editor.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await saved.arrayBuffer();
      const location = saved.headers.get('location') ?? '';
      if (saved.status === 302 && /\?pesan=disimpan$/.test(location)) samples.push(performance.now() - t);
      else problem = `answered ${saved.status} ${location}`;
      // The browser follows the redirect: the form again, with the new modified time.
      const form = await fetch(new URL(location || url, editor.origin), {
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      fields = readForm(await form.text(), 'name="_token"').fields;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
      // A save given up on may still have been stored: the editor reloads the form (its new modified time), else
      // the next save would be refused as a conflict and counted twice.
      fields = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) })
        .then(async (form) => readForm(await form.text(), 'name="_token"').fields)
        .catch(() => fields);
    }
    if (problem) {
      failed++;
      if (problems.length < 5) problems.push(problem);
    }
    // One save a second, on the second: a slow save is followed at once by the next.
    const next = started + n * 1000;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait, undefined, { signal: stop }).catch(() => {});
  }
  return { saves: samples.length, failed, latencyMs: latencyOf(samples), problems };
}

export interface KindFigures {
  kind: Kind;
  requests: number;
  requestsPerSecond: number;
  latencyMs: LatencySummary;
  /** Answers outside 2xx. */
  non2xx: number;
  /** 2xx answers that said the write was not done (a refused vote or review) or were not what was asked. */
  refused: number;
}

export interface MixedFigures {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Every response of the measured run (all kinds), nearest rank over each response time. */
  latencyMs: LatencySummary;
  non2xx: number;
  refused: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  kinds: KindFigures[];
  /** The first few refusals and non-2xx answers, for the log. */
  problems: string[];
  editor: EditorFigures;
  warmup: { requests: number; non2xx: number; refused: number; errors: number };
  /**
   * CPU time (user + system) of the cluster (app servers, PostgreSQL, nginx) per response of the measured run,
   * ms: steadier than req/s when other work shares the machine. Absent where it cannot be read.
   */
  serverCpuMsPerRequest?: number;
  /** CPUs busy during the measured run (0 … cpus): the whole machine, the cluster, the load generator. */
  coresBusy: { machine: number; servers?: number; client: number };
}

function cpuTimes(): CpuTimes | undefined {
  try {
    return parseProcStat(fs.readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

const KIND_ORDER: Kind[] = ['page', 'search', 'load-more', 'filter', 'reviews-list', 'nonce', 'like', 'review'];

/**
 * `settings.connections` visitors at once against `origin` (each connection repeats the visit, a new
 * visitor each time) for a warm-up, then the measured run with the editor saving meanwhile.
 */
export async function runMixedLoad(
  origin: string,
  site: SiteInputs,
  editor: Editor,
  settings: LoadSettings,
  serverCpuMs: () => number | undefined = () => undefined,
): Promise<MixedFigures> {
  const steps = visitSteps(site);
  const samples: number[][] = steps.map(() => []);
  const non2xx = steps.map(() => 0);
  const refused = steps.map(() => 0);
  const problems: string[] = [];
  let warmupRefused = 0;
  let measuring = false;
  // The step whose answer autocannon is handing out: its onResponse runs just before its 'response'
  // event, in the same turn (autocannon's client: recordBody, then emit), so the time is the step's.
  let answered = 0;
  const note = (text: string) => {
    if (problems.length < 10) problems.push(text);
  };

  const requests = steps.map((step, i) => ({
    setupRequest(r: autocannon.Request, context: { visit?: Visit }) {
      if (i === 0 || !context.visit) context.visit = newVisit(site);
      // A write whose nonce never came (its request timed out, counted there): the visitor leaves, and
      // autocannon starts the visit again (a falsy answer restarts the sequence) rather than send a 403.
      if (step.kind === 'like' || step.kind === 'review') if (!context.visit.nonce) return null;
      const req = step.request(context.visit);
      return {
        ...r,
        method: req.method,
        path: req.path,
        headers: { ...BROWSER_HEADERS, ...req.headers, ...context.visit.address },
        ...(req.body === undefined ? {} : { body: req.body }),
      };
    },
    onResponse(status: number, body: string, context: { visit?: Visit }) {
      answered = i;
      if (status < 200 || status >= 300 || !step.check || !context.visit) return;
      const problem = step.check(body, context.visit);
      if (!problem) return;
      if (!measuring) warmupRefused++;
      else {
        refused[i] = (refused[i] ?? 0) + 1;
        note(`${step.kind} (step ${i + 1}): ${problem}`);
      }
    },
  }));
  const options: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    url: origin,
    connections: settings.connections,
    duration: settings.durationSeconds,
    warmup: { connections: settings.connections, duration: settings.warmupSeconds },
    timeout: 10,
    requests: requests as unknown as autocannon.Request[],
  };
  const instance = autocannon(options) as unknown as autocannon.Instance &
    Promise<autocannon.Result & { warmup?: autocannon.Result }>;

  const stopEditor = new AbortController();
  let editorRun: Promise<EditorFigures> | undefined;
  let at: { machine?: CpuTimes; servers?: number; client: NodeJS.CpuUsage; time: number } | undefined;
  instance.on('start', () => {
    measuring = true;
    at = { machine: cpuTimes(), servers: serverCpuMs(), client: process.cpuUsage(), time: performance.now() };
    editorRun = runEditor(editor, stopEditor.signal);
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    samples[answered]?.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) {
      non2xx[answered] = (non2xx[answered] ?? 0) + 1;
      note(`${steps[answered]?.kind} (step ${answered + 1}): answered ${statusCode}`);
    }
  });
  const r = await instance;
  stopEditor.abort();
  const machineAtEnd = cpuTimes();
  const serversAtEnd = serverCpuMs();
  const client = process.cpuUsage(at?.client);
  const seconds = at ? (performance.now() - at.time) / 1000 : settings.durationSeconds;
  const editorFigures = editorRun
    ? await editorRun
    : { saves: 0, failed: 1, latencyMs: latencyOf([]), problems: ['the measured run never started'] };

  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  const kinds = KIND_ORDER.filter((k) => steps.some((s) => s.kind === k)).map((kind): KindFigures => {
    const of = steps.flatMap((s, i) => (s.kind === kind ? [i] : []));
    const times = of.flatMap((i) => samples[i] ?? []);
    return {
      kind,
      requests: times.length,
      requestsPerSecond: Math.round((times.length / seconds) * 10) / 10,
      latencyMs: latencyOf(times),
      non2xx: of.reduce((n, i) => n + (non2xx[i] ?? 0), 0),
      refused: of.reduce((n, i) => n + (refused[i] ?? 0), 0),
    };
  });
  const all = samples.flat();
  const serverMs = at?.servers !== undefined && serversAtEnd !== undefined ? serversAtEnd - at.servers : undefined;
  // The editor's saves and form loads are the cluster's work too.
  const allRequests = r.requests.total + 2 * (editorFigures.saves + editorFigures.failed);
  return {
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    requests: r.requests.total,
    requestsPerSecond: Math.round(r.requests.average * 10) / 10,
    latencyMs: latencyOf(all),
    non2xx: r.non2xx,
    refused: refused.reduce((a, b) => a + b, 0),
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    kinds,
    problems,
    editor: editorFigures,
    warmup: {
      requests: r.warmup?.requests.total ?? 0,
      non2xx: r.warmup?.non2xx ?? 0,
      refused: warmupRefused,
      errors: r.warmup?.errors ?? 0,
    },
    ...(serverMs === undefined ? {} : { serverCpuMsPerRequest: Math.round((serverMs / allRequests) * 100) / 100 }),
    coresBusy: {
      machine: at?.machine && machineAtEnd ? coresBusy(at.machine, machineAtEnd, os.cpus().length) : Number.NaN,
      ...(serverMs === undefined ? {} : { servers: Math.round((serverMs / 1000 / seconds) * 100) / 100 }),
      client: Math.round(((client.user + client.system) / 1e6 / seconds) * 100) / 100,
    },
  };
}
