import { connect } from '../../app/db/connection.server';
import type { BenchDatabase } from './database';

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

/** Removes the posts (and their audit rows) an earlier run's save scenario wrote, so every run starts alike. */
export async function removeBenchPosts(bench: BenchDatabase): Promise<void> {
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
    });
  } finally {
    await conn.close();
  }
}
