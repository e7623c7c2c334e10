import { existsSync } from 'node:fs';
import path from 'node:path';
import type { WxrError, WxrRecord } from './records';
import { readWxrChunks, type WxrLimits } from './wxr.server';

/** The real WordPress export of issue 26 (/work/shared/fixtures/wordpress-site, beside the repository). */
export const FIXTURE_DIR = path.resolve('../shared/fixtures/wordpress-site');
export const FIXTURE = path.join(FIXTURE_DIR, 'export.xml');
export const FIXTURE_PRESENT = existsSync(FIXTURE);
export const FIXTURE_ABSENT = `skipped: ${FIXTURE} is absent (the shared fixtures are not beside this checkout)`;

/** A small WXR document around `body` (items, terms …), of the given version. */
export function wxr(body: string, { version = '1.2', link = 'http://sekolah-lama.example' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/${version}/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/${version}/">
<channel>
  <title>Sekolah Lama</title>
  <link>${link}</link>
  <wp:wxr_version>${version}</wp:wxr_version>
  <wp:base_site_url>${link}</wp:base_site_url>
  <wp:base_blog_url>${link}</wp:base_blog_url>
${body}
</channel>
</rss>
`;
}

/** One `<item>` with the fields a test names (the rest as WordPress writes them for a published post). */
export function wxrItem(f: {
  id: number;
  title?: string;
  type?: string;
  status?: string;
  name?: string;
  extra?: string;
}) {
  return `<item>
  <title><![CDATA[${f.title ?? `Judul ${f.id}`}]]></title>
  <link>http://sekolah-lama.example/?p=${f.id}</link>
  <dc:creator><![CDATA[admin]]></dc:creator>
  <guid isPermaLink="false">http://sekolah-lama.example/?p=${f.id}</guid>
  <content:encoded><![CDATA[<p>Isi ${f.id}</p>]]></content:encoded>
  <excerpt:encoded><![CDATA[]]></excerpt:encoded>
  <wp:post_id>${f.id}</wp:post_id>
  <wp:post_date><![CDATA[2025-08-14 14:00:00]]></wp:post_date>
  <wp:post_date_gmt><![CDATA[2025-08-14 07:00:00]]></wp:post_date_gmt>
  <wp:post_name><![CDATA[${f.name ?? `judul-${f.id}`}]]></wp:post_name>
  <wp:status><![CDATA[${f.status ?? 'publish'}]]></wp:status>
  <wp:post_parent>0</wp:post_parent>
  <wp:menu_order>0</wp:menu_order>
  <wp:post_type><![CDATA[${f.type ?? 'post'}]]></wp:post_type>
  <wp:is_sticky>0</wp:is_sticky>
${f.extra ?? ''}</item>
`;
}

/** Reads text (in chunks of `size`) to the end or the refusal; counts the chunks the reader asked for. */
export async function readText(
  text: string,
  { size = 64 * 1024, limits = {} }: { size?: number; limits?: Partial<WxrLimits> } = {},
): Promise<{ records: WxrRecord[]; error: WxrError | null; chunksRead: number; chunks: number }> {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  let chunksRead = 0;
  function* feed() {
    for (const part of parts) {
      chunksRead++;
      yield part;
    }
  }
  const records: WxrRecord[] = [];
  try {
    for await (const record of readWxrChunks(feed(), limits)) records.push(record);
    return { records, error: null, chunksRead, chunks: parts.length };
  } catch (error) {
    return { records, error: error as WxrError, chunksRead, chunks: parts.length };
  }
}
