import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Db } from '~/db';
import { withStaffChange } from '~/lib/content-version.server';
import { env } from '~/lib/env.server';
import { CLAIM_LEASE_MS, claimAbandoned, claimerId } from '~/lib/job-claim';
import { jobLoop, processAlive, thisClaimer } from '~/lib/job-claim.server';
import { uploadDisplayName } from '~/staff/gallery/model';
import { dryRun } from './dry-run.server';
import { type ImportOptions, importWordPress } from './import.server';
import { WxrError } from './records';
import type { ImportReport } from './report';
import {
  IMPORT_UPLOAD_BYTES,
  looksLikeWxr,
  parseReport,
  progressDue,
  type RunOptions,
  type RunStatus,
  type RunSummary,
  reportView,
  runOptionsFrom,
  serializeReport,
  WXR_HEAD_BYTES,
} from './run-model';
import { readWxr } from './wxr.server';

/**
 * The staff area's WordPress import (issue 26, Pengaturan → Impor): the upload, streamed to a folder beside the
 * uploads folder (never served), becomes an `import_run` row; any server process claims the oldest unfinished run
 * with a conditional update (one import at a time on the whole site: two at once would race for the same items)
 * and runs it, writing its progress at most every 250 ms and renewing its claim's heartbeat; at the end the report
 * is stored and the file removed. A run whose process stopped is taken back (app/lib/job-claim.ts: at once on its
 * own host, after the lease from another) and run again from the start, which the import's matching by the old
 * site's ids makes safe; a second stop fails it, so a file that kills its process is not tried forever.
 */

const me = claimerId(thisClaimer);

/** The folder of uploaded exports: beside the uploads folder (as the gallery's staging folder), so never served. */
export function importDir(uploadsDir: string): string {
  return path.join(path.dirname(uploadsDir), `${path.basename(uploadsDir)}-import`);
}

/** The folder holding the old site's `wp-content/uploads/` for staff-area imports (IMPORT_UPLOADS_DIR), if any. */
export function serverUploadsDir(): string | null {
  const dir = env().IMPORT_UPLOADS_DIR;
  if (!dir) return null;
  const resolved = path.resolve(dir);
  return fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory() ? resolved : null;
}

/** How this process runs the imports (server/app.ts; tests poll faster). */
export interface ImportWorkerOptions {
  uploadsDir: string;
  /** how often due runs are looked for (default 1 s) */
  pollMs?: number;
}

interface ImportWorker {
  options: Required<ImportWorkerOptions>;
  wake(): void;
}

// One registry per process, on globalThis: server/app.ts (run by tsx) and the app's bundle each load their own
// copy of this module, and the upload action must find the worker the server started (as the gallery's does).
const REGISTRY = Symbol.for('smp-tunas-bangsa.import-worker');
const shared = globalThis as typeof globalThis & { [REGISTRY]?: WeakMap<object, ImportWorker> };
shared[REGISTRY] ??= new WeakMap();
const workers = shared[REGISTRY];

/** Starts this process's import worker for the database (server/app.ts, at boot). Returns what stops it. */
export function startImportWorker(db: Db, opts: ImportWorkerOptions): () => void {
  if (workers.has(db)) return () => {};
  const options = { pollMs: 1_000, ...opts };
  const loop = jobLoop(
    'import runs',
    () => runDueImports(db, options),
    options.pollMs,
    () => recoverImports(db, options.uploadsDir),
  );
  workers.set(db, { options, wake: loop.wake });
  return () => {
    loop.stop();
    workers.delete(db);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The upload

/** What the upload action comes to: the new run, or a refusal in words with its status. */
export type UploadOutcome = { ok: true; runId: number } | { ok: false; status: number; message: string };

/** The form's field of the export, and the others the form posts. */
export const UPLOAD_FIELD = 'berkas';

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Received {
  fields: Record<string, string>;
  file: { path: string; name: string; bytes: number; head: Buffer; tooLarge: boolean } | null;
}

/**
 * Reads a multipart body as it arrives: its fields, and the export written straight to `target` (never held in
 * memory), at most `maxBytes`. `beforeFile` runs when the file's part begins, with the fields read so far (the
 * CSRF token, which the form sends first): a throw refuses the upload before a byte is written.
 */
function receive(
  request: Request,
  target: string,
  maxBytes: number,
  beforeFile: (fields: Record<string, string>) => void,
): Promise<Received> {
  const type = request.headers.get('content-type') ?? '';
  return new Promise<Received>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Promise<NonNullable<Received['file']>> | null = null;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // A refused or broken upload leaves nothing behind, whatever part of the file was written.
      void Promise.resolve(file)
        .catch(() => {})
        .finally(() => fsp.rm(target, { force: true }).finally(() => reject(error)));
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': type },
        // Browsers send the file's name in UTF-8.
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 4_096, parts: 24 },
      });
    } catch {
      reject(new Refusal(400, 'Kirim berkas ekspor lewat formulir unggah.'));
      return;
    }
    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      if (field !== UPLOAD_FIELD || file !== null || !info.filename) {
        stream.resume();
        return;
      }
      try {
        beforeFile(fields);
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }
      let head = Buffer.alloc(0);
      let bytes = 0;
      let tooLarge = false;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (head.length < WXR_HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, WXR_HEAD_BYTES);
      });
      stream.on('limit', () => {
        tooLarge = true;
      });
      const name = info.filename;
      const written = pipeline(stream, fs.createWriteStream(target, { flags: 'wx' })).then(() => ({
        path: target,
        name,
        bytes,
        head,
        tooLarge,
      }));
      written.catch(fail);
      file = written;
    });
    parser.on('close', () => {
      if (settled) return;
      Promise.resolve(file).then((f) => {
        if (settled) return;
        settled = true;
        resolve({ fields, file: f });
      }, fail);
    });
    parser.on('error', () =>
      fail(new Refusal(400, 'Kiriman tidak dapat dibaca. Pilih berkasnya lagi, lalu kirim ulang.')),
    );
    if (!request.body) {
      fail(new Refusal(400, 'Pilih berkas ekspor WordPress (.xml) untuk diunggah.'));
      return;
    }
    pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser).catch(() =>
      fail(new Refusal(400, 'Kiriman terputus sebelum selesai. Unggah lagi.')),
    );
  });
}

/**
 * Reads and drops what is left of a refused upload's body (at most a little over the limit): a browser still
 * sending its file reads the answer only once its request is sent, and a connection closed under it shows as a
 * network error instead of the refusal.
 */
export async function drainBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  let size = 0;
  try {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > IMPORT_UPLOAD_BYTES + 1024 * 1024) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The visitor left: nothing more to read.
  }
}

/**
 * Takes an uploaded export (a multipart post of `berkas`, `jenis`, `gambar` and the CSRF token): refused past
 * IMPORT_UPLOAD_BYTES, when the token is missing or wrong (`checkToken` throws: before a byte is written), when it
 * does not look like a WordPress export, or with a choice the server cannot honour; else the file is kept under a
 * name the server makes and a pending run is recorded (audited), and this process's worker woken.
 */
export async function receiveImportUpload(
  db: Db,
  userId: number,
  request: Request,
  checkToken: (fields: Record<string, string>) => void,
  now = new Date(),
): Promise<UploadOutcome> {
  const tooLarge = `Berkas ini lebih dari ${IMPORT_UPLOAD_BYTES / 1024 / 1024} MB. Untuk ekspor sebesar ini, minta teknisi menjalankan npm run import:wordpress di server.`;
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return { ok: false, status: 400, message: 'Kirim berkas ekspor lewat formulir unggah.' };
  }
  // The body holds the file and a few short fields: its declared length says at once when it cannot fit.
  if (Number(request.headers.get('content-length') ?? 0) > IMPORT_UPLOAD_BYTES + 64 * 1024) {
    return { ok: false, status: 413, message: tooLarge };
  }
  const worker = workers.get(db);
  const uploadsDir = worker?.options.uploadsDir ?? path.resolve(env().UPLOADS_DIR ?? 'data/uploads');
  const dir = importDir(uploadsDir);
  await fsp.mkdir(dir, { recursive: true });
  const stored = `${randomBytes(8).toString('hex')}.xml`;
  const target = path.join(dir, stored);
  let received: Received;
  let tokenChecked = false;
  try {
    received = await receive(request, target, IMPORT_UPLOAD_BYTES, (fields) => {
      checkToken(fields);
      tokenChecked = true;
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
  const discard = () => fsp.rm(target, { force: true });
  // No file came: the token is still checked before anything else is said.
  if (!tokenChecked) {
    try {
      checkToken(received.fields);
    } finally {
      await discard();
    }
  }
  const refuse = async (status: number, message: string): Promise<UploadOutcome> => {
    await discard();
    return { ok: false, status, message };
  };
  const { file, fields } = received;
  if (!file) return refuse(400, 'Pilih berkas ekspor WordPress (.xml) untuk diunggah.');
  if (file.tooLarge) return refuse(413, tooLarge);
  if (file.bytes === 0) return refuse(400, 'Berkas ini kosong. Pilih berkas ekspor lain.');
  if (!looksLikeWxr(file.head)) {
    return refuse(
      400,
      'Berkas ini bukan ekspor WordPress (WXR). Di WordPress buka Alat → Ekspor, pilih "Semua konten", lalu unggah berkas .xml yang diunduh.',
    );
  }
  const options = runOptionsFrom(fields, serverUploadsDir());
  if ('error' in options) return refuse(400, options.error);
  const name = uploadDisplayName(file.name).slice(0, 200);
  try {
    const runId = await withStaffChange(db, async (trx, record) => {
      const { id } = await trx
        .insertInto('import_run')
        .values({
          user_id: userId,
          file: stored,
          original_name: name,
          options: JSON.stringify(options),
          status: 'pending',
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await record({
        userId,
        action: options.dryRun ? 'import.dry-run' : 'import.start',
        subjectType: 'import_run',
        subjectId: id,
        summary: name,
        public: false,
      });
      return id;
    });
    worker?.wake();
    return { ok: true, runId };
  } catch (error) {
    await discard();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The job

/** The import a run does; the tests put a slow or failing one in its place. */
type Importer = (
  db: Db,
  file: string,
  options: ImportOptions,
  onProgress?: (done: number, total: number) => void,
) => Promise<ImportReport>;

/** A run's claim went to another process (this one was thought gone): this one stops without writing more. */
class ClaimLost extends Error {}

/** Runs the due runs one after another (one import at a time on the whole site); the number run. */
export async function runDueImports(
  db: Db,
  options: Pick<Required<ImportWorkerOptions>, 'uploadsDir'>,
  now: () => Date = () => new Date(),
  importer: Importer = importWordPress,
): Promise<number> {
  let ran = 0;
  await releaseAbandonedRuns(db, options, now());
  for (;;) {
    const run = await claimNextRun(db, now());
    if (!run) return ran;
    await runImport(db, run, options, now, importer);
    ran++;
  }
}

/**
 * Claims the oldest unfinished run, if it waits: whatever the timing, the oldest unfinished run is the same for
 * every process until it ends, so no second run starts beside it, and the conditional update gives it to one.
 */
export async function claimNextRun(db: Db, now: Date) {
  const oldest = await db
    .selectFrom('import_run')
    .select(['id', 'status'])
    .where('status', 'in', ['pending', 'running'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (oldest?.status !== 'pending') return undefined;
  const at = now.toISOString();
  const claimed = await db
    .updateTable('import_run')
    .set({ status: 'running', claimed_by: me, claimed_at: at, heartbeat_at: at, done: 0, total: 0 })
    .where('id', '=', oldest.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('import_run')
    .select(['id', 'user_id', 'file', 'original_name', 'options', 'error'])
    .where('id', '=', oldest.id)
    .executeTakeFirstOrThrow();
}

type ClaimedRun = NonNullable<Awaited<ReturnType<typeof claimNextRun>>>;

/** Words of a run taken back once; a run taken back with them already is failed. */
const TAKEN_BACK =
  'Proses server yang menjalankan impor ini berhenti; impor diulang dari awal (yang sudah masuk dikenali dan tidak digandakan).';
const TAKEN_BACK_TWICE =
  'Proses server berhenti dua kali saat menjalankan impor ini, jadi impor dihentikan. Periksa log server, lalu unggah berkasnya lagi.';

/** Counts the export's records (what the dry run's progress counts); null when the reader refuses the file. */
async function countRecords(file: string): Promise<number | null> {
  let records = 0;
  try {
    for await (const _ of readWxr(file)) records++;
  } catch (error) {
    if (error instanceof WxrError) return null;
    throw error;
  }
  return records;
}

async function runImport(
  db: Db,
  run: ClaimedRun,
  options: Pick<Required<ImportWorkerOptions>, 'uploadsDir'>,
  now: () => Date,
  importer: Importer,
) {
  const file = path.join(importDir(options.uploadsDir), run.file);
  const ours = () => db.updateTable('import_run').where('id', '=', run.id).where('claimed_by', '=', me);
  let lost = false;
  // The claim's heartbeat: other hosts leave the run alone while it beats.
  const heartbeat = setInterval(() => {
    ours()
      .set({ heartbeat_at: now().toISOString() })
      .executeTakeFirst()
      .then((r) => {
        if (Number(r.numUpdatedRows) === 0) lost = true;
      })
      .catch((error: unknown) => console.warn(`import run ${run.id} heartbeat: ${(error as Error).message}`));
  }, CLAIM_LEASE_MS / 4);
  heartbeat.unref();
  let lastWrite: number | null = null;
  let writing: Promise<unknown> = Promise.resolve();
  const progress = (done: number, total: number | null) => {
    if (lost) throw new ClaimLost();
    const at = now();
    if (!progressDue(lastWrite, at.getTime(), done, total)) return;
    lastWrite = at.getTime();
    writing = writing.then(() =>
      ours()
        .set({ done, total: total ?? 0, heartbeat_at: at.toISOString() })
        .executeTakeFirst()
        .then(
          (r) => {
            if (Number(r.numUpdatedRows) === 0) lost = true;
          },
          (error: unknown) => console.warn(`import run ${run.id} progress: ${(error as Error).message}`),
        ),
    );
  };
  let status: RunStatus = 'done';
  let report: ImportReport | null = null;
  let error: string | null = null;
  try {
    const chosen = parseRunOptions(run.options);
    if (!fs.existsSync(file)) throw new Error('Berkas unggahan tidak ditemukan di server ini.');
    if (chosen.dryRun) {
      const total = await countRecords(file);
      progress(0, total);
      report = await dryRun(file, { uploads: chosen.uploads ?? undefined, fetchMedia: chosen.fetchMedia }, (n) =>
        progress(n, total),
      );
    } else {
      report = await importer(
        db,
        file,
        {
          uploads: chosen.uploads ?? undefined,
          fetchMedia: chosen.fetchMedia,
          uploadsDir: options.uploadsDir,
          userId: run.user_id,
        },
        (done, total) => progress(done, total),
      );
    }
    // The report names the file as the administrator sent it, not the server's copy.
    report.file = run.original_name;
    if (report.refused) {
      status = 'failed';
      error = `Berkas ditolak: ${report.refused}`;
    }
  } catch (failure) {
    if (failure instanceof ClaimLost || lost) {
      clearInterval(heartbeat);
      console.warn(`import run ${run.id}: its claim went to another process; this one stops`);
      return;
    }
    status = 'failed';
    error = `Impor berhenti karena kesalahan: ${(failure as Error).message}`;
    console.warn(`import run ${run.id}: ${(failure as Error).stack ?? failure}`);
  }
  clearInterval(heartbeat);
  await writing;
  const last = await db
    .selectFrom('import_run')
    .select(['done', 'total'])
    .where('id', '=', run.id)
    .executeTakeFirstOrThrow();
  const ended = await ours()
    .set({
      status,
      report: report ? serializeReport(report) : null,
      error,
      // A finished run's bar is full; a failed one's stays where it stopped.
      done: status === 'done' ? Math.max(last.total, last.done) : last.done,
      total: Math.max(last.total, last.done),
      claimed_by: null,
      claimed_at: null,
      heartbeat_at: null,
      finished_at: now().toISOString(),
    })
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) === 1) await fsp.rm(file, { force: true });
}

/** The run's options as stored (older rows may lack `uploads`). */
function parseRunOptions(json: string): RunOptions {
  const raw = JSON.parse(json) as Partial<RunOptions>;
  return {
    dryRun: raw.dryRun !== false,
    fetchMedia: raw.fetchMedia === true,
    uploads: typeof raw.uploads === 'string' ? raw.uploads : null,
  };
}

/**
 * Takes back the running runs whose process is gone (job-claim.ts `claimAbandoned`): each waits to run again
 * from the start, or fails when it was taken back before. Conditional on the claim it read, so of two processes
 * taking back one run, one does. Returns how many.
 */
export async function releaseAbandonedRuns(
  db: Db,
  options: Pick<Required<ImportWorkerOptions>, 'uploadsDir'>,
  now: Date = new Date(),
): Promise<number> {
  const running = await db
    .selectFrom('import_run')
    .select(['id', 'file', 'error', 'claimed_by', 'claimed_at', 'heartbeat_at'])
    .where('status', '=', 'running')
    .execute();
  let released = 0;
  for (const run of running) {
    const claim = { claimedBy: run.claimed_by, heartbeatAt: run.heartbeat_at, claimedAt: run.claimed_at };
    if (!claimAbandoned(claim, thisClaimer, now, processAlive)) continue;
    const twice = run.error === TAKEN_BACK;
    const taken = await db
      .updateTable('import_run')
      .set({
        status: twice ? 'failed' : 'pending',
        error: twice ? TAKEN_BACK_TWICE : TAKEN_BACK,
        claimed_by: null,
        claimed_at: null,
        heartbeat_at: null,
        ...(twice ? { finished_at: now.toISOString() } : {}),
      })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .where((eb) => (run.claimed_by === null ? eb('claimed_by', 'is', null) : eb('claimed_by', '=', run.claimed_by)))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    console.warn(
      `import run ${run.id}: its process (${run.claimed_by ?? '?'}) stopped; ${twice ? 'failed' : 'taken back'}`,
    );
    if (twice) await fsp.rm(path.join(importDir(options.uploadsDir), run.file), { force: true });
    released++;
  }
  return released;
}

/** An uploaded export no unfinished run names is removed once it is this old (its upload may be mid-way). */
const UPLOAD_GRACE_MS = 60 * 60_000;

/** At start: the runs whose process is gone are taken back, and exports no unfinished run names removed. */
export async function recoverImports(db: Db, uploadsDir: string, now: Date = new Date()) {
  const released = await releaseAbandonedRuns(db, { uploadsDir }, now);
  const dir = importDir(uploadsDir);
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  if (names.length > 0) {
    const waiting = await db
      .selectFrom('import_run')
      .select('file')
      .where('status', 'in', ['pending', 'running'])
      .execute();
    const named = new Set(waiting.map((r) => r.file));
    for (const name of names) {
      if (named.has(name)) continue;
      const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
      if (!stat?.isFile() || now.getTime() - stat.mtimeMs < UPLOAD_GRACE_MS) continue;
      await fsp.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return { released, removed };
}

// ---------------------------------------------------------------------------------------------------------------
// What the pages read

const runColumns = [
  'import_run.id',
  'import_run.status',
  'import_run.original_name',
  'import_run.options',
  'import_run.done',
  'import_run.total',
  'import_run.created_at',
  'import_run.finished_at',
  'app_user.display_name',
] as const;

function summary(row: {
  id: number;
  status: string;
  original_name: string;
  options: string;
  done: number;
  total: number;
  created_at: string;
  finished_at: string | null;
  display_name: string | null;
}): RunSummary {
  const options = parseRunOptions(row.options);
  return {
    id: row.id,
    status: row.status as RunStatus,
    name: row.original_name,
    who: row.display_name,
    dryRun: options.dryRun,
    media: options.uploads ? 'server' : options.fetchMedia ? 'unduh' : 'tidak',
    done: row.done,
    total: row.total,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The newest runs, newest first. */
export async function listRuns(db: Db, limit = 20): Promise<RunSummary[]> {
  const rows = await db
    .selectFrom('import_run')
    .leftJoin('app_user', 'app_user.id', 'import_run.user_id')
    .select(runColumns)
    .orderBy('import_run.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(summary);
}

/** One run with its error and its report's lists; null when there is no such run. */
export async function runDetails(db: Db, id: number) {
  const row = await db
    .selectFrom('import_run')
    .leftJoin('app_user', 'app_user.id', 'import_run.user_id')
    .select([...runColumns, 'import_run.error', 'import_run.report'])
    .where('import_run.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...summary(row),
    error: row.error,
    report: row.report ? reportView(parseReport(row.report)) : null,
  };
}

/** A run's progress alone (the page asks for it every second while the run is unfinished). */
export async function runProgress(db: Db, id: number) {
  const row = await db
    .selectFrom('import_run')
    .select(['status', 'done', 'total', 'error'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { status: row.status as RunStatus, done: row.done, total: row.total, error: row.error } : null;
}
