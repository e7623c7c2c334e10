/**
 * The WordPress import's report (issue 26): how many of each kind came in (or would, in a dry run), what was
 * skipped and why, and the problems, each one line naming the item. Pure: the CLI prints `formatReport`, the
 * staff page will show the same lines.
 */

/** What the report counts, in its order, with the words staff read. */
export const COUNTED = {
  news: 'berita',
  page: 'halaman',
  gallery: 'item galeri',
  media: 'gambar',
  term: 'istilah (kategori, tag …)',
  menu: 'menu',
  'menu-item': 'item menu',
  comment: 'komentar',
  author: 'penulis',
} as const;
export type Counted = keyof typeof COUNTED;

/** What a real import did with each thing it counted; a dry run records none. */
export const CHANGES = {
  added: 'baru',
  updated: 'diperbarui',
  unchanged: 'tidak berubah',
  matched: 'dipadankan dengan yang sudah ada',
} as const;
export type Change = keyof typeof CHANGES;

export interface ReportLine {
  what: string;
  why: string;
}

export interface ImportReport {
  file: string;
  dryRun: boolean;
  counts: Record<Counted, number>;
  /** A real import's counts split by what it did (a second run of one file: all unchanged); absent in a dry run. */
  changes?: Partial<Record<Counted, Partial<Record<Change, number>>>>;
  skipped: ReportLine[];
  problems: ReportLine[];
  /** Shortcodes kept as text: name → the items holding it. */
  shortcodes: Map<string, string[]>;
  /** Why the file was refused, when it was: what the counts show is what had been read before. */
  refused: string | null;
  seconds: number | null;
}

export function emptyReport(file: string, dryRun: boolean): ImportReport {
  const counts = Object.fromEntries(Object.keys(COUNTED).map((k) => [k, 0])) as Record<Counted, number>;
  return { file, dryRun, counts, skipped: [], problems: [], shortcodes: new Map(), refused: null, seconds: null };
}

export function count(report: ImportReport, kind: Counted, n = 1): void {
  report.counts[kind] += n;
}

/** Counts a thing a real import wrote, or found as it was. */
export function counted(report: ImportReport, kind: Counted, change: Change, n = 1): void {
  count(report, kind, n);
  const changes = report.changes ?? {};
  const split = changes[kind] ?? {};
  split[change] = (split[change] ?? 0) + n;
  changes[kind] = split;
  report.changes = changes;
}

/** A count's split in words, `baru 2, tidak berubah 28`; empty when none was recorded. */
export function changesNote(report: ImportReport, kind: Counted): string {
  const split = report.changes?.[kind] ?? {};
  return (Object.entries(CHANGES) as Array<[Change, string]>)
    .filter(([change]) => (split[change] ?? 0) > 0)
    .map(([change, words]) => `${words} ${split[change]}`)
    .join(', ');
}

export function skip(report: ImportReport, what: string, why: string): void {
  report.skipped.push({ what, why });
}

export function problem(report: ImportReport, what: string, why: string): void {
  report.problems.push({ what, why });
}

export function noteShortcodes(report: ImportReport, what: string, names: readonly string[]): void {
  for (const name of names) {
    const items = report.shortcodes.get(name) ?? [];
    items.push(what);
    report.shortcodes.set(name, items);
  }
}

/** Items named per shortcode line before "… dan N lainnya". */
const NAMED_PER_LINE = 5;

/** The report as text, one line per count, skipped record, problem and shortcode. */
export function formatReport(report: ImportReport): string {
  const out: string[] = [];
  const verb = report.dryRun ? 'akan masuk' : 'masuk';
  out.push(`${report.dryRun ? 'Uji coba impor (tidak ada yang ditulis)' : 'Impor'}: ${report.file}`);
  if (report.refused) out.push('', `DITOLAK: ${report.refused}`, 'Yang terbaca sebelum penolakan:');
  out.push('', `Yang ${verb}:`);
  const width = Math.max(...Object.values(COUNTED).map((label) => label.length));
  for (const [kind, label] of Object.entries(COUNTED) as Array<[Counted, string]>) {
    const note = changesNote(report, kind);
    out.push(`  ${label.padEnd(width)}  ${report.counts[kind]}${note ? ` (${note})` : ''}`);
  }
  out.push('', `Dilewati (${report.skipped.length}):`);
  for (const s of report.skipped) out.push(`  - ${s.what}: ${s.why}`);
  out.push('', `Masalah (${report.problems.length}):`);
  for (const p of report.problems) out.push(`  - ${p.what}: ${p.why}`);
  if (report.shortcodes.size > 0) {
    out.push('', `Shortcode yang dibiarkan sebagai teks (${report.shortcodes.size}):`);
    for (const [name, items] of [...report.shortcodes].sort(([a], [b]) => a.localeCompare(b))) {
      const named = items.slice(0, NAMED_PER_LINE).join(', ');
      const more = items.length > NAMED_PER_LINE ? ` dan ${items.length - NAMED_PER_LINE} lainnya` : '';
      out.push(`  - [${name}] di ${items.length} item: ${named}${more}`);
    }
  }
  if (report.seconds !== null) out.push('', `Waktu: ${report.seconds.toFixed(2)} s`);
  return `${out.join('\n')}\n`;
}
