import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ajaxActions } from '~/calls.server';
import { getNonceSecret } from '~/content/options.server';
import { updatePost } from '~/content/posts-write.server';
import { type Connection, connect } from '~/db/connection.server';
import { contentVersion, readContentVersion, withStaffChange } from '~/lib/content-version.server';
import { env } from '~/lib/env.server';
import { type ActionDef, defineAction, dispatchAjax } from '~/wire/registry.server';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

// Two app processes on one database: each opens its own connection and reads the nonce secret itself.
describe.each(DIALECTS)('two app processes on one %s database', (dialect) => {
  let a: Connection;
  let b: Connection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(dialect);
    dispose = fresh.dispose;
    a = fresh.conn;
    b = connect(fresh.url);
  });
  afterAll(async () => {
    await b.close();
    await dispose();
  });

  test('they agree on one nonce secret, even when both ask at once', async () => {
    delete process.env.NONCE_SECRET;
    const [sa, sb] = await Promise.all([
      getNonceSecret(a.db, env().NONCE_SECRET),
      getNonceSecret(b.db, env().NONCE_SECRET),
    ]);
    expect(sa).toMatch(/^[0-9a-f]{64}$/);
    expect(sb).toBe(sa);
  });

  test("a nonce from one process is accepted by the other's state-changing call", async () => {
    const secretA = await getNonceSecret(a.db, env().NONCE_SECRET);
    const secretB = await getNonceSecret(b.db, env().NONCE_SECRET);
    const fromA = await dispatchAjax(
      new Request('http://a.test/wp-admin/admin-ajax.php?action=rest-nonce'),
      appContext(a, secretA),
      ajaxActions,
    );
    const nonce = await fromA.text();
    const guarded = defineAction({
      name: 'guarded',
      auth: 'anyone',
      nonce: true,
      input: z.object({}).loose(),
      handle: async () => ({ ok: true }),
    });
    const actions = new Map<string, ActionDef>([['guarded', guarded as unknown as ActionDef]]);
    const onB = await dispatchAjax(
      new Request('http://b.test/wp-admin/admin-ajax.php', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-wp-nonce': nonce },
        body: 'action=guarded',
      }),
      appContext(b, secretB),
      actions,
    );
    expect(onB.status).toBe(200);
    expect(await onB.json()).toEqual({ ok: true });
  });

  test('a change one process makes is read by the other, and the other learns its copies are out of date', async () => {
    const post = await a.db
      .selectFrom('post')
      .select('id')
      .where('type', '=', 'page')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const staff = await a.db.selectFrom('app_user').select('id').orderBy('id').executeTakeFirstOrThrow();
    const before = await readContentVersion(b.db);
    await withStaffChange(a.db, async (trx, record) => {
      await updatePost(trx, post.id, { title: 'Diubah oleh proses A' });
      await record({
        userId: staff.id,
        action: 'post.update',
        subjectType: 'post',
        subjectId: post.id,
        summary: 'uji',
        public: true,
      });
    });
    const title = await b.db.selectFrom('post').select('title').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(title.title).toBe('Diubah oleh proses A');
    expect(await readContentVersion(b.db)).toBeGreaterThan(before);
    expect(contentVersion(b.db)).toBe(contentVersion(a.db));
  });
});
