// chrome-launcher comes with lighthouse (its CLI starts Chrome with it): the same version Lighthouse expects.
import os from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../../tests/support/chromium-args';
import { CHROME_PATH } from './phone-js';

/**
 * Issue 24's Lighthouse figure: the performance category of Lighthouse's default config, which is its
 * mobile run (a phone's screen, simulated slow 4G and a 4× slower CPU: lhr.configSettings says exactly),
 * on the public pages a visitor opens most, one page and one Chromium at a time.
 */
export const LIGHTHOUSE_ID = 'lighthouse';
/** `NEWS_POST` stands for the first news post /berita/ links to (its address depends on the seeded rows). */
export const NEWS_POST = '{first post on /berita/}';
export const LIGHTHOUSE_PAGES = ['/', '/galeri/', '/berita/', '/ekskul/', NEWS_POST, '/agenda/'];
export const LIGHTHOUSE_MIN_SCORE = 95;

/** What Lighthouse would have a page fix first (an insight or diagnostic it does not count as passed). */
export interface LighthouseFinding {
  id: string;
  title: string;
  displayValue?: string;
  /** 0-1, or null for an informative one. */
  score: number | null;
  /** Estimated savings per metric (ms; CLS unitless), when Lighthouse gives them. */
  savings?: Partial<Record<string, number>>;
}

export interface LighthousePage {
  path: string;
  /** The performance category's score as Lighthouse shows it, 0-100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The first five findings (largest estimated gain first): what to look at when the score is low. */
  findings: LighthouseFinding[];
  /** The scripts that kept the main thread busiest (bootup-time: ms as simulated, CPU slowed 4×). */
  heaviestScripts: Array<{ url: string; totalMs: number; scriptingMs: number }>;
  warnings: string[];
  /** Lighthouse's error on the first try, when the page was audited a second time. */
  retriedAfter?: string;
  /**
   * The machine's 1-minute load average just after the run: blocking time is main-thread CPU time
   * (slowed 4×), so other work on the two cores shows up in TBT and the score.
   */
  loadAverage: number;
}

export interface LighthouseFigures {
  lighthouseVersion: string;
  /** Chromium's own user agent (the emulated phone's is in configSettings). */
  browser: string;
  /** Lighthouse's CPU benchmark of this machine: on a slow one the 4× slowdown weighs more than on a phone's reference. */
  benchmarkIndex: number;
  settings: Pick<Result['configSettings'], 'formFactor' | 'throttlingMethod' | 'throttling' | 'screenEmulation'>;
  pages: LighthousePage[];
}

/** The address of the first news post on /berita/: its first card's title link. */
export async function firstNewsPost(origin: string): Promise<string> {
  const res = await fetch(`${origin}/berita/`, { signal: AbortSignal.timeout(30_000) });
  if (res.status !== 200) throw new Error(`/berita/ answered ${res.status}`);
  const html = await res.text();
  const at = html.indexOf('post-card__title');
  const href = at < 0 ? undefined : /\shref="([^"]+)"/.exec(html.slice(at))?.[1];
  if (!href) throw new Error('no post card with a title link on /berita/');
  return new URL(href, origin).pathname;
}

const number = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * The renderer's own estimate of an audit's weight: each metric's savings over that metric's value,
 * times the metric's weight in the score (report/renderer/performance-category-renderer.js).
 */
function linearImpact(lhr: Result, savings: Partial<Record<string, number>> | undefined): number {
  let impact = 0;
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const saved = ref.acronym ? savings?.[ref.acronym] : undefined;
    const value = lhr.audits[ref.id]?.numericValue;
    if (saved && value) impact += (saved / value) * ref.weight;
  }
  return impact;
}

/** As the report's ReportUtils.showAsPassed: informative and errored audits are never "passed". */
function shownAsPassed(a: Result['audits'][string]): boolean {
  if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') return true;
  if (a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'error') return false;
  return (a.score ?? 0) >= 0.9;
}

/**
 * The report's default view lists the insights and diagnostics that did not pass (score under 0.9, or
 * informative), minus those an insight replaces; ranked here by estimated gain, then failed before
 * informative, then lowest score.
 */
function findings(lhr: Result, count = 5): LighthouseFinding[] {
  const refs = (lhr.categories.performance?.auditRefs ?? []).filter(
    (r) => r.group === 'diagnostics' || r.id.endsWith('-insight'),
  );
  const replaced = new Set(refs.flatMap((r) => lhr.audits[r.id]?.replacesAudits ?? []));
  const open = refs
    .map((r) => lhr.audits[r.id])
    .filter((a): a is NonNullable<typeof a> => !!a && !replaced.has(a.id) && !shownAsPassed(a));
  open.sort(
    (a, b) =>
      linearImpact(lhr, b.metricSavings) - linearImpact(lhr, a.metricSavings) ||
      Number(a.score === null) - Number(b.score === null) ||
      (a.score ?? 1) - (b.score ?? 1),
  );
  return open.slice(0, count).map((a) => ({
    id: a.id,
    title: a.title,
    ...(a.displayValue ? { displayValue: a.displayValue } : {}),
    score: a.score,
    ...(a.metricSavings && Object.keys(a.metricSavings).length ? { savings: a.metricSavings } : {}),
  }));
}

/** One Lighthouse run of `url` in a Chromium of its own, stopped afterwards whatever happens. */
async function audit(url: string): Promise<Result> {
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    // No config: the default one is the mobile run. Only the performance category is gathered.
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

function heaviestScripts(lhr: Result, origin: string, count = 5): LighthousePage['heaviestScripts'] {
  const details = lhr.audits['bootup-time']?.details as
    | { items?: Array<{ url?: string; total?: number; scripting?: number }> }
    | undefined;
  return (details?.items ?? []).slice(0, count).map((r) => ({
    url: (r.url ?? '').startsWith(`${origin}/`) ? (r.url ?? '').slice(origin.length) : (r.url ?? ''),
    totalMs: Math.round(r.total ?? 0),
    scriptingMs: Math.round(r.scripting ?? 0),
  }));
}

/**
 * Scripts and style sheets that did not load: a page without its JavaScript scores high and means
 * nothing (it happens when a build replaces build/ under the running server).
 */
function failedAssets(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details as
    | { items?: Array<{ url?: string; statusCode?: number; resourceType?: string }> }
    | undefined;
  return (details?.items ?? [])
    .filter((r) => (r.resourceType === 'Script' || r.resourceType === 'Stylesheet') && (r.statusCode ?? 0) >= 400)
    .map((r) => `${r.url} answered ${r.statusCode}`);
}

function pageFigures(origin: string, path: string, lhr: Result): LighthousePage {
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error('no performance score');
  const failed = failedAssets(lhr);
  if (failed.length) throw new Error(`${failed.length} scripts or style sheets did not load: ${failed.join(', ')}`);
  return {
    path,
    score: Math.round(score * 100),
    fcpMs: Math.round(number(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(number(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(number(lhr, 'total-blocking-time')),
    cls: Math.round(number(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(number(lhr, 'speed-index')),
    findings: findings(lhr),
    heaviestScripts: heaviestScripts(lhr, origin),
    warnings: lhr.runWarnings.map(String),
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/**
 * Every page in turn (one Chromium at a time: two would share the two CPUs and inflate each other's
 * blocking time). A page Lighthouse cannot audit is reported in `failed`; the others are still measured.
 */
export async function measureLighthouse(
  origin: string,
  paths = LIGHTHOUSE_PAGES,
  onPage: (page: LighthousePage) => void = () => {},
): Promise<{ figures?: LighthouseFigures; failed: Array<{ path: string; problem: string }> }> {
  const pages: LighthousePage[] = [];
  const failed: Array<{ path: string; problem: string }> = [];
  let last: Result | undefined;
  for (const wanted of paths) {
    let path = wanted === NEWS_POST ? 'the first post on /berita/' : wanted;
    let retriedAfter: string | undefined;
    // Twice at most: under load Lighthouse sometimes loses the trace (NO_NAVSTART) and asks for another run.
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        if (wanted === NEWS_POST) path = await firstNewsPost(origin);
        last = await audit(origin + path);
        const page = { ...pageFigures(origin, path, last), ...(retriedAfter ? { retriedAfter } : {}) };
        pages.push(page);
        onPage(page);
        break;
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        if (attempt === 2) failed.push({ path, problem: `${problem} (first try: ${retriedAfter})` });
        retriedAfter = problem;
      }
    }
  }
  if (!last) return { failed };
  const { formFactor, throttlingMethod, throttling, screenEmulation } = last.configSettings;
  return {
    figures: {
      lighthouseVersion: last.lighthouseVersion,
      browser: last.environment.hostUserAgent,
      benchmarkIndex: Math.round(last.environment.benchmarkIndex),
      settings: { formFactor, throttlingMethod, throttling, screenEmulation },
      pages,
    },
    failed,
  };
}
