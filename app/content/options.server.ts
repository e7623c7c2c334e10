import type { Db } from '~/db';
import { rememberFor } from '~/lib/remember.server';
import { newSecret } from '~/wire/nonce.server';
import { parseSiteOptions, SITE_OPTIONS, type SiteOptions } from './options';

const NAMES = Object.values(SITE_OPTIONS).map((o) => o.name);

/** Every site option, read now (one query); see `getSiteOptions` for the remembered copy. */
export async function readSiteOptions(db: Db): Promise<SiteOptions> {
  const rows = await db.selectFrom('site_option').select(['name', 'value']).where('name', 'in', NAMES).execute();
  return parseSiteOptions(new Map(rows.map((r) => [r.name, r.value])));
}

// Options change rarely; a few seconds of staleness per process is fine and saves a query per page.
const remembered = rememberFor<SiteOptions>(5_000);

/** Every site option, remembered 5 s per process. */
export function getSiteOptions(db: Db): Promise<SiteOptions> {
  return remembered(db, 'site-options', () => readSiteOptions(db));
}

/**
 * The nonce secret: NONCE_SECRET, or one generated once and stored in the database so that every
 * app process shares it (the first writer wins; everyone reads the stored one).
 */
export async function getNonceSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
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
