import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { guestIdOfMail } from '~/features/reviews/form.server';
import * as galleryItemRoute from '~/routes/gallery-item';
import { appContext, DIALECTS, freshDatabase } from '../support/databases';

// The new-review form sent without JavaScript: a plain form POST to the activity's own page, answered
// with a 303 back to its reviews (`?ulasan_status=`), through the same checks and store as call 10.

const ORIGIN = 'http://school.test';

let unique = 0;
function uniqueText(what: string): string {
  unique += 1;
  return `${what} ${Date.now().toString(36)}-${unique}`;
}

describe.each(DIALECTS)('the no-JavaScript review form on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let post: { id: number; slug: string };

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    post = await conn.db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', '=', 'ekskul')
      .orderBy('id')
      .offset(2)
      .limit(1)
      .executeTakeFirstOrThrow();
  });
  afterAll(() => dispose());

  const path = () => `/ekskul/${post.slug}/`;

  /** A browser's post of the form (url-encoded), from this site unless `origin` says otherwise. */
  function formPost(fields: Record<string, string>, origin = ORIGIN, address = '198.51.100.7'): Request {
    return new Request(ORIGIN + path(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': address },
      body: new URLSearchParams(fields).toString(),
    });
  }

  function reviewFields(mail: string, overrides: Record<string, string> = {}): Record<string, string> {
    return {
      jet_reviews_action: 'submit_review',
      source_id: String(post.id),
      title: uniqueText('Judul'),
      content: 'Latihannya teratur dan pelatihnya sabar.',
      rating_0: '5',
      rating_1: '4',
      rating_2: '3',
      author_name: 'Tamu Sekolah',
      author_mail: mail,
      ...overrides,
    };
  }

  /** The route's answer: a Response (the redirect) or the status a thrown error page has. */
  async function send(request: Request): Promise<{ status: number; location: string | null }> {
    try {
      // biome-ignore lint/suspicious/noExplicitAny: route modules are called with the arguments React Router gives them
      const result: any = await galleryItemRoute.action({ request, context: appContext(conn), params: {} } as any);
      return { status: result.status, location: result.headers.get('location') };
    } catch (thrown) {
      const init = (thrown as { init?: { status?: number } }).init;
      if (init?.status) return { status: init.status, location: null };
      throw thrown;
    }
  }

  const reviewsTitled = (title: string) =>
    conn.db.selectFrom('review').select(['author_key', 'post_id']).where('title', '=', title).execute();

  test('a visitor’s review is stored under a guest id of the e-mail and answered 303 review-created', async () => {
    const mail = `Tamu.${unique}@Example.com`;
    const fields = reviewFields(mail);
    const answer = await send(formPost(fields));
    expect(answer).toEqual({ status: 303, location: `${path()}?ulasan_status=review-created#ulasan` });
    const stored = await reviewsTitled(fields.title as string);
    expect(stored).toEqual([{ author_key: guestIdOfMail(mail.toLowerCase()), post_id: post.id }]);
  });

  test('a second review with the same e-mail answers already-created and stores nothing', async () => {
    const mail = `kedua.${Date.now()}@example.com`;
    expect((await send(formPost(reviewFields(mail)))).location).toContain('ulasan_status=review-created');
    const again = reviewFields(mail.toUpperCase());
    const answer = await send(formPost(again));
    expect(answer).toEqual({ status: 303, location: `${path()}?ulasan_status=already-created#ulasan` });
    expect(await reviewsTitled(again.title as string)).toEqual([]);
  });

  test.each([
    ['no title', { title: '  ' }],
    ['a rating off the scale', { rating_1: '9' }],
    ['a rating missing', { rating_2: '' }],
    ['a wrong e-mail', { author_mail: 'bukan-email' }],
    ['no name', { author_name: '' }],
    ['an unknown post', { source_id: '999999' }],
  ])('%s answers invalid and stores nothing', async (_, overrides) => {
    const fields = reviewFields(`salah.${Date.now()}.${unique}@example.com`, overrides);
    const answer = await send(formPost(fields));
    expect(answer).toEqual({ status: 303, location: `${path()}?ulasan_status=invalid#ulasan` });
    expect(await reviewsTitled(fields.title as string)).toEqual([]);
  });

  test('a form posted from another site is refused with 403 and stores nothing', async () => {
    const fields = reviewFields(`asing.${Date.now()}@example.com`);
    const answer = await send(formPost(fields, 'https://evil.example'));
    expect(answer.status).toBe(403);
    expect(await reviewsTitled(fields.title as string)).toEqual([]);
  });

  test('a post that is not the reviews form is not taken for one', async () => {
    const { jet_reviews_action: _, ...fields } = reviewFields(`tanpa.${Date.now()}@example.com`);
    const answer = await send(formPost(fields));
    expect(answer.status).toBe(405);
    expect(await reviewsTitled(fields.title as string)).toEqual([]);
  });
});
