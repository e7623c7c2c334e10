import { z } from 'zod';

/**
 * What a backup archive holds and how to check it (issue 25): the database's own copy (SQLite's online
 * backup, or pg_dump's custom format), the uploads and the staged originals still waiting for their
 * background job, and this manifest: every table's rows and every file's size and SHA-256, so an archive
 * can be checked without restoring it and a restore checked against what was backed up.
 */
export const ARCHIVE_FORMAT = 'smp-tunas-bangsa-backup';
export const ARCHIVE_VERSION = 1;
/** Names inside the archive. */
export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_ROOT = 'uploads';
export const STAGING_ROOT = 'uploads-staging';
export const databaseFile = (dialect: 'sqlite' | 'postgres') =>
  dialect === 'sqlite' ? 'database.sqlite' : 'database.dump';

const fileEntry = z.object({
  path: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof fileEntry>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** PostgreSQL: the schema backed up (restored under the same name). */
  schema: z.string().nullable(),
  /** The newest migration the database had: a restore into an older site version is refused. */
  migration: z.string().nullable(),
  database: fileEntry,
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest in an archive, or why it is not one this site reads. */
export function readManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${MANIFEST_FILE} is not JSON`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== ARCHIVE_FORMAT)
    throw new Error(`not a backup of this site (${MANIFEST_FILE} format: ${String(format)})`);
  const version = (json as { version?: unknown }).version;
  if (version !== ARCHIVE_VERSION)
    throw new Error(`backup version ${String(version)}; this site reads ${ARCHIVE_VERSION}`);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${MANIFEST_FILE}: ${issue?.path.join('.') || 'root'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** A file path inside the archive that stays inside it (no absolute path, no `..`, no empty part). */
export function isSafeArchivePath(p: string): boolean {
  if (p.startsWith('/') || p.includes('\\') || p.includes('\0')) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Files kept in the uploads folder that are not content: a half-written file of the image pipeline. */
export const isWorkFile = (name: string) => name.endsWith('.tmp');

/**
 * Differences between what the manifest lists and what was found (path → entry): missing, changed and
 * unlisted files, one line each. Empty when the two agree.
 */
export function compareFiles(listed: readonly FileEntry[], found: ReadonlyMap<string, FileEntry>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of listed) {
    seen.add(entry.path);
    const actual = found.get(entry.path);
    if (!actual) problems.push(`${entry.path}: missing`);
    else if (actual.bytes !== entry.bytes) problems.push(`${entry.path}: ${actual.bytes} bytes, listed ${entry.bytes}`);
    else if (actual.sha256 !== entry.sha256) problems.push(`${entry.path}: checksum differs`);
  }
  for (const p of found.keys()) if (!seen.has(p)) problems.push(`${p}: not listed in the manifest`);
  return problems;
}

/** Tables whose rows differ from the manifest's counts, one line each. */
export function compareCounts(
  listed: Readonly<Record<string, number>>,
  found: Readonly<Record<string, number>>,
): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(listed)) {
    if (!(table in found)) problems.push(`table ${table}: missing`);
    else if (found[table] !== n) problems.push(`table ${table}: ${found[table]} rows, backed up ${n}`);
  }
  for (const table of Object.keys(found)) if (!(table in listed)) problems.push(`table ${table}: not in the backup`);
  return problems;
}

/** What an archive holds, in three lines for the commands' output. */
export function summarize(manifest: Manifest): string {
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const bytes = manifest.files.reduce((a, f) => a + f.bytes, manifest.database.bytes);
  const c = manifest.counts;
  return [
    `${manifest.dialect === 'sqlite' ? 'SQLite' : `PostgreSQL (schema ${manifest.schema})`} backup of ${manifest.createdAt}, migration ${manifest.migration ?? 'none'}`,
    `${Object.keys(c).length} tables, ${rows.toLocaleString('en')} rows: ${c.post ?? 0} posts, ${c.media ?? 0} media, ${c.review ?? 0} reviews, ${c.app_user ?? 0} users, ${c.subscriber ?? 0} subscribers`,
    `${manifest.files.length} files, ${(bytes / 1_048_576).toFixed(1)} MB with the database`,
  ].join('\n');
}
