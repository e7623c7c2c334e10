import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { copyWidths, encodeSizes, MEDIA_FORMATS, type MediaFormat } from '~/content/media';
import type { Db } from '~/db';
import { syncAlbumPhotos } from './gallery.server';
import { backoffMs, MAX_ATTEMPTS, POST_PROCESS_MESSAGE, UPLOAD_LIMITS } from './model';
import { type MediaWorkerOptions, stagingDir, workers } from './worker-registry.server';

/**
 * The background job of gallery uploads (issue 14 "Gallery"): each uploaded photo's staged original
 * becomes the site's copies (content/media.ts: copyWidths × WebP and JPEG), auto-oriented, without
 * metadata. A job is a `media_job` row; any server process runs due jobs, and a conditional update
 * claims each for one process. A failed try is retried with exponential backoff; after the fifth the
 * upload is marked failed with the spec's post_process message, and nothing of it stays on disk.
 */

const QUALITY = 75;
/** A job claimed this long ago by a process that never finished it (it stopped) is run again. */
const STALE_MS = 5 * 60_000;

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
  let running = false;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    runDueJobs(db, options)
      .catch((error: unknown) => {
        const message = (error as Error).message;
        if (/destroyed|closed/i.test(message)) stop();
        else console.warn(`media jobs: ${message}`);
      })
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, options.pollMs);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    workers.delete(db);
  };
  workers.set(db, { options, wake: run });
  return stop;
}

/** Runs the jobs due now, one after another (2 CPUs: one image at a time); the number run. */
export async function runDueJobs(
  db: Db,
  options: Pick<Required<MediaWorkerOptions>, 'uploadsDir' | 'backoffMs'>,
  now: () => Date = () => new Date(),
): Promise<number> {
  let ran = 0;
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
  const stale = new Date(now.getTime() - STALE_MS).toISOString();
  const due = await db
    .selectFrom('media_job')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_try_at', '<=', at)]),
        eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', stale)]),
      ]),
    )
    .orderBy('next_try_at')
    .limit(5)
    .execute();
  for (const { id } of due) {
    const claimed = await db
      .updateTable('media_job')
      .set((eb) => ({ status: 'running', claimed_at: at, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_try_at', '<=', at)]),
          eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', stale)]),
        ]),
      )
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
  let image: ProcessedImage;
  try {
    image = await processImage(staged, options.uploadsDir, job.file);
  } catch (error) {
    const last = job.attempts >= MAX_ATTEMPTS;
    console.warn(`media job ${job.id} (try ${job.attempts} of ${MAX_ATTEMPTS}): ${(error as Error).message}`);
    // The last try: the original goes first, so that a failed upload never leaves a file behind.
    if (last) await fs.rm(staged, { force: true });
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('media_job')
        .set({
          status: last ? 'failed' : 'pending',
          claimed_at: null,
          error: last ? POST_PROCESS_MESSAGE : null,
          next_try_at: new Date(now().getTime() + backoffMs(job.attempts, options.backoffMs)).toISOString(),
        })
        .where('id', '=', job.id)
        .execute();
      if (last) await trx.updateTable('media').set({ status: 'failed' }).where('id', '=', job.media_id).execute();
    });
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('media')
      .set({ width: image.width, height: image.height, sizes: image.sizes, status: 'ready' })
      .where('id', '=', job.media_id)
      .execute();
    await trx
      .updateTable('media_job')
      .set({ status: 'done', claimed_at: null, error: null })
      .where('id', '=', job.id)
      .execute();
  });
  await fs.rm(staged, { force: true });
  // A photo described before it was ready shows on the public album now.
  if (job.post_id !== null) await syncAlbumPhotos(db, job.post_id, job.user_id);
}
