import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import * as tar from 'tar';
import { isPostgresUrl, sqliteFileOf } from '../../app/db/connection.server';
import { KNOWN_MIGRATIONS } from '../../app/db/migrate.server';
import { stagingDir } from '../../app/staff/gallery/worker-registry.server';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  compareCounts,
  compareFiles,
  databaseFile,
  type FileEntry,
  isSafeArchivePath,
  isWorkFile,
  MANIFEST_FILE,
  type Manifest,
  readManifest,
  STAGING_ROOT,
  UPLOADS_ROOT,
} from './manifest';

const run = promisify(execFile);

/** Where a site keeps its data: the database (`DATABASE_URL`) and the uploads folder (`UPLOADS_DIR`). */
export interface SiteStorage {
  databaseUrl: string | undefined;
  uploadsDir: string;
}

type Dialect = Manifest['dialect'];
type DatabaseFacts = Pick<Manifest, 'counts' | 'migration'>;

const dialectOf = (url: string | undefined): Dialect => (isPostgresUrl(url) ? 'postgres' : 'sqlite');

// -- the backup ------------------------------------------------------------------------------------------

/**
 * Writes one consistent archive of the running site to `archive` (a .tar.gz): the database as one
 * snapshot, then the uploads. Files are taken after the database, so a photo uploaded meanwhile is at
 * worst an extra file, never a row without its files. The archive appears whole or not at all.
 */
export async function backup(storage: SiteStorage, archive: string): Promise<Manifest> {
  const target = path.resolve(archive);
  // Next to the archive: the finished file is renamed into place on the same file system.
  const work = await fsp.mkdtemp(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.${process.pid}.partial`;
  try {
    const dialect = dialectOf(storage.databaseUrl);
    const dbName = databaseFile(dialect);
    const dbCopy = path.join(work, dbName);
    const snapshot =
      dialect === 'sqlite'
        ? await snapshotSqlite(sqliteFileOf(storage.databaseUrl), dbCopy)
        : await snapshotPostgres(storage.databaseUrl as string, dbCopy);
    const files = [
      ...(await copyTree(storage.uploadsDir, work, UPLOADS_ROOT)),
      ...(await copyTree(stagingDir(storage.uploadsDir), work, STAGING_ROOT)),
    ];
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      dialect,
      schema: snapshot.schema,
      migration: snapshot.migration,
      database: { ...(await describeFile(dbCopy)), path: dbName },
      counts: snapshot.counts,
      files,
    };
    await fsp.writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
    const entries = [MANIFEST_FILE, dbName, UPLOADS_ROOT, STAGING_ROOT].filter((e) =>
      fs.existsSync(path.join(work, e)),
    );
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, entries);
    await fsp.rename(partial, target);
    return manifest;
  } finally {
    await fsp.rm(partial, { force: true });
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * SQLite's online backup API, all pages in one step: one read of a single snapshot while the site writes
 * (copied in small steps, a write by the site between two steps would start it over). The copy leaves WAL
 * mode, so the archive holds one self-contained file.
 */
async function snapshotSqlite(file: string, dest: string): Promise<DatabaseFacts & { schema: null }> {
  if (!fs.existsSync(file)) throw new Error(`no database at ${file}`);
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(dest);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return { ...sqliteFacts(dest), schema: null };
}

/**
 * pg_dump of the current schema, in the snapshot of a transaction that also counts the rows, so the counts
 * are those of the dump however the site writes meanwhile.
 */
async function snapshotPostgres(url: string, dest: string): Promise<DatabaseFacts & { schema: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const schema = (await client.query<{ s: string | null }>('select current_schema() as s')).rows[0]?.s;
    if (!schema) throw new Error('the database has no current schema (is its search_path right?)');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const facts = await postgresFacts(client, schema);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--schema=${schema}`,
      `--snapshot=${rows[0]?.id}`,
      `--file=${dest}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    return { ...facts, schema };
  } finally {
    await client.end();
  }
}

/** Each file below `from` hard-linked (else copied) to `work/root/…`, with its size and checksum. */
async function copyTree(from: string, work: string, root: string): Promise<FileEntry[]> {
  const out: FileEntry[] = [];
  for (const rel of await listFiles(from)) {
    const dest = path.join(work, root, rel);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    try {
      // Uploads are written to a temporary name and renamed: a link keeps the file as it is now.
      await fsp.link(path.join(from, rel), dest);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // removed since it was listed
      await fsp.copyFile(path.join(from, rel), dest);
    }
    out.push({ ...(await describeFile(dest)), path: `${root}/${rel}` });
  }
  return out;
}

/** Regular files below `dir` as relative POSIX paths, sorted; the image pipeline's work files left out. */
async function listFiles(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !isWorkFile(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

async function describeFile(file: string): Promise<Omit<FileEntry, 'path'>> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

// -- reading the database's facts -----------------------------------------------------------------------

/** Rows per table and the newest migration of a SQLite file; throws when the file is damaged. */
function sqliteFacts(file: string): DatabaseFacts {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the database copy is damaged: ${String(check)}`);
    const tables = db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL%' order by name`,
      )
      .pluck()
      .all() as string[];
    const counts: Record<string, number> = {};
    for (const t of tables)
      counts[t] = db
        .prepare(`select count(*) from "${t.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    const migration = tables.includes('kysely_migration')
      ? ((db.prepare('select name from kysely_migration order by name desc limit 1').pluck().get() as string) ?? null)
      : null;
    return { counts, migration };
  } finally {
    db.close();
  }
}

async function postgresFacts(client: pg.Client, schema: string): Promise<DatabaseFacts> {
  const { rows } = await client.query<{ t: string }>(
    `select table_name as t from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
    [schema],
  );
  const counts: Record<string, number> = {};
  const q = (t: string) => `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(t)}`;
  for (const { t } of rows) {
    counts[t] = Number((await client.query<{ n: string }>(`select count(*) as n from ${q(t)}`)).rows[0]?.n);
  }
  const migration = rows.some((r) => r.t === 'kysely_migration')
    ? ((await client.query<{ name: string }>(`select name from ${q('kysely_migration')} order by name desc limit 1`))
        .rows[0]?.name ?? null)
    : null;
  return { counts, migration };
}

// -- checking an archive ----------------------------------------------------------------------------------

/** Unpacks `archive` into `work`: regular files and folders only, inside it; answers its manifest. */
async function unpack(archive: string, work: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new Error(`no file ${archive}`);
  const refused: string[] = [];
  try {
    await tar.x({
      file: archive,
      cwd: work,
      strict: true,
      filter: (p, entry) => {
        const name = p.replace(/\/$/, '');
        const type = 'type' in entry ? entry.type : 'File';
        const ok = (type === 'File' || type === 'Directory') && isSafeArchivePath(name);
        if (!ok) refused.push(`${name} (${type})`);
        return ok;
      },
    });
  } catch (error) {
    throw new Error(`${archive} is not a backup archive (${(error as Error).message})`);
  }
  if (refused.length > 0)
    throw new Error(`the archive holds entries a backup never has: ${refused.slice(0, 5).join(', ')}`);
  const manifestFile = path.join(work, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) throw new Error(`${archive} holds no ${MANIFEST_FILE}: not a backup of this site`);
  return readManifest(await fsp.readFile(manifestFile, 'utf8'));
}

/** What in an unpacked archive disagrees with its manifest, one line each. */
async function checkUnpacked(manifest: Manifest, work: string): Promise<string[]> {
  const dbFile = path.join(work, databaseFile(manifest.dialect));
  if (manifest.database.path !== databaseFile(manifest.dialect))
    return [`database: unexpected name ${manifest.database.path}`];
  if (!fs.existsSync(dbFile)) return [`${manifest.database.path}: missing`];
  const problems = compareFiles(
    [manifest.database],
    new Map([[manifest.database.path, { ...(await describeFile(dbFile)), path: manifest.database.path }]]),
  );
  const found = new Map<string, FileEntry>();
  for (const root of [UPLOADS_ROOT, STAGING_ROOT])
    for (const rel of await listFiles(path.join(work, root))) {
      const p = `${root}/${rel}`;
      found.set(p, { ...(await describeFile(path.join(work, p))), path: p });
    }
  problems.push(...compareFiles(manifest.files, found));
  if (problems.length > 0) return problems;
  if (manifest.dialect === 'sqlite') {
    try {
      problems.push(...compareCounts(manifest.counts, sqliteFacts(dbFile).counts));
    } catch (error) {
      problems.push((error as Error).message);
    }
  } else {
    try {
      await run('pg_restore', ['--list', dbFile]);
    } catch (error) {
      problems.push(
        `${manifest.database.path}: pg_restore cannot read it (${(error as Error).message.split('\n')[0]})`,
      );
    }
  }
  return problems;
}

/** Checks an archive without restoring it: its manifest, every file's size and checksum, the database copy. */
export async function verifyArchive(archive: string): Promise<{ manifest: Manifest; problems: string[] }> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'smp-verify-'));
  try {
    const manifest = await unpack(path.resolve(archive), work);
    return { manifest, problems: await checkUnpacked(manifest, work) };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

// -- the restore --------------------------------------------------------------------------------------------

/**
 * Brings an archive into an empty database and uploads folder (the site stopped): checked first, refused
 * when either already holds something unless `force` (which replaces it), and checked again after: every
 * table's rows as backed up.
 */
export async function restore(
  storage: SiteStorage,
  archive: string,
  options: { force?: boolean } = {},
): Promise<Manifest> {
  const dialect = dialectOf(storage.databaseUrl);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'smp-restore-'));
  try {
    const manifest = await unpack(path.resolve(archive), work);
    const problems = await checkUnpacked(manifest, work);
    if (problems.length > 0)
      throw new Error(`the archive does not check out:\n  ${problems.slice(0, 20).join('\n  ')}`);
    if (manifest.dialect !== dialect)
      throw new Error(
        `this is a backup of a ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database; DATABASE_URL names a ${dialect === 'sqlite' ? 'SQLite file' : 'PostgreSQL database'}`,
      );
    if (manifest.migration && !KNOWN_MIGRATIONS.includes(manifest.migration))
      throw new Error(
        `the backup was made by a newer version of the site (migration ${manifest.migration}): update the site first`,
      );

    const staging = stagingDir(storage.uploadsDir);
    const held = [...(await listFiles(storage.uploadsDir)), ...(await listFiles(staging))].length;
    const tables =
      dialect === 'sqlite'
        ? sqliteTables(sqliteFileOf(storage.databaseUrl))
        : await postgresTables(storage.databaseUrl as string, manifest.schema as string);
    if (!options.force && (held > 0 || tables > 0))
      throw new Error(
        `the target is not empty (${tables} tables in the database, ${held} files in ${storage.uploadsDir}): restore into an empty database and uploads folder, or give --force to replace them`,
      );

    const dbCopy = path.join(work, databaseFile(dialect));
    if (dialect === 'sqlite') await replaceSqlite(dbCopy, sqliteFileOf(storage.databaseUrl));
    else await restorePostgres(dbCopy, storage.databaseUrl as string, manifest.schema as string);
    await replaceTree(path.join(work, UPLOADS_ROOT), storage.uploadsDir);
    await replaceTree(path.join(work, STAGING_ROOT), staging);

    const restored =
      dialect === 'sqlite'
        ? sqliteFacts(sqliteFileOf(storage.databaseUrl)).counts
        : await withClient(
            storage.databaseUrl as string,
            async (c) => (await postgresFacts(c, manifest.schema as string)).counts,
          );
    const differs = compareCounts(manifest.counts, restored);
    if (differs.length > 0)
      throw new Error(`the restored database differs from the backup:\n  ${differs.join('\n  ')}`);
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

function sqliteTables(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(`select count(*) from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

/** The copy takes the database file's place whole (a rename); the old file's WAL goes with it. */
async function replaceSqlite(copy: string, file: string): Promise<void> {
  await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const incoming = `${file}.${process.pid}.restoring`;
  await fsp.copyFile(copy, incoming);
  for (const suffix of ['-wal', '-shm']) await fsp.rm(`${file}${suffix}`, { force: true });
  await fsp.rename(incoming, file);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function postgresTables(url: string, schema: string): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = $1`,
      [schema],
    );
    return Number(rows[0]?.n);
  });
}

/** pg_restore in one transaction: the schema as it was backed up, or nothing (a failure leaves it as it was). */
async function restorePostgres(dump: string, url: string, schema: string): Promise<void> {
  // The dump makes its schema itself; an empty (or, with --force, a replaced) one is dropped first.
  await withClient(url, (c) => c.query(`drop schema if exists ${c.escapeIdentifier(schema)} cascade`));
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    dump,
  ]);
}

/**
 * `to` ends up holding exactly what `from` holds (nothing when the archive had no such folder). Its entries
 * are replaced, not the folder itself: in production it is often a mounted network volume.
 */
async function replaceTree(from: string, to: string): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  for (const entry of await fsp.readdir(to)) await fsp.rm(path.join(to, entry), { recursive: true, force: true });
  if (fs.existsSync(from)) await fsp.cp(from, to, { recursive: true });
}
