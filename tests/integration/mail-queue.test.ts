import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type Connection, connect } from '~/db/connection.server';
import { type Claimer, claimerId } from '~/lib/job-claim';
import { thisClaimer } from '~/lib/job-claim.server';
import { type MailSettings, sendMail } from '~/lib/mail.server';
import { MAIL_ATTEMPTS } from '~/lib/mail-queue';
import { deliverDueMail, type QueuedMail, startMailWorker } from '~/lib/mail-queue.server';
import { DIALECTS, freshDatabase } from '../support/databases';

/**
 * Mail through SMTP as a job (issue 25): stored before the answer, sent by any server, each message by
 * one server at a time, tried again after a failure or a server that stopped mid-send.
 */

const SMTP: MailSettings = {
  smtpUrl: 'smtp://mail.test:587',
  from: 'SMP Tunas Bangsa <no-reply@smptunasbangsa.sch.id>',
  outboxDir: '/nonexistent',
};
/** A server process on another host (a claim of its own, held by its lease). */
const server = (name: string): Claimer => ({ host: name, boot: 'b', pid: 1, instance: name });
const HOUR = 3_600_000;
type Stored = { id: number };
/** The rows' ids, as many as the test stored. */
function idsOf<N extends 2 | 3>(rows: Stored[], count: N): N extends 2 ? [Stored, Stored] : [Stored, Stored, Stored] {
  expect(rows).toHaveLength(count);
  return rows.map((r) => ({ id: r.id })) as unknown as N extends 2 ? [Stored, Stored] : [Stored, Stored, Stored];
}

describe.each(DIALECTS)('the mail queue on %s', (dialect) => {
  let conn: Connection;
  let url: string;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ conn, url, dispose } = await freshDatabase(dialect));
  });
  afterAll(() => dispose());

  const queue = async (subject: string, count = 1) => {
    for (let i = 0; i < count; i++) {
      await sendMail(conn.db, { to: `wali${i}@contoh.id`, subject: `${subject} ${i}`, text: 'Isi surat.' }, SMTP);
    }
    return conn.db.selectFrom('outbox').selectAll().where('subject', 'like', `${subject} %`).orderBy('id').execute();
  };
  const row = (id: number) => conn.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  test('four servers sending at once send each stored message once', async () => {
    const stored = await queue('Serentak', 40);
    expect(stored.every((m) => m.status === 'queued')).toBe(true);
    const sent: Array<{ id: number; by: string }> = [];
    const others = [1, 2, 3].map(() => connect(url));
    try {
      const counts = await Promise.all(
        [conn, ...others].map((c, i) =>
          deliverDueMail(
            c.db,
            async (mail) => {
              sent.push({ id: mail.id, by: `s${i}` });
              // An SMTP server's answer takes a while: the others read the queue meanwhile.
              await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 4));
            },
            { claimer: server(`s${i}`) },
          ),
        ),
      );
      const ids = sent.map((s) => s.id).filter((id) => stored.some((m) => m.id === id));
      expect(ids.toSorted((a, b) => a - b)).toEqual(stored.map((m) => m.id));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
      expect(new Set(sent.map((s) => s.by)).size).toBeGreaterThan(1);
      for (const m of stored) {
        const after = await row(m.id);
        expect(after.status).toBe('sent');
        expect(after.attempts).toBe(1);
        expect(after.claimed_by).toBeNull();
      }
    } finally {
      await Promise.all(others.map((c) => c.close()));
    }
  });

  test('a refused try waits and is tried again; after the last try the message is failed and left', async () => {
    const [flaky, refused] = idsOf(await queue('Gagal', 2), 2);
    let clock = Date.now();
    const tries = new Map<number, number>();
    const deliver = async (mail: QueuedMail) => {
      const n = (tries.get(mail.id) ?? 0) + 1;
      tries.set(mail.id, n);
      if (mail.id === refused.id || n < 3) throw new Error('421 coba lagi nanti');
    };
    const options = { claimer: server('s1'), now: () => new Date(clock) };
    await deliverDueMail(conn.db, deliver, options);
    expect(await row(flaky.id)).toMatchObject({ status: 'queued', attempts: 1, error: '421 coba lagi nanti' });
    // Not again before its wait is over.
    await deliverDueMail(conn.db, deliver, options);
    expect(tries.get(flaky.id)).toBe(1);
    for (let i = 0; i < MAIL_ATTEMPTS + 2; i++) {
      clock += 24 * HOUR;
      await deliverDueMail(conn.db, deliver, options);
    }
    expect(await row(flaky.id)).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(tries.get(flaky.id)).toBe(3);
    expect(await row(refused.id)).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS });
    expect(tries.get(refused.id)).toBe(MAIL_ATTEMPTS);
  });

  test('a message whose server stopped mid-send is sent again; one a live server is sending is left to it', async () => {
    const [stopped, live, here] = idsOf(await queue('Terputus', 3), 3);
    const now = Date.now();
    const claim = (id: number, by: string, at: number) =>
      conn.db
        .updateTable('outbox')
        .set({ status: 'sending', attempts: 1, claimed_by: by, claimed_at: new Date(at).toISOString() })
        .where('id', '=', id)
        .execute();
    await claim(stopped.id, claimerId(server('mati')), now - 2 * 60_000);
    await claim(live.id, claimerId(server('hidup')), now - 5_000);
    // A process of this host that is gone (a pid no process has) is known gone at once.
    await claim(here.id, claimerId({ ...thisClaimer, pid: 2 ** 22 + 7, instance: 'mati' }), now);
    const sent: number[] = [];
    await deliverDueMail(conn.db, async (mail) => void sent.push(mail.id));
    expect(sent).toEqual(expect.arrayContaining([stopped.id, here.id]));
    expect(sent).not.toContain(live.id);
    expect(await row(stopped.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(live.id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  test('a stored message wakes this server’s worker: sent at once, not at the next poll', async () => {
    const sent: string[] = [];
    const stop = startMailWorker(conn.db, async (mail) => void sent.push(mail.subject), { pollMs: 600_000 });
    try {
      // The worker's first round has run: what it finds from now on, a wake brings.
      await vi.waitFor(async () => {
        const waiting = await conn.db.selectFrom('outbox').select('id').where('status', '=', 'queued').execute();
        expect(waiting).toEqual([]);
      });
      await sendMail(conn.db, { to: 'guru@contoh.id', subject: 'Bangun 0', text: 'Isi.' }, SMTP);
      await vi.waitFor(() => expect(sent).toContain('Bangun 0'));
    } finally {
      stop();
    }
  });

  test('without SMTP a message is written to the outbox as before, and no worker sends it', async () => {
    const outboxDir = `${process.env.TMPDIR ?? '/tmp'}/outbox-${process.pid}-${Date.now()}`;
    await sendMail(
      conn.db,
      { to: 'guru@contoh.id', subject: 'Kotak keluar', text: 'Isi.' },
      { ...SMTP, smtpUrl: undefined, outboxDir },
    );
    const written = await conn.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'Kotak keluar')
      .executeTakeFirstOrThrow();
    expect(written.status).toBe('written');
    const sent: number[] = [];
    await deliverDueMail(conn.db, async (mail) => void sent.push(mail.id));
    expect(sent).not.toContain(written.id);
  });
});
