import { z } from 'zod';

/**
 * The server's configuration, from the environment, in one zod schema (README "Configuration"):
 * `npm start` reads it once at boot, so a bad value stops the server with a message naming the
 * variable; code reads it through `env()`, never `process.env`. The parsed value is kept while the
 * variables it reads are unchanged (pages ask for it on every render), so tests may still change one
 * between cases.
 */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx) => {
    if (['on', '1', 'true', 'yes'].includes(v)) return true;
    if (['off', '0', 'false', 'no'].includes(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'on or off' });
    return z.NEVER;
  });
const unset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string()).default('0.0.0.0'),
  WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(256)),
  DATABASE_URL: optional(z.string()),
  PG_POOL_SIZE: optional(z.coerce.number().int().min(1).max(1000)).default(10),
  UPLOADS_DIR: optional(z.string()),
  // Issue 26: a folder holding the old WordPress site's `wp-content/uploads/` for imports started from the staff area.
  IMPORT_UPLOADS_DIR: optional(z.string()),
  NONCE_SECRET: optional(z.string().min(16, 'at least 16 characters')),
  PAGE_CACHE: optional(flag).default(true),
  PAGE_CACHE_TTL: optional(z.coerce.number().min(0).max(86_400)).default(60),
  SITE_URL: optional(z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''))),
  ALLOWED_HOSTS: optional(z.string()),
  TRUST_PROXY: optional(z.string()),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  OUTBOX_DIR: optional(z.string()).default('data/outbox'),
  MAIL_FROM: optional(z.string()).default('SMP Tunas Bangsa <no-reply@smptunasbangsa.sch.id>'),
  REVIEWS_CAPTCHA: optional(flag),
  // For tests only (lib/clock.server.ts): a file holding how far the schedule's clock runs ahead, in ms.
  SCHEDULE_CLOCK_FILE: optional(z.string()),
  npm_package_version: optional(z.string()).default('0.1.0'),
});

export type Env = z.infer<typeof envSchema>;

const NAMES = Object.keys(envSchema.shape) as Array<keyof Env>;
let kept: { source: NodeJS.ProcessEnv; key: string; value: Env } | undefined;

/** The configuration; throws an error naming each bad variable. */
export function env(source: NodeJS.ProcessEnv = process.env): Env {
  const key = NAMES.map((name) => source[name] ?? '\u0001').join('\u0000');
  if (kept?.source === source && kept.key === key) return kept.value;
  const parsed = envSchema.safeParse(source);
  if (parsed.success) {
    kept = { source, key, value: parsed.data };
    return parsed.data;
  }
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Bad configuration in the environment: ${problems}`);
}
