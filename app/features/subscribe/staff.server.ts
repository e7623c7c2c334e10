import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '~/db';
import { recordChange } from '~/lib/content-version.server';
import { pageOfRows } from '~/lib/list-page.server';
import {
  SUBSCRIBERS_PER_PAGE,
  type SubscriberQuery,
  type SubscriberRow,
  type SubscriberStatus,
  subscribersCsv,
} from './staff-model';

/** The staff's reads and changes of subscribers (issue 14 "Subscribers"). */

/** A page of the list: the rows, and where it stands (a page past the end shows the last one). */
export interface SubscriberPage {
  rows: SubscriberRow[];
  total: number;
  page: number;
  pages: number;
}

/** The subscribers the query names (search in the address, status), before paging. */
function matching(db: Db, query: Pick<SubscriberQuery, 'q' | 'status'>) {
  let base = db.selectFrom('subscriber');
  if (query.status) base = base.where('status', '=', query.status);
  if (query.q) {
    // Addresses are stored lower-cased; the search's wildcards are matched as themselves.
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => sql<SqlBool>`${eb.ref('email')} like ${pattern} escape '\\'` as Expression<SqlBool>);
  }
  return base;
}

type Stored = {
  id: number;
  email: string;
  status: SubscriberStatus;
  list_id: string;
  fields: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
};

function toRow(r: Stored): SubscriberRow {
  let fields: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(r.fields);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      fields = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    }
  } catch {
    // A row written by hand with broken JSON: shown without extra fields, never a 500.
  }
  return {
    id: r.id,
    email: r.email,
    status: r.status,
    listId: r.list_id,
    fields,
    createdAt: r.created_at,
    confirmedAt: r.confirmed_at,
    unsubscribedAt: r.unsubscribed_at,
  };
}

const COLUMNS = [
  'id',
  'email',
  'status',
  'list_id',
  'fields',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
] as const;

/** The list's page for the query, newest subscribers first. */
export async function listSubscribers(db: Db, query: SubscriberQuery): Promise<SubscriberPage> {
  const base = matching(db, query);
  const { rows, ...at } = await pageOfRows(base, SUBSCRIBERS_PER_PAGE, query.page, (limit, offset) =>
    base.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  );
  return { rows: rows.map(toRow), ...at };
}

/** Every subscriber the query names (all pages), as the CSV file, in the order of the list. */
export async function exportSubscribers(db: Db, query: Pick<SubscriberQuery, 'q' | 'status'>): Promise<string> {
  const rows = await matching(db, query).select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return subscribersCsv(rows.map(toRow));
}

/** What an unsubscribe by staff did. */
export type UnsubscribeOutcome =
  | { kind: 'done'; email: string }
  | { kind: 'already'; email: string }
  | { kind: 'missing' };

/**
 * Unsubscribes a subscriber on staff's word (a parent asked by phone): the status the mail's
 * unsubscribe link sets, recorded in the audit log. An address already unsubscribed stays as it is.
 */
export async function unsubscribeByStaff(
  db: Db,
  userId: number,
  id: number,
  now = new Date(),
): Promise<UnsubscribeOutcome> {
  const row = await db
    .selectFrom('subscriber')
    .select(['id', 'email', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return { kind: 'missing' };
  if (row.status === 'unsubscribed') return { kind: 'already', email: row.email };
  await db
    .updateTable('subscriber')
    .set({ status: 'unsubscribed', unsubscribed_at: now.toISOString() })
    .where('id', '=', row.id)
    .execute();
  await recordChange(db, {
    userId,
    action: 'subscriber.unsubscribe',
    subjectType: 'subscriber',
    subjectId: row.id,
    summary: row.email,
    public: false,
  });
  return { kind: 'done', email: row.email };
}
