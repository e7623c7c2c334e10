import { data, redirect } from 'react-router';
import type { AppContext } from '~/context';
import { recordId } from '~/lib/record-id';
import { type StaffActionArgs, type StaffLoaderArgs, type StaffNeed, staffAction, staffLoader } from './access.server';

/** What a staff section's addresses say of its records (`…/{id}/`, `…/baru/`): ids, and the 404 naming the kind. */
export interface StaffRecord {
  /** The 404 of a record that is not there, with the message the staff error boundary shows. */
  notFound: () => ReturnType<typeof data<{ message: string }>>;
  /** The record's id from the address; a malformed one names no record (404). */
  id: (raw: string) => number;
  /** The record's id from the address, null on `/baru/` (no id); a malformed one names no record (404). */
  idOrNew: (raw: string | undefined) => number | null;
}

/** The records of a staff section, `missing` saying which kind an address did not find. */
export function staffRecord(missing: string): StaffRecord {
  const notFound = () => data({ message: missing }, { status: 404 });
  const id = (raw: string) => {
    const found = recordId(raw);
    if (found === null) throw notFound();
    return found;
  };
  return { notFound, id, idOrNew: (raw) => (raw === undefined ? null : id(raw)) };
}

/** What React Router hands a staff route's loader and action. */
interface RouteArgs {
  request: Request;
  context: AppContext;
}

/** What React Router hands a `…/{id}/hapus/` route's loader and action. */
interface DeletionArgs extends RouteArgs {
  params: { id: string };
}

/**
 * A section's list screen (search, filters, paging): its query read from the address, and the list
 * that query asks for, with the query (the screen's form shows it again).
 */
export function staffListLoader<Q, L>(
  need: StaffNeed,
  parse: (search: URLSearchParams) => Q,
  list: (db: AppContext['db'], query: Q) => Promise<L>,
) {
  return staffLoader(need, async ({ request, context }: StaffLoaderArgs<RouteArgs>) => {
    const query = parse(new URL(request.url).searchParams);
    return { ...(await list(context.db, query)), query };
  });
}

/** How a section deletes one of its records. */
export interface Deletion<R, F> {
  /** What the confirmation shows of the record; null when there is none. */
  load: (db: AppContext['db'], id: number) => Promise<R | null>;
  /** Deletes it: false when there was none; a refusal (a record still in use) is the action's answer. */
  remove: (db: AppContext['db'], userId: number, id: number) => Promise<boolean | F>;
  /** Where a deletion goes: the section's list, saying so in its address. */
  done: string;
}

/**
 * A section's `…/{id}/hapus/` screen (issue 14): its loader shows what is about to be deleted, its POST
 * deletes it and goes back to the list (post, redirect, get); an id naming no record is a 404.
 */
export function staffDeletion<R, F = never>(need: StaffNeed, record: StaffRecord, deletion: Deletion<R, F>) {
  return {
    loader: staffLoader(need, async ({ params, context }: StaffLoaderArgs<DeletionArgs>) => {
      const found = await deletion.load(context.db, record.id(params.id));
      if (!found) throw record.notFound();
      return found;
    }),
    action: staffAction(need, async ({ params, context, user }: StaffActionArgs<DeletionArgs>) => {
      const outcome = await deletion.remove(context.db, user.id, record.id(params.id));
      if (outcome === false) throw record.notFound();
      if (outcome === true) throw redirect(deletion.done);
      return outcome;
    }),
  };
}
