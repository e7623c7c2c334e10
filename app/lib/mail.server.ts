import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '~/db';
import { type Env, env } from '~/lib/env.server';

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

const transports = new Map<string, Transporter>();

/**
 * Sends a message: through SMTP (nodemailer) when SMTP_URL is set, otherwise into the outbox (the
 * table `outbox` and a file in OUTBOX_DIR), where a developer follows the link. SMTP runs after the
 * answer (its delay must not tell a visitor whether an address has an account); its failures are
 * logged.
 */
export async function sendMail(db: Db, message: MailMessage, settings = mailSettings()): Promise<void> {
  const headers = message.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    // A line break would let a value add headers of its own.
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name) || /[\r\n]/.test(value)) throw new Error(`mail: bad header ${name}`);
  }
  if (settings.smtpUrl) {
    let transport = transports.get(settings.smtpUrl);
    if (!transport) {
      transport = nodemailer.createTransport(settings.smtpUrl);
      transports.set(settings.smtpUrl, transport);
    }
    transport
      .sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        headers: message.headers,
      })
      .catch((error: unknown) => console.error('mail: SMTP sending failed', error));
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
