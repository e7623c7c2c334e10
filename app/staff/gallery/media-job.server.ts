import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExpressionBuilder } from 'kysely';
import sharp from 'sharp';
import { copyWidths, encodeSizes, MEDIA_FORMATS, type MediaFormat } from '~/content/media';
import type { Database, Db } from '~/db';
import { backoffMs, CLAIM_LEASE_MS, claimAbandoned, claimerId } from '~/lib/job-claim';
import { jobLoop, processAlive, thisClaimer } from '~/lib/job-claim.server';
import { syncAlbumPhotos } from './gallery.server';
import { sharpFormat } from './image-bytes';
import { leftoverTemporary, MAX_ATTEMPTS, POST_PROCESS_MESSAGE, UPLOAD_FORMATS, UPLOAD_LIMITS } from './model';
import { type MediaWorkerOptions, stagedWriter, stagingDir, workers } from './worker-registry.server';

/**
 * The background job of gallery uploads (issue 14 "Gallery"): each uploaded photo's staged original
 * becomes the site's copies (content/media.ts: copyWidths × WebP and JPEG), auto-oriented, without
 * metadata. A job is a `media_job` row; any server process runs due jobs, and a conditional update
 * claims each for one process, which renews a heartbeat while it works. A failed try is retried with
 * exponential backoff; after the fifth the upload is marked failed with the spec's post_process
 * message, and nothing of it stays on disk. A process killed mid-job (issue 21) leaves its job
 * running: on its host that job is taken back at once (at start and on every poll), elsewhere when
 * its heartbeat stops; at start the temporary files and staged originals it left are removed.
 */

const QUALITY = 75;
/** A staged original no waiting job names is removed once it is this old (its upload may be mid-way). */
const STAGED_GRACE_MS = 10 * 60_000;
const me = claimerId(thisClaimer);

/** The copies of one image, as the `media` row records them. */
export interface ProcessedImage {
  width: number;
  height: number;
  sizes: string;
  /** the files written, below the uploads folder */
  files: string[];
}

/**
 * Makes the copies of the image at `source` as `${uploadsDir}/${file}-${w}w.{webp,jpg}`: decoded once
 * at the largest width (JPEG shrink-on-load), each copy from those pixels; each file written under a
 * temporary name and renamed. On any error every file it wrote (and any temporary one) is removed.
 */
export async function processImage(source: string, uploadsDir: string, file: string): Promise<ProcessedImage> {
  const written: string[] = [];
  try {
    const input = sharp(source, { limitInputPixels: UPLOAD_LIMITS.pixels, failOn: 'warning' });
    const meta = await input.metadata();
    // Only what the upload check took is decoded (a staged file is never anything else).
    if (!(UPLOAD_FORMATS as readonly (string | undefined)[]).includes(sharpFormat(meta)))
      throw new Error('not an upload format');
    const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
    if (!oriented.width || !oriented.height) throw new Error('no dimensions');
    const size = { width: oriented.width, height: oriented.height };
    const widths = copyWidths(size.width);
    const widest = widths[widths.length - 1] as number;
    const { data, info } = await input
      .autoOrient()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const formats: MediaFormat[] = [...MEDIA_FORMATS];
    const target = (w: number, f: MediaFormat) => path.join(uploadsDir, `${file}-${w}w.${f}`);
    await fs.mkdir(path.dirname(target(widest, 'jpg')), { recursive: true });
    await Promise.all(
      widths.flatMap((w) =>
        formats.map(async (f) => {
          let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
          if (w !== info.width) image = image.resize({ width: w });
          const encoded =
            f === 'webp'
              ? image.webp({ quality: QUALITY, effort: 2 })
              : // A transparent PNG's JPEG copy is on white, as the site's pages are.
                image.flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, progressive: true });
          const out = target(w, f);
          const tmp = `${out}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
          written.push(tmp);
          await encoded.toFile(tmp);
          await fs.rename(tmp, out);
          written.push(out);
        }),
      ),
    );
    return { ...size, sizes: encodeSizes(size, widths, formats), files: written.filter((f) => !f.endsWith('.tmp')) };
  } catch (error) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })));
    throw error;
  }
}

/**
 * Starts this process's worker for the database (server/app.ts, at boot; once per database; the
 * timer keeps nothing alive). Returns what stops it.
 */
export function startMediaWorker(db: Db, opts: MediaWorkerOptions): () => void {
  if (workers.has(db)) return () => {};
  const options = { backoffMs: 2_000, pollMs: 1_000, ...opts };
  // What a killed process left is cleared before this one's first jobs.
  const loop = jobLoop(
    'media jobs',
    () => runDueJobs(db, options),
    options.pollMs,
    () => recoverAfterCrash(db, options.uploadsDir),
  );
  const stop = () => {
    loop.stop();
    workers.delete(db);
  };
  workers.set(db, { options, wake: loop.wake });
  return stop;
}

/** Runs the jobs due now, one after another (2 CPUs: one image at a time); the number run. */
export async function runDueJobs(
  db: Db,
  options: Pick<Required<MediaWorkerOptions>, 'uploadsDir' | 'backoffMs'>,
  now: () => Date = () => new Date(),
): Promise<number> {
  let ran = 0;
  await releaseAbandonedJobs(db, options, now());
  for (;;) {
    const job = await claimNextJob(db, now());
    if (!job) return ran;
    await runJob(db, job, options, now);
    ran++;
  }
}

/** Claims one due job for this process: the update succeeds for one process only. */
async function claimNextJob(db: Db, now: Date) {
  const at = now.toISOString();
  // A claim whose heartbeat stopped a lease ago (its process is gone, on any host) is taken over.
  const lapsed = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const due = (eb: ExpressionBuilder<Database, 'media_job'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_try_at', '<=', at)]),
      eb.and([eb('status', '=', 'running'), eb(eb.fn.coalesce('heartbeat_at', 'claimed_at'), '<', lapsed)]),
    ]);
  const candidates = await db.selectFrom('media_job').select('id').where(due).orderBy('next_try_at').limit(5).execute();
  for (const { id } of candidates) {
    const claimed = await db
      .updateTable('media_job')
      .set((eb) => ({
        status: 'running',
        claimed_at: at,
        claimed_by: me,
        heartbeat_at: at,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where(due)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) {
      return db
        .selectFrom('media_job')
        .innerJoin('media', 'media.id', 'media_job.media_id')
        .select([
          'media_job.id',
          'media_job.media_id',
          'media_job.post_id',
          'media_job.user_id',
          'media_job.source',
          'media_job.attempts',
          'media.file',
        ])
        .where('media_job.id', '=', id)
        .executeTakeFirst();
    }
  }
  return undefined;
}

type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimNextJob>>>;

async function runJob(
  db: Db,
  job: ClaimedJob,
  options: Pick<Required<MediaWorkerOptions>, 'uploadsDir' | 'backoffMs'>,
  now: () => Date,
) {
  const staged = path.join(stagingDir(options.uploadsDir), job.source);
  // The claim's heartbeat: other hosts leave the job alone while it beats.
  const heartbeat = setInterval(() => {
    db.updateTable('media_job')
      .set({ heartbeat_at: now().toISOString() })
      .where('id', '=', job.id)
      .where('claimed_by', '=', me)
      .execute()
      .catch((error: unknown) => console.warn(`media job ${job.id} heartbeat: ${(error as Error).message}`));
  }, CLAIM_LEASE_MS / 4);
  heartbeat.unref();
  let image: ProcessedImage;
  try {
    image = await processImage(staged, options.uploadsDir, job.file);
  } catch (error) {
    clearInterval(heartbeat);
    console.warn(`media job ${job.id} (try ${job.attempts} of ${MAX_ATTEMPTS}): ${(error as Error).message}`);
    await endFailedTry(db, job, options, new Date(now().getTime() + backoffMs(job.attempts, options.backoffMs)));
    return;
  }
  clearInterval(heartbeat);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('media')
      .set({ width: image.width, height: image.height, sizes: image.sizes, status: 'ready' })
      .where('id', '=', job.media_id)
      .execute();
    await trx
      .updateTable('media_job')
      .set({ status: 'done', claimed_at: null, claimed_by: null, heartbeat_at: null, error: null })
      .where('id', '=', job.id)
      .execute();
  });
  await fs.rm(staged, { force: true });
  // A photo described before it was ready shows on the public album now.
  if (job.post_id !== null) await syncAlbumPhotos(db, job.post_id, job.user_id);
}

/**
 * A try that did not finish (it failed, or its process stopped): the job waits for its next try, or
 * after the last one the upload is marked failed. Only while the claim is still this one's.
 */
async function endFailedTry(
  db: Db,
  job: { id: number; media_id: number; source: string; attempts: number },
  options: Pick<Required<MediaWorkerOptions>, 'uploadsDir'>,
  nextTry: Date,
  claimedBy: string | null = me,
) {
  const last = job.attempts >= MAX_ATTEMPTS;
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('media_job')
      .set({
        status: last ? 'failed' : 'pending',
        claimed_at: null,
        claimed_by: null,
        heartbeat_at: null,
        error: last ? POST_PROCESS_MESSAGE : null,
        next_try_at: nextTry.toISOString(),
      })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where((eb) => (claimedBy === null ? eb('claimed_by', 'is', null) : eb('claimed_by', '=', claimedBy)))
      .executeTakeFirst();
    if (last && Number(ended.numUpdatedRows) === 1) {
      await trx.updateTable('media').set({ status: 'failed' }).where('id', '=', job.media_id).execute();
    }
  });
  // A failed upload never leaves a file behind.
  if (last) await fs.rm(path.join(stagingDir(options.uploadsDir), job.source), { force: true });
}

/**
 * Takes back the running jobs whose process is gone (model.ts `claimAbandoned`): each waits for its
 * next try at once, or fails when the stopped try was its last (a photo that kills its process
 * every time is not tried forever). Returns how many.
 */
export async function releaseAbandonedJobs(
  db: Db,
  options: Pick<Required<MediaWorkerOptions>, 'uploadsDir'>,
  now: Date = new Date(),
): Promise<number> {
  const running = await db
    .selectFrom('media_job')
    .select(['id', 'media_id', 'source', 'attempts', 'claimed_by', 'claimed_at', 'heartbeat_at'])
    .where('status', '=', 'running')
    .execute();
  let released = 0;
  for (const job of running) {
    const claim = { claimedBy: job.claimed_by, heartbeatAt: job.heartbeat_at, claimedAt: job.claimed_at };
    if (!claimAbandoned(claim, thisClaimer, now, processAlive)) continue;
    console.warn(`media job ${job.id}: its process (${job.claimed_by ?? '?'}) stopped; taken back`);
    await endFailedTry(db, job, options, now, job.claimed_by);
    released++;
  }
  return released;
}

/**
 * What a server killed mid-upload leaves, cleared when a process starts (and its abandoned jobs taken
 * back): temporary files in the uploads folder whose writer is gone, and staged originals no waiting
 * or running job names (a post's photo is its job's until the job is done).
 */
export async function recoverAfterCrash(db: Db, uploadsDir: string, now: Date = new Date()) {
  const released = await releaseAbandonedJobs(db, { uploadsDir }, now);
  let temporary = 0;
  const ownProcess = { pid: process.pid, uptimeMs: process.uptime() * 1000 };
  const entries = await fs.readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || !leftoverTemporary(entry.name, now.getTime() - stat.mtimeMs, ownProcess, processAlive)) continue;
    await fs.rm(file, { force: true });
    temporary++;
  }
  let staged = 0;
  const staging = stagingDir(uploadsDir);
  const names = await fs.readdir(staging).catch(() => [] as string[]);
  if (names.length > 0) {
    const waiting = await db
      .selectFrom('media_job')
      .select('source')
      .where('status', 'in', ['pending', 'running'])
      .execute();
    const named = new Set(waiting.map((j) => j.source));
    for (const name of names) {
      if (named.has(name)) continue;
      const file = path.join(staging, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      const ageMs = now.getTime() - stat.mtimeMs;
      // Staged on this host by a process that has ended (or by an earlier one under this pid): its upload
      // was never recorded and never will be. Any other waits out the grace (its upload may be mid-way).
      const writer = stagedWriter(name);
      const writerGone =
        writer !== null && (writer.pid === ownProcess.pid ? ageMs > ownProcess.uptimeMs : !processAlive(writer.pid));
      if (!writerGone && ageMs < STAGED_GRACE_MS) continue;
      await fs.rm(file, { force: true });
      staged++;
    }
  }
  if (released + temporary + staged > 0) {
    console.warn(`media jobs: ${released} taken back, ${temporary} temporary and ${staged} staged files removed`);
  }
  return { released, temporary, staged };
}
