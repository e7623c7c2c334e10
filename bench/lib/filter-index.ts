import fs from 'node:fs';

/**
 * Issue 24's filter index figures: each server process writes one line when its index is built
 * (`filter index: 100156 posts, 180 sets, 4.9 MB, built in 1107 ms`, app/features/filters/filter-index.server.ts);
 * the bench reads them from the server's log.
 */
export interface FilterIndexFigures {
  processes: Array<{ posts: number; sets: number; megabytes: number; buildMs: number }>;
  /** The largest of the processes'. */
  megabytes: number;
  buildMs: number;
}

const LINE = /filter index: (\d+) posts, (\d+) sets, ([\d.]+) MB, built in (\d+) ms/g;

/** The figures once `processes` lines are in the log (each process builds its own at start); null after `waitMs`. */
export async function readFilterIndexFigures(
  logFile: string,
  processes: number,
  waitMs = 60_000,
): Promise<FilterIndexFigures | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const found = [...text.matchAll(LINE)].map((m) => ({
      posts: Number(m[1]),
      sets: Number(m[2]),
      megabytes: Number(m[3]),
      buildMs: Number(m[4]),
    }));
    if (found.length >= processes) {
      const built = found.slice(-processes);
      return {
        processes: built,
        megabytes: Math.max(...built.map((p) => p.megabytes)),
        buildMs: Math.max(...built.map((p) => p.buildMs)),
      };
    }
    if (Date.now() > until) return null;
    // Polled, not slept on: the index builds in the background after the server answers.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
