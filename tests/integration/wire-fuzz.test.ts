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
