import { connect } from '../../app/db/connection.server';
import type { BenchDatabase } from './database';

/** News posts the staff list scenario pages through (issue 14's figure: the list with 100,000 posts). */
export const BENCH_NEWS_POSTS = 100_000;
/** Slugs of the drafts the bench adds to reach BENCH_NEWS_POSTS (kept between runs, as the reviews are). */
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
 * Readies the staff scenarios' database: removes the posts (and their audit rows) an earlier run's save
 * scenario wrote, so every run starts alike, then tops the news posts up to BENCH_NEWS_POSTS with
 * drafts (the synthetic rows hold about 70,000; drafts change no public page).
 */
export async function prepareStaffPosts(bench: BenchDatabase): Promise<void> {
  const conn = connect(bench.url);
  try {
    await conn.db.transaction().execute(async (trx) => {
      const ids = trx
        .selectFrom('post')
        .select('id')
        .where('type', '=', 'post')
        .where('title', 'like', `${BENCH_POST_TITLE}%`);
      await trx.deleteFrom('audit_log').where('subject_type', '=', 'post').where('subject_id', 'in', ids).execute();
      await trx.deleteFrom('post').where('type', '=', 'post').where('title', 'like', `${BENCH_POST_TITLE}%`).execute();
      const { n } = await trx
        .selectFrom('post')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'post')
        .executeTakeFirstOrThrow();
      const { last } = await trx
        .selectFrom('post')
        .select((eb) => eb.fn.count<number>('id').as('last'))
        .where('slug', 'like', `${DRAFT_SLUG}-%`)
        .executeTakeFirstOrThrow();
      const missing = BENCH_NEWS_POSTS - Number(n);
      const from = Number(last);
      const at = new Date(Date.parse('2025-06-01T00:00:00Z')).toISOString();
      for (let i = 0; i < missing; i += 500) {
        const rows = Array.from({ length: Math.min(500, missing - i) }, (_, j) => {
          const k = from + i + j + 1;
          return {
            type: 'post',
            status: 'draft',
            slug: `${DRAFT_SLUG}-${k}`,
            title: `Draf uji beban ${k}`,
            excerpt: '',
            content: '<p>Draf untuk mengukur daftar berita ruang staf.</p>',
            tree: null,
            parent_id: null,
            author_id: null,
            featured_media_id: null,
            published_at: at,
            modified_at: at,
            menu_order: 0,
          };
        });
        await trx.insertInto('post').values(rows).execute();
      }
      if (missing > 0) console.log(`staff: added ${missing} draft news posts (${BENCH_NEWS_POSTS} in all)`);
    });
  } finally {
    await conn.close();
  }
}
