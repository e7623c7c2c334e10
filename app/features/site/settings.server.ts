import { z } from 'zod';
import type { Db } from '~/db';
import { jsonOrUndefined } from '~/lib/json';
import { rememberFor } from '~/lib/remember.server';
import { newSecret } from '~/wire/nonce.server';

const siteSchema = z.object({
  title: z.string(),
  tagline: z.string().default(''),
  description: z.string().default(''),
  address: z.string().default(''),
  phone: z.string().default(''),
  email: z.string().default(''),
  language: z.string().default('id'),
});
export type SiteInfo = z.infer<typeof siteSchema>;

export interface SiteSettings {
  site: SiteInfo;
  pageOnFront: number | null;
  postsPerPage: number;
}

const FALLBACK: SiteSettings = {
  site: siteSchema.parse({ title: 'SMP Tunas Bangsa' }),
  pageOnFront: null,
  postsPerPage: 10,
};

// Options change rarely; a few seconds of staleness per process is fine and saves a query per page.
const remembered = rememberFor<SiteSettings>(5_000);

/** Site settings from the options table (validated with zod; bad or missing values fall back). */
export function getSiteSettings(db: Db): Promise<SiteSettings> {
  return remembered(db, 'site', () => readSiteSettings(db));
}

async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db
    .selectFrom('site_option')
    .select(['name', 'value'])
    .where('name', 'in', ['site', 'page_on_front', 'posts_per_page'])
    .execute();
  const opt = new Map(rows.map((r) => [r.name, jsonOrUndefined(r.value)]));
  const site = siteSchema.safeParse(opt.get('site'));
  const front = z.number().int().positive().safeParse(opt.get('page_on_front'));
  const perPage = z.number().int().min(1).max(100).safeParse(opt.get('posts_per_page'));
  const value: SiteSettings = {
    site: site.success ? site.data : FALLBACK.site,
    pageOnFront: front.success ? front.data : null,
    postsPerPage: perPage.success ? perPage.data : FALLBACK.postsPerPage,
  };
  return value;
}

/**
 * The nonce secret: NONCE_SECRET, or one generated once and stored in the database so that every
 * app process shares it (the first writer wins; everyone reads the stored one).
 */
export async function getNonceSecret(db: Db): Promise<string> {
  if (process.env.NONCE_SECRET) return process.env.NONCE_SECRET;
  await db
    .insertInto('site_option')
    .values({ name: 'nonce_secret', value: JSON.stringify(newSecret()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('site_option')
    .select('value')
    .where('name', '=', 'nonce_secret')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value) as string;
}
