export type { Connection, Db, Dialect } from './connection.server';
export * from './schema';
