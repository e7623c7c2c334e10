import type { ExpressionBuilder } from 'kysely';
import { connect } from '../../app/db/connection.server';
import type { Database } from '../../app/db/schema';
import type { BenchDatabase } from './database';

/** News posts the staff list scenario pages through (issue 14's figure: the list with 100,000 posts). */
export const BENCH_NEWS_POSTS = 100_000;
/** Slugs of the drafts the bench adds to reach BENCH_NEWS_POSTS (removed before the next run). */
const DRAFT_SLUG = 'draf-uji-beban';

/** Titles of the posts the save scenario writes; an earlier run's are removed before a run. */
export const BENCH_POST_TITLE = 'Uji beban simpan berita';

/** The demo editor (README "Demo accounts"), whom the staff scenarios sign in as. */
const EDITOR = { login: 'editor', password: 'Editor#Tunas2025' };

export interface StaffSession {
  cookie: string;
  /** the staff area's CSRF token (the `_token` field of its forms) */
  token: string;
  /** a category the saved posts are filed under, as the editor's checkbox names it */
  categoryField: string;
}

const sessions = new Map<string, Promise<StaffSession>>();

/** The demo editor signed in on one server, as a browser does it (a form post from the site's origin). */
export function editorSession(origin: string): Promise<StaffSession> {
  let session = sessions.get(origin);
  if (!session) {
    session = signIn(origin);
    sessions.set(origin, session);
  }
  return session;
}

async function signIn(origin: string): Promise<StaffSession> {
  const answer = await fetch(`${origin}/masuk/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, accept: 'text/html' },
    body: new URLSearchParams({ ...EDITOR, redirect_to: '/admin/' }).toString(),
    redirect: 'manual',
  });
  const cookie = /(?:^|,\s*)(session=[^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
  if (answer.status !== 302 || !cookie) throw new Error(`signing in as ${EDITOR.login} answered ${answer.status}`);
  const editor = await fetch(`${origin}/admin/berita/baru/`, { headers: { cookie } });
  const html = await editor.text();
  const token = /name="_token" value="([^"]+)"/.exec(html)?.[1];
  const categoryField = /name="(kategori-\d+)"/.exec(html)?.[1];
  if (!token || !categoryField) throw new Error(`the news editor (${editor.status}) has no CSRF field or category`);
  return { cookie, token, categoryField };
}

/**
 * Removes what an earlier run's staff scenarios left (the save scenario's posts and their audit rows,
 * the list scenario's drafts), so every run's public scenarios see the same database.
 */
export async function removeBenchPosts(bench: BenchDatabase): Promise<void> {
  const conn = connect(bench.url);
  try {
    await conn.db.transaction().execute(async (trx) => {
      const ours = (eb: ExpressionBuilder<Database, 'post'>) =>
        eb.and([
          eb('type', '=', 'post'),
          eb.or([eb('title', 'like', `${BENCH_POST_TITLE}%`), eb('slug', 'like', `${DRAFT_SLUG}-%`)]),
        ]);
      const ids = trx.selectFrom('post').select('id').where(ours);
      await trx.deleteFrom('audit_log').where('subject_type', '=', 'post').where('subject_id', 'in', ids).execute();
      await trx.deleteFrom('post').where(ours).execute();
    });
  } finally {
    await conn.close();
  }
}

/**
 * Tops the news posts up to BENCH_NEWS_POSTS with drafts (the synthetic rows hold about 70,000), just
 * before the staff list is measured, after every public scenario: they never see the drafts.
 */
export async function topUpNewsPosts(bench: BenchDatabase): Promise<void> {
  const conn = connect(bench.url);
  try {
    await conn.db.transaction().execute(async (trx) => {
      const { n } = await trx
        .selectFrom('post')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'post')
        .executeTakeFirstOrThrow();
      const missing = BENCH_NEWS_POSTS - Number(n);
      const at = new Date(Date.parse('2025-06-01T00:00:00Z')).toISOString();
      for (let i = 0; i < missing; i += 500) {
        const rows = Array.from({ length: Math.min(500, missing - i) }, (_, j) => ({
          type: 'post',
          status: 'draft',
          slug: `${DRAFT_SLUG}-${i + j + 1}`,
          title: `Draf uji beban ${i + j + 1}`,
          excerpt: '',
          content: '<p>Draf untuk mengukur daftar berita ruang staf.</p>',
          tree: null,
          parent_id: null,
          author_id: null,
          featured_media_id: null,
          published_at: at,
          modified_at: at,
          menu_order: 0,
        }));
        await trx.insertInto('post').values(rows).execute();
      }
      if (missing > 0) console.log(`staff: added ${missing} draft news posts (${BENCH_NEWS_POSTS} in all)`);
    });
  } finally {
    await conn.close();
  }
}
