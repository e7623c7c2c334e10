import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatPostDate, formatSchoolTime } from '~/content/posts';
import { siteHref } from '~/lib/site-href';
import { StaffHead, StaffMessage } from '~/ui/staff';
import {
  progressAnnouncement,
  progressText,
  type ReportView,
  RUN_STATUS_LABELS,
  type RunStatus,
  type RunSummary,
} from '../run-model';
import { runHref } from './import-screen';

/** A run as its page shows it (run.server.ts runDetails). */
export interface RunScreenProps extends RunSummary {
  error: string | null;
  report: ReportView | null;
}

/** How often the page asks for the run's progress while it is unfinished. */
const POLL_MS = 1_000;

const MEDIA_WORDS = {
  tidak: 'tanpa gambar',
  server: 'gambar dari folder uploads di server',
  unduh: 'gambar diunduh dari situs lama',
} as const;

const when = (iso: string) => `${formatPostDate(iso)} ${formatSchoolTime(iso)}`;

interface Progress {
  status: RunStatus;
  done: number;
  total: number;
  error: string | null;
}

/**
 * One import run (issue 26): its progress bar while it waits or runs, then its report. With JavaScript the
 * progress is asked for every second (a small JSON answer) and the report loaded once the run ends; without it,
 * the page shows the state when it was opened and a "Muat ulang" link. A live region says the progress every tenth
 * of the way and at the end, not every second.
 */
export function RunScreen(run: RunScreenProps) {
  const revalidator = useRevalidator();
  const { status, done, total, error } = run;
  const [live, setLive] = useState<Progress>({ status, done, total, error });
  // A newer page load (after the report came) is what the page shows.
  useEffect(() => setLive({ status, done, total, error }), [status, done, total, error]);
  const unfinished = live.status === 'pending' || live.status === 'running';
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again after each answer (`live` changes)
  useEffect(() => {
    if (!unfinished) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`${runHref(run.id)}kemajuan/`, { headers: { accept: 'application/json' } });
        if (!res.ok) throw new Error(String(res.status));
        const next = (await res.json()) as Progress;
        if (stopped) return;
        setLive(next);
        // The report is the page's own data: read once the run has ended.
        if (next.status === 'done' || next.status === 'failed') revalidator.revalidate();
      } catch {
        // The next tick asks again.
        if (!stopped) setLive((p) => ({ ...p }));
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [live, unfinished, run.id, revalidator]);

  const text = progressText(live.status, live.done, live.total);
  const counted = live.total > 0;
  return (
    <section className="staff-import">
      <StaffHead
        title={run.name}
        within="Impor"
        heading={`${run.dryRun ? 'Uji coba impor' : 'Impor'}: ${run.name}`}
        back={{ to: siteHref('/admin/pengaturan/impor'), label: '‹ Semua impor' }}
      />
      <p>
        {`Diunggah ${when(run.createdAt)}${run.who ? ` oleh ${run.who}` : ''}; ${MEDIA_WORDS[run.media]}.`}
        {run.finishedAt ? ` Berakhir ${when(run.finishedAt)}.` : null}
      </p>
      <h2 id="impor-kemajuan">{`Status: ${RUN_STATUS_LABELS[live.status]}`}</h2>
      <progress
        aria-labelledby="impor-kemajuan"
        aria-describedby="impor-kemajuan-teks"
        max={counted ? live.total : undefined}
        value={counted ? Math.min(live.done, live.total) : undefined}
      />
      <p id="impor-kemajuan-teks">{text}</p>
      <p role="status" aria-live="polite" className="visually-hidden">
        {progressAnnouncement(live.status, live.done, live.total)}
      </p>
      {unfinished ? (
        <p>
          Halaman ini menampilkan kemajuan terbaru dengan sendirinya. Tanpa JavaScript:{' '}
          <Link to={runHref(run.id)} reloadDocument>
            Muat ulang
          </Link>
          . Impor tetap berjalan di server meskipun halaman ini ditutup.
        </p>
      ) : null}
      {live.error && live.status !== 'done' ? (
        <StaffMessage error={live.status === 'failed'}>{live.error}</StaffMessage>
      ) : null}
      {run.report && !unfinished ? <Report report={run.report} /> : null}
    </section>
  );
}

/** The report's lists: the same lines as the command line prints (report.ts formatReport). */
function Report({ report }: { report: ReportView }) {
  return (
    <section className="staff-import__report" aria-labelledby="impor-laporan">
      <h2 id="impor-laporan">Laporan</h2>
      <p>{report.heading}</p>
      {report.refused ? (
        <p>
          <strong>{`DITOLAK: ${report.refused}`}</strong> Yang terbaca sebelum penolakan:
        </p>
      ) : null}
      <h3>{`${report.countsHeading}:`}</h3>
      <dl className="staff-import__counts">
        {report.counts.map((c) => (
          <div key={c.kind} className="staff-import__count">
            <dt>{c.label}</dt>
            <dd>{c.count}</dd>
          </div>
        ))}
      </dl>
      <ReportList heading="Dilewati" lines={report.skipped} />
      <ReportList heading="Masalah" lines={report.problems} />
      {report.shortcodes.length > 0 ? (
        <ReportList heading="Shortcode yang dibiarkan sebagai teks" lines={report.shortcodes} />
      ) : null}
      {report.seconds ? <p>{`Waktu: ${report.seconds}`}</p> : null}
    </section>
  );
}

function ReportList({ heading, lines }: { heading: string; lines: string[] }) {
  return (
    <>
      <h3>{`${heading} (${lines.length})`}</h3>
      {lines.length > 0 ? (
        <ul>
          {lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      ) : (
        <p>Tidak ada.</p>
      )}
    </>
  );
}
