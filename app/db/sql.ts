/** Dialect facts every query layer needs, the same on SQLite and PostgreSQL. */

/** A boolean from either database (SQLite answers 0/1, PostgreSQL true/false). */
export const truthy = (v: unknown) => v === true || v === 1 || v === '1';

/** Whether an error is a violated unique or primary key constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
