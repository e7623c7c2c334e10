import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ajaxActions, restRoutes } from '~/calls.server';
import type { Connection } from '~/db/connection.server';
import { createNonce } from '~/wire/nonce.server';
import { dispatchAjax, dispatchRest, REST_NONCE_ACTION } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';
import { createUser, sessionSubject, startTestSession } from '../support/users';

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

/** Fields of the state-changing calls (reviews, comments, votes, moderation, the simple widget). */
const writeField = fc.oneof(
  fc.constantFrom(
    'source',
    'source_id',
    'post_id',
    'review_id',
    'parent_id',
    'title',
    'content',
    'author_id',
    'author_name',
    'author_mail',
    'type',
    'inc',
    'current_state[like]',
    'operation',
    'rating_data[0][field_label]',
    'rating_data[0][field_value]',
    'captcha_token',
    'data[post_id]',
    'data[user_id]',
    'data[summary_title]',
    'data[summary_text]',
    'data[review_fields][0][field_value]',
    'data[review_fields][1][field_label]',
  ),
  fieldName,
);
const writePayload = fc.dictionary(writeField, jsonish, { maxKeys: 8 });

// The calls that need a nonce are fuzzed past it, as a visitor and as a signed-in editor, on both databases.
describe.each(DIALECTS)('state-changing calls with a valid nonce on %s', (dialect) => {
  let db: Connection;
  let close: () => Promise<void>;
  let editor: { id: number; cookie: string };
  beforeAll(async () => {
    ({ conn: db, dispose: close } = await freshDatabase(dialect));
    const id = await createUser(db.db, `fuzz-editor-${dialect}`, 'editor');
    editor = { id, cookie: `session=${await startTestSession(db.db, id)}` };
  });
  afterAll(() => close());

  // The calls that change state: those behind the nonce, and the simple widget's (which check origin and session).
  const calls = [
    ...[...ajaxActions.values()]
      .filter((a) => a.nonce || a.name.startsWith('jet_reviews_'))
      .map((a) => ({ kind: 'ajax' as const, name: a.name })),
    ...[...restRoutes.values()].filter((r) => r.nonce).map((r) => ({ kind: 'rest' as const, name: r.path })),
  ];
  const statuses = new Set<number>();

  test('no payload answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), writePayload, fc.boolean(), async (call, fields, signedIn) => {
        const subject = signedIn ? sessionSubject(editor.id, editor.cookie) : '0';
        const headers: Record<string, string> = {
          'x-wp-nonce': createNonce('test-secret', subject, REST_NONCE_ACTION),
          'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          origin: 'http://school.test',
          ...(signedIn ? { cookie: editor.cookie } : {}),
        };
        const res =
          call.kind === 'ajax'
            ? await dispatchAjax(
                new Request('http://school.test/wp-admin/admin-ajax.php', {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  body: new URLSearchParams({ ...fields, action: call.name }).toString(),
                }),
                appContext(db),
                ajaxActions,
              )
            : await dispatchRest(
                new Request(`http://school.test/wp-json/${call.name}`, {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: JSON.stringify(fields),
                }),
                appContext(db),
                restRoutes,
                call.name,
              );
        statuses.add(res.status);
        expect(res.status, `${call.name} ${JSON.stringify(fields)}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
    // The payloads got past the nonce to the handlers' own checks, not only to the gate.
    expect(calls.map((c) => c.name)).toEqual(expect.arrayContaining(['jet_reviews_add_meta_review']));
    expect([...statuses].some((status) => status === 400)).toBe(true);
  });
});
