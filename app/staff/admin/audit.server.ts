import type { Db } from '~/db';
import type { ChangeRow } from './model';

/** The newest changes, of one subject or by one user when asked (shown per post and per user, issue 14). */
export async function recentChanges(
  db: Db,
  of: { subjectType?: string; subjectId?: number; userId?: number } = {},
  limit = 20,
): Promise<ChangeRow[]> {
  let q = db
    .selectFrom('audit_log')
    .leftJoin('app_user', 'app_user.id', 'audit_log.user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'app_user.display_name',
      'audit_log.action',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.summary',
    ]);
  if (of.subjectType !== undefined) q = q.where('audit_log.subject_type', '=', of.subjectType);
  if (of.subjectId !== undefined) q = q.where('audit_log.subject_id', '=', of.subjectId);
  if (of.userId !== undefined) q = q.where('audit_log.user_id', '=', of.userId);
  const rows = await q.orderBy('audit_log.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    who: r.display_name ?? '(pengguna dihapus)',
    action: r.action,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    summary: r.summary,
  }));
}
