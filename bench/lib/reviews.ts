import { sql } from 'kysely';
import { connect } from '../../app/db/connection.server';
import { updateRatingSummary } from '../../app/features/reviews/rating-meta.server';
import { mulberry32 } from '../../seed/random';
import type { BenchDatabase } from './database';

/** Reviews the bench puts on one activity (the list call pages through them). */
export const BENCH_REVIEWS = 10_000;
/** Author keys of the bench's own reviews; anything else on the source (the submit scenario's) is removed before a run. */
const PREFIX = 'guest_bench';

const FIELDS = ['Pelatih', 'Kegiatan', 'Fasilitas'];

/**
 * The bench's own seeding step for the reviews scenarios: 10,000 approved reviews (a few pinned,
 * some with comments and votes) on the first synthetic activity, written once and kept; reviews
 * an earlier run's submit scenario added are deleted, so every run lists the same 10,000.
 * Returns the activity's post id.
 */
export async function ensureBenchReviews(bench: BenchDatabase): Promise<number> {
  const conn = connect(bench.url);
  const { db } = conn;
  try {
    const post =
      (await db
        .selectFrom('post')
        .select('id')
        .where('type', '=', 'ekskul')
        .where('slug', 'like', 'sintetis-%')
        .orderBy('id')
        .executeTakeFirst()) ??
      (await db.selectFrom('post').select('id').where('type', '=', 'ekskul').orderBy('id').executeTakeFirstOrThrow());
    const postId = post.id;

    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('review')
        .where('post_id', '=', postId)
        .where('author_key', 'not like', `${PREFIX}%`)
        .execute();
      await updateRatingSummary(trx, postId);
    });
    const { n } = await db
      .selectFrom('review')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow();
    if (Number(n) === BENCH_REVIEWS) {
      console.log(`reviews: reusing ${BENCH_REVIEWS} reviews on post ${postId}`);
      return postId;
    }

    const t = performance.now();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('review').where('post_id', '=', postId).execute();
      const rand = mulberry32(postId);
      const start = Date.parse('2024-07-15T00:00:00Z');
      for (let from = 0; from < BENCH_REVIEWS; from += 500) {
        const rows = Array.from({ length: Math.min(500, BENCH_REVIEWS - from) }, (_, j) => {
          const i = from + j;
          const data = FIELDS.map((label) => ({
            field_label: label,
            field_value: 1 + Math.floor(rand() * 5),
            field_step: 1,
            field_max: 5,
          }));
          return {
            source: 'post',
            post_id: postId,
            author_key: `${PREFIX}${String(i).padStart(6, '0')}`,
            user_id: null,
            author_name: `Pengulas ${i}`,
            author_mail: `pengulas${i}@contoh.sch.id`,
            title: `Ulasan nomor ${i}`,
            content: 'Kegiatannya teratur, pelatihnya sabar dan fasilitasnya cukup. '.repeat(1 + (i % 4)),
            rating_data: JSON.stringify(data),
            rating: Math.round(data.reduce((s, f) => s + 20 * f.field_value, 0) / data.length),
            approved: 1,
            pinned: i % 2500 === 0 ? 1 : 0,
            // About one review an hour over the school year and a half.
            created_at: new Date(start + i * 3_600_000 + Math.floor(rand() * 3_000_000)).toISOString(),
          };
        });
        const ids = (await trx.insertInto('review').values(rows).returning('id').execute()).map((r) => r.id);
        const comments = ids
          .filter((_, k) => k % 5 === 0)
          .map((reviewId, k) => ({
            review_id: reviewId,
            parent_id: null,
            post_id: postId,
            author_key: `${PREFIX}c${from + k}`,
            user_id: null,
            author_name: 'Komentator',
            author_mail: 'komentar@contoh.sch.id',
            content: 'Setuju dengan ulasan ini.',
            created_at: new Date(start + (from + k) * 3_600_000 + 600_000).toISOString(),
          }));
        if (comments.length) await trx.insertInto('review_comment').values(comments).execute();
        const votes = ids.flatMap((reviewId, k) =>
          Array.from({ length: k % 4 }, (_, v) => ({
            review_id: reviewId,
            voter_key: `${PREFIX}v${v}`,
            vote: v === 2 ? -1 : 1,
          })),
        );
        if (votes.length) await trx.insertInto('review_vote').values(votes).execute();
      }
      await updateRatingSummary(trx, postId);
    });
    if (bench.dialect === 'postgres') {
      // Fresh statistics and visibility map, as autovacuum would soon give them (index-only scans).
      await sql`vacuum (analyze) review, review_comment, review_vote`.execute(db);
    }
    console.log(
      `reviews: wrote ${BENCH_REVIEWS} reviews on post ${postId} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    return postId;
  } finally {
    await conn.close();
  }
}
