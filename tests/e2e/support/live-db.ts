import SQLite from 'better-sqlite3';

/** One row of the server's live database (read-only), as a developer checking the outbox would read it. */
export function liveRow<T>(databaseFile: string, sql: string, ...params: unknown[]): T | undefined {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}
