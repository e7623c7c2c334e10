import { expect, test } from 'vitest';
import { backoffMs } from './job-claim';
import { afterFailedTry, MAIL_ATTEMPTS, MAIL_BACKOFF_MS, messageIdOf } from './mail-queue';

test('a failed try waits 30 s, 1 min, 2 min …, and the last one fails the message', () => {
  const now = new Date('2031-01-01T10:00:00Z');
  const backoff = (attempt: number) => backoffMs(attempt, MAIL_BACKOFF_MS);
  expect(afterFailedTry(1, now, backoff)).toEqual({ status: 'queued', next_try_at: '2031-01-01T10:00:30.000Z' });
  expect(afterFailedTry(3, now, backoff)).toEqual({ status: 'queued', next_try_at: '2031-01-01T10:02:00.000Z' });
  expect(afterFailedTry(MAIL_ATTEMPTS - 1, now, backoff).status).toBe('queued');
  expect(afterFailedTry(MAIL_ATTEMPTS, now, backoff)).toEqual({ status: 'failed', next_try_at: null });
});

test('a message keeps one Message-ID on every try, in the sender’s domain', () => {
  const from = 'SMP Tunas Bangsa <no-reply@smptunasbangsa.sch.id>';
  const id = messageIdOf(42, '2031-01-01T10:00:00.000Z', from);
  expect(id).toBe('<outbox-42-1925028000000@smptunasbangsa.sch.id>');
  expect(messageIdOf(42, '2031-01-01T10:00:00.000Z', from)).toBe(id);
  expect(messageIdOf(43, '2031-01-01T10:00:00.000Z', from)).not.toBe(id);
  expect(messageIdOf(1, 'junk', 'sekolah@contoh.id')).toBe('<outbox-1-0@contoh.id>');
  expect(messageIdOf(1, 'junk', 'no address')).toBe('<outbox-1-0@localhost>');
});
