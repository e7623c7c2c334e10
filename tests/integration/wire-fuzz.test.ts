import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import { dispatchAjax, dispatchRest } from '~/wire/registry.server';
import { appContext, freshDatabase } from '../support/databases';

let conn: Connection;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ conn, dispose } = await freshDatabase('sqlite'));
});
afterAll(() => dispose());

const fieldName = fc.oneof(
  fc.constantFrom(
    'query',
    'ecs_ajax_settings',
    'handler',
    'page_settings[page]',
    'page_settings[post_id]',
    'page_settings[element_id]',
    'menu_id',
    'current_page',
    '_wpnonce',
    // Smart filters (jet_smart_filters, _get_indexed_data, _get_hierarchy_level) and filtered load more.
    'provider',
    'query[_tax_query_bidang-ekskul][]',
    'query[_meta_query_biaya|range]',
    'query[_sort_standard][orderby]',
    'query[_date_query_|date]',
    'query_args[_alphabet_]',
    'indexing_filters',
    'paged',
    'filter_id',
    'values[0][value]',
    'values[0][tax]',
    'depth',
    'indexer',
    'filters[_meta_query_hari][]',
  ),
  fc.stringMatching(/^[a-z_]{1,10}(\[[a-z0-9_]{0,6}\]){0,3}$/),
  fc.string({ maxLength: 20 }),
);
const jsonish = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.json({ maxDepth: 3 }),
  fc.integer().map(String),
  fc.constantFrom(
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    "' OR 1=1 --",
    '{"current_page":-5}',
    '{"post_type":["post","template"]}',
    '{"current_page":"1e9"}',
    '{"posts_per_page":-1,"post_type":"post"}',
    'jet-engine/ekskul',
    'epro-posts/berita',
    'jet-engine/galeri',
    '[31,33,35,36,37,38]',
    '31',
    '-5_-10',
    '200000_0',
    '2024.2.30-2024.13.1',
    'meta_value_num',
  ),
);
const payload = fc.dictionary(fieldName, jsonish, { maxKeys: 6 });

test('no payload sent to any action makes the server answer 5xx', async () => {
  const names = [...ajaxActions.keys(), 'unknown_action'];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...names), payload, fc.boolean(), async (action, fields, asJson) => {
      const body = asJson
        ? JSON.stringify({ action, ...fields })
        : new URLSearchParams({ ...fields, action }).toString();
      const res = await dispatchAjax(
        new Request('http://school.test/wp-admin/admin-ajax.php', {
          method: 'POST',
          headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
          body,
        }),
        appContext(conn),
        ajaxActions,
      );
      expect(res.status, `${action} ${body}`).toBeLessThan(500);
    }),
    { numRuns: 300 },
  );
});

test('no query sent to any REST route makes the server answer 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...restRoutes.keys()), payload, async (path, fields) => {
      const url = `http://school.test/wp-json/${path}?${new URLSearchParams(fields)}`;
      const res = await dispatchRest(new Request(url), appContext(conn), restRoutes, path);
      expect(res.status, url).toBeLessThan(500);
    }),
    { numRuns: 150 },
  );
});
