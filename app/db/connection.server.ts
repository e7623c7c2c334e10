import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  db: Db;
  dialect: Dialect;
  /** Where the data lives: the SQLite file, or the PostgreSQL URL without password. */
  location: string;
  close(): Promise<void>;
}

/** Default embedded database file (DESIGN.md: data/site.db, WAL). */
export const DEFAULT_SQLITE_FILE = 'data/site.db';

/** How to open the database; the callers read it from their configuration (the kernel reads none). */
export interface ConnectOptions {
  /** PostgreSQL connections per process (`PG_POOL_SIZE`); 10 when not given. */
  pgPoolSize?: number;
}

/**
 * Opens the site database: PostgreSQL when the URL says postgres://, otherwise a SQLite file
 * (a path, or file:path; the default file when empty). One function so that the app, seeds, tests and
 * bench agree.
 */
export function connect(url: string | undefined, options: ConnectOptions = {}): Connection {
  if (isPostgresUrl(url)) {
    // Numeric and bigint columns come back as JS numbers, like SQLite's.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
    // A connection that cannot be had in 10 s is an error (503, db/unavailable.ts), not a request held forever.
    const pool = new pg.Pool({
      connectionString: url,
      max: options.pgPoolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // PostgreSQL gone (issue 25): a client's socket dying emits 'error', which unheard would end the process.
    // The pool drops a dead client, idle or on release, and opens new ones once the server is back.
    pool.on('error', (error) => console.warn(`database: an idle connection ended (${error.message})`));
    // In use, its query fails with the same error and its caller answers for it.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', location: url.replace(/:[^:@/]*@/, ':***@'), close: () => db.destroy() };
  }
  const file = sqliteFileOf(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
}

/** Whether the database URL names PostgreSQL (else it is a SQLite file). */
export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** The SQLite file a database URL names: a path, or file:path; the default file when empty. */
export function sqliteFileOf(url: string | undefined): string {
  return url ? url.replace(/^file:/, '') : DEFAULT_SQLITE_FILE;
}

/**
 * Kysely prepares every query anew; compiling SQLite statements costs more than running most of
 * ours, so compiled statements are kept per SQL text (bounded; the SQL is generated, not visitor text).
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 1000 });
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, key, receiver) {
      if (key !== 'prepare') return Reflect.get(target, key, receiver);
      return (sql: string) => {
        let statement = statements.get(sql);
        if (!statement) {
          statement = prepare(sql);
          statements.set(sql, statement);
        }
        return statement;
      };
    },
  });
}
