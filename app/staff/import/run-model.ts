/**
 * The staff area's import runs (issue 26, Pengaturan → Impor): the rules of the upload, the progress and the
 * report as the page shows them. Pure: the job (run.server.ts), the route and the page's components share them.
 */
import { COUNTED, type Counted, type ImportReport, type ReportLine } from './report';

/**
 * The largest export the staff page takes: 100 MB, the request body nginx lets through (deploy/nginx.conf.template,
 * sized for the gallery). An export holds text only (its images stay on the old site): the fixture's 46 posts and 44
 * images are 0.33 MB, so 100 MB is some 30,000 posts. A larger file goes through `npm run import:wordpress`.
 */
export const IMPORT_UPLOAD_BYTES = 100 * 1024 * 1024;

/** How much of the file's start the quick check reads (WordPress's own header comment is about 1.5 KB). */
export const WXR_HEAD_BYTES = 16 * 1024;

/** Progress is written to the run's row at most this often (the page asks every second). */
export const PROGRESS_EVERY_MS = 250;

export const RUN_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  pending: 'Menunggu',
  running: 'Berjalan',
  done: 'Selesai',
  failed: 'Gagal',
};

/** Where the images come from: none, the folder on the server (IMPORT_UPLOADS_DIR), or the old site's URLs. */
export const MEDIA_CHOICES = ['tidak', 'server', 'unduh'] as const;
export type MediaChoice = (typeof MEDIA_CHOICES)[number];

/** What the administrator chose, as the run's `options` JSON keeps it. */
export interface RunOptions {
  dryRun: boolean;
  fetchMedia: boolean;
  /** the folder of the old site's `wp-content/uploads/` on the server, when the images come from there */
  uploads: string | null;
}

/**
 * The run's options from the form's fields: `jenis` ('uji' a dry run, else a real import), `gambar` (a
 * MediaChoice); 'server' only when the server has a folder for it. Null: a choice the form never offers.
 */
export function runOptionsFrom(
  fields: Record<string, string | undefined>,
  serverUploads: string | null,
): RunOptions | { error: string } {
  const dryRun = (fields.jenis ?? 'uji') === 'uji';
  if (!['uji', 'impor', undefined].includes(fields.jenis)) return { error: 'Pilih uji coba atau impor sungguhan.' };
  const media = (fields.gambar ?? 'tidak') as MediaChoice;
  if (!MEDIA_CHOICES.includes(media)) return { error: 'Pilih dari mana gambar diambil.' };
  if (media === 'server' && !serverUploads) {
    return { error: 'Server ini belum punya folder uploads untuk impor (IMPORT_UPLOADS_DIR). Pilih pilihan lain.' };
  }
  return { dryRun, fetchMedia: media === 'unduh', uploads: media === 'server' ? serverUploads : null };
}

/**
 * Whether a file's first bytes look like a WordPress export: XML (a declaration or the `<rss` root, after an
 * optional byte-order mark, blank space and comments) naming WordPress's export namespace. Only a quick check
 * before the file is kept: the reader (wxr.server.ts) checks the whole of it.
 */
export function looksLikeWxr(head: Buffer | string): boolean {
  const text = (typeof head === 'string' ? head : head.toString('utf8')).replace(/^\uFEFF/, '');
  if (!/^\s*<(\?xml\s|!--|rss[\s>])/.test(text)) return false;
  return /<rss[\s>]/.test(text) && /wordpress\.org\/export\/\d+\.\d+\//.test(text);
}

/** Whether progress should be written now: the first and last counts always, else at most every PROGRESS_EVERY_MS. */
export function progressDue(lastWriteMs: number | null, nowMs: number, done: number, total: number | null): boolean {
  if (lastWriteMs === null) return true;
  if (total !== null && total > 0 && done >= total) return true;
  return nowMs - lastWriteMs >= PROGRESS_EVERY_MS;
}

/** The progress in words: "123 dari 200 item", or while the items are still being counted, what is happening. */
export function progressText(status: RunStatus, done: number, total: number): string {
  if (status === 'pending') return 'Menunggu giliran: impor akan dimulai sebentar lagi.';
  if (total <= 0) return status === 'running' ? 'Menghitung item di berkas…' : `${done} item`;
  return `${Math.min(done, total)} dari ${total} item`;
}

/**
 * What the page's live region says, so that a screen reader hears the progress every tenth of the way and at
 * the end, not once a second: the same words for every count within one tenth.
 */
export function progressAnnouncement(status: RunStatus, done: number, total: number): string {
  if (status === 'done') return 'Impor selesai. Laporan ada di bawah.';
  if (status === 'failed') return 'Impor gagal. Alasannya ada di bawah.';
  if (status === 'pending' || total <= 0) return progressText(status, done, total);
  const tenths = Math.floor((Math.min(done, total) * 10) / total);
  return `Impor berjalan: ${tenths * 10} persen.`;
}

/** The report as stored in the run's row (JSON; its shortcodes, a Map, as pairs). */
export function serializeReport(report: ImportReport): string {
  return JSON.stringify({ ...report, shortcodes: [...report.shortcodes] });
}

/** The report from the run's row. */
export function parseReport(json: string): ImportReport {
  const raw = JSON.parse(json) as Omit<ImportReport, 'shortcodes'> & { shortcodes: Array<[string, string[]]> };
  return { ...raw, shortcodes: new Map(raw.shortcodes) };
}

/** Items named per shortcode line before "… dan N lainnya" (as report.ts formatReport says it). */
const NAMED_PER_LINE = 5;

/** The report as the page lists it: the same lines as `formatReport` (report.ts), grouped. */
export interface ReportView {
  heading: string;
  refused: string | null;
  /** "Yang masuk" or "Yang akan masuk" */
  countsHeading: string;
  counts: Array<{ kind: Counted; label: string; count: number }>;
  skipped: string[];
  problems: string[];
  shortcodes: string[];
  seconds: string | null;
}

const line = (l: ReportLine) => `${l.what}: ${l.why}`;

/** The report's lists (formatReport's lines without their indentation), for the page. */
export function reportView(report: ImportReport): ReportView {
  return {
    heading: `${report.dryRun ? 'Uji coba impor (tidak ada yang ditulis)' : 'Impor'}: ${report.file}`,
    refused: report.refused,
    countsHeading: `Yang ${report.dryRun ? 'akan masuk' : 'masuk'}`,
    counts: (Object.entries(COUNTED) as Array<[Counted, string]>).map(([kind, label]) => ({
      kind,
      label,
      count: report.counts[kind],
    })),
    skipped: report.skipped.map(line),
    problems: report.problems.map(line),
    shortcodes: [...report.shortcodes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, items]) => {
        const named = items.slice(0, NAMED_PER_LINE).join(', ');
        const more = items.length > NAMED_PER_LINE ? ` dan ${items.length - NAMED_PER_LINE} lainnya` : '';
        return `[${name}] di ${items.length} item: ${named}${more}`;
      }),
    seconds: report.seconds === null ? null : `${report.seconds.toFixed(2)} s`,
  };
}

/** One run as the staff pages show it (run.server.ts `listRuns`, `runDetails`). */
export interface RunSummary {
  id: number;
  status: RunStatus;
  name: string;
  who: string | null;
  dryRun: boolean;
  media: 'tidak' | 'server' | 'unduh';
  done: number;
  total: number;
  createdAt: string;
  finishedAt: string | null;
}
