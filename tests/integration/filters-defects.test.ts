import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import type { FilteringAnswer } from '~/features/filters/model';
import { toBracketPairs } from '~/wire/form';
import { dispatchAjax } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

/** Filter defects of issue 13 that the server decides, on every dialect, against the demo school's rows. */

const ORIGIN = 'http://school.test';
/** The news categories: a checkbox list whose value may carry `operator_AND`. */
const KEY = '_tax_query_category';

describe.each(DIALECTS)('filter defects on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  const found = async (query: Record<string, unknown>) => {
    const res = await dispatchAjax(
      new Request(`${ORIGIN}/wp-admin/admin-ajax.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(
          toBracketPairs({ action: 'jet_smart_filters', provider: 'epro-posts/berita', query }),
        ),
      }),
      appContext(conn),
      ajaxActions,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as FilteringAnswer).pagination.found_posts;
  };
  /** A category that some published news item carries, and one id that names no term. */
  let known: string;
  let missing: string;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    const row = await conn.db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .innerJoin('post', 'post.id', 'post_term.post_id')
      .where('term.taxonomy', '=', 'category')
      .where('post.status', '=', 'publish')
      .select('term.id')
      .executeTakeFirstOrThrow();
    known = String(row.id);
    const max = await conn.db
      .selectFrom('term')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    missing = String(Number(max.id) + 1000);
  }, 300_000);
  afterAll(() => dispose());

  test('a tax value that names no existing term matches nothing; it is not dropped', async () => {
    const all = await found({});
    const withKnown = await found({ [KEY]: [known] });
    expect(withKnown).toBeGreaterThan(0);
    expect(withKnown).toBeLessThan(all);
    // Alone: nothing (before the fix the value was dropped and every news item showed).
    expect(await found({ [KEY]: [missing] })).toBe(0);
    expect(await found({ [KEY]: 'not-a-term' })).toBe(0);
    // OR: the unknown term adds nothing; AND: nothing has it, so nothing passes.
    expect(await found({ [KEY]: [known, missing, 'operator_OR'] })).toBe(withKnown);
    expect(await found({ [KEY]: [known, missing, 'operator_AND'] })).toBe(0);
    // An empty value is still no filter.
    expect(await found({ [KEY]: '' })).toBe(all);
  });
});
