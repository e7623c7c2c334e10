import type { SelectQueryBuilder } from 'kysely';
import { pageCount } from './paging';

/** A staff list's page of `total` rows: a page asked past the last is the last, never an empty one. */
export function pageWithin(total: number, perPage: number, asked: number) {
  const pages = pageCount(total, perPage);
  const page = Math.min(asked, pages);
  return { total, page, pages, limit: perPage, offset: (page - 1) * perPage };
}

/** Counts the rows `base` selects, then reads the asked page of them with `read`, given its limit and offset. */
export async function pageOfRows<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  perPage: number,
  asked: number,
  read: (limit: number, offset: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number; page: number; pages: number }> {
  // The selection's type is not worked out over a generic builder: the one column is named here.
  const counted = await base
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .$castTo<{ total: number | string }>()
    .executeTakeFirstOrThrow();
  const { limit, offset, ...at } = pageWithin(Number(counted.total), perPage, asked);
  return { rows: await read(limit, offset), ...at };
}
