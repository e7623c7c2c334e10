import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '~/db';
import { type Env, env } from '~/lib/env.server';
import { messageIdOf } from './mail-queue';
import { type Deliver, wakeMailWorker } from './mail-queue.server';

/** One plain-text message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe (RFC 8058). Names and values without line breaks. */
  headers?: Record<string, string>;
}

/** Where mail goes, read from the environment (SMTP_URL, MAIL_FROM, OUTBOX_DIR). */
export interface MailSettings {
  /** smtp://user:pass@host:587 or smtps://…; unset: mail is written to the outbox instead. */
  smtpUrl?: string;
  from: string;
  /** Folder of the outbox's files (one .eml per message). */
  outboxDir: string;
}

export function mailSettings(config: Env = env()): MailSettings {
  return { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.resolve(config.OUTBOX_DIR) };
}

/**
 * Sends a message: through SMTP (nodemailer) when SMTP_URL is set, otherwise into the outbox (the
 * table `outbox` and a file in OUTBOX_DIR), where a developer follows the link. Through SMTP the
 * message is stored first and sent by a mail worker (mail-queue.server.ts) on any server: a process
 * that stops after the answer loses no mail, and the SMTP server's delay never tells a visitor
 * whether an address has an account.
 */
export async function sendMail(db: Db, message: MailMessage, settings = mailSettings()): Promise<void> {
  const headers = message.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    // A line break would let a value add headers of its own.
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name) || /[\r\n]/.test(value)) throw new Error(`mail: bad header ${name}`);
  }
  if (settings.smtpUrl) {
    const now = new Date().toISOString();
    await db
      .insertInto('outbox')
      .values({
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        headers: JSON.stringify(headers),
        created_at: now,
        status: 'queued',
        next_try_at: now,
      })
      .execute();
    wakeMailWorker(db);
    return;
  }
  const createdAt = new Date().toISOString();
  const row = await db
    .insertInto('outbox')
    .values({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      headers: JSON.stringify(headers),
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The table is the record; the file is a convenience, so a folder that cannot be written only warns.
  const file = path.join(settings.outboxDir, `${createdAt.replace(/[:.]/g, '-')}-${row.id}.eml`);
  const eml = [
    `From: ${settings.from}`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    `Date: ${new Date(createdAt).toUTCString()}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Content-Type: text/plain; charset=utf-8',
    '',
    message.text,
  ].join('\r\n');
  try {
    await fs.mkdir(settings.outboxDir, { recursive: true });
    await fs.writeFile(file, eml, 'utf8');
  } catch (error) {
    console.warn(`mail: could not write ${file}`, error);
  }
}

/**
 * How the mail worker hands a stored message to the SMTP server of SMTP_URL. Timeouts well inside a
 * claim's lease (job-claim.ts): a try that hangs is never taken over by another server while it runs.
 */
export function smtpDeliverer(settings: MailSettings): Deliver {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 25_000,
  });
  return async (mail) => {
    await transport.sendMail({
      from: settings.from,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.body,
      headers: mail.headers,
      messageId: messageIdOf(mail.id, mail.created_at, settings.from),
    });
  };
}
