import type { Db } from '~/db';
import { updateRatingSummary } from '~/features/reviews/rating-meta.server';
import { userKey } from '~/features/reviews/sources.server';
import { random } from './random';
import type { Content } from './schemas';

/**
 * Review types, sources and the demo reviews (issue 4; content/reviews.yaml). Every activity gets
 * ten approved reviews whose average is the `rating` ekskul.yaml gives it, so the rating filter
 * counts the same whether it reads the seeded meta or the meta the reviews keep up to date; a few
 * news posts get the reviews the file lists. Deterministic: the same content gives the same rows.
 */
export async function seedReviews(db: Db, content: Content, _seededAt: string): Promise<void> {
  const { reviews } = content;
  const typeIds = new Map<string, number>();
  for (const t of reviews.types) {
    const { id } = await db
      .insertInto('review_type')
      .values({ slug: t.slug, name: t.name, description: t.description, fields: JSON.stringify(t.fields) })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(t.slug, id);
  }
  await db
    .insertInto('review_source')
    .values(
      reviews.sources.map((s) => ({
        post_type: s.postType,
        review_type_id: typeIds.get(s.type) as number,
        allow_guests: s.allowGuests ? 1 : 0,
        comments_allowed: s.commentsAllowed ? 1 : 0,
        approval_allowed: s.approvalAllowed ? 1 : 0,
        needs_moderation: s.needsModeration ? 1 : 0,
        widget: s.widget,
      })),
    )
    .execute();

  const posts = await db
    .selectFrom('post')
    .select(['id', 'slug', 'type'])
    .where('type', 'in', ['ekskul', 'post'])
    .execute();
  const postId = (type: string, slug: string) => {
    const row = posts.find((p) => p.type === type && p.slug === slug);
    if (!row) throw new Error(`seed reviews: no ${type} ${slug}`);
    return row.id;
  };
  const people = await seededPeople(db);

  const ekskulSource = reviews.sources.find((s) => s.postType === 'ekskul');
  const ekskulType = reviews.types.find((t) => t.slug === ekskulSource?.type);
  if (ekskulSource && ekskulType) {
    if (ekskulType.fields.some((f) => f.step !== 1 || f.max !== 5)) {
      throw new Error('seed reviews: the demo reviews of activities need fields of step 1, max 5');
    }
    for (const [e, item] of content.ekskul.entries()) {
      await seedActivity(db, {
        postId: postId('ekskul', item.slug),
        index: e,
        slug: item.slug,
        rating: item.rating,
        date: item.date,
        fields: ekskulType.fields.map((f) => f.label),
        words: reviews.ekskulDemo,
        people,
      });
    }
  }

  const newsType = reviews.types.find((t) => t.slug === reviews.sources.find((s) => s.postType === 'post')?.type);
  for (const [n, entry] of reviews.news.entries()) {
    const id = postId('post', entry.post);
    await db
      .insertInto('review')
      .values(
        entry.reviews.map((r, j) => {
          const data = (newsType?.fields ?? []).map((f, k) => ({
            field_label: f.label,
            field_value: r.stars[k] as number,
            field_step: f.step,
            field_max: f.max,
          }));
          return {
            source: 'post',
            post_id: id,
            author_key: `guest_news${pad(n)}${pad(j)}`,
            user_id: null,
            author_name: r.author,
            author_mail: `tamu${n}${j}@contoh.sch.id`,
            title: r.title,
            content: r.content,
            rating_data: JSON.stringify(data),
            rating: percentOf(data),
            approved: 1,
            pinned: 0,
            created_at: r.date,
          };
        }),
      )
      .execute();
    await updateRatingSummary(db, id);
  }
}

/** Accounts the demo reviews can name: staff answer comments, others write a few reviews. */
async function seededPeople(db: Db) {
  const rows = await db
    .selectFrom('app_user')
    .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
    .select(['app_user.id', 'app_user.display_name', 'app_user.email', 'user_role.role'])
    .orderBy('app_user.id')
    .execute();
  const staff = rows.filter((r) => r.role === 'editor' || r.role === 'administrator');
  const staffIds = new Set(staff.map((r) => r.id));
  const others = rows.filter((r) => !staffIds.has(r.id));
  const unique = (list: typeof rows) => [...new Map(list.map((r) => [r.id, r])).values()];
  // An editor answers rather than the administrator when there is one.
  const answerer = staff.find((r) => r.role === 'editor') ?? staff[0];
  return { answerer, writers: unique(others) };
}
type People = Awaited<ReturnType<typeof seededPeople>>;

const pad = (n: number) => String(n).padStart(2, '0');
const percentOf = (data: Array<{ field_value: number; field_max: number }>) =>
  Math.round(data.reduce((s, f) => s + (100 * f.field_value) / f.field_max, 0) / data.length);

/**
 * Stars of ten reviews whose mean is `rating` exactly (ekskul.yaml has one decimal): the sum is
 * rating × 10, spread as evenly as possible, then a few pairs moved apart (+1/−1) for variety.
 */
export function demoStars(rating: number, rand: () => number): number[] {
  const sum = Math.round(rating * 10);
  const base = Math.floor(sum / 10);
  const stars = Array.from({ length: 10 }, (_, i) => base + (i < sum - base * 10 ? 1 : 0));
  for (let pair = 0; pair < 3; pair++) {
    const [a, b] = [pair, 9 - pair];
    if (rand() < 0.6 && (stars[a] as number) < 5 && (stars[b] as number) > 1) {
      stars[a] = (stars[a] as number) + 1;
      stars[b] = (stars[b] as number) - 1;
    }
  }
  // A stable shuffle, so that the best reviews are not all the oldest.
  return stars
    .map((s) => ({ s, k: rand() }))
    .sort((x, y) => x.k - y.k)
    .map((x) => x.s);
}

interface ActivityInput {
  postId: number;
  index: number;
  slug: string;
  rating: number;
  date: string;
  fields: string[];
  words: Content['reviews']['ekskulDemo'];
  people: People;
}

/** Ten reviews of one activity, one pinned, two with comments (one answered), a few votes. */
async function seedActivity(db: Db, a: ActivityInput) {
  const rand = random(a.slug);
  const stars = demoStars(a.rating, rand);
  const start = Date.parse(a.date);
  const day = 86_400_000;
  const { guests, titles, contents } = a.words;
  const writer = a.people.writers[a.index % Math.max(1, a.people.writers.length)];
  const rows = stars.map((k, i) => {
    // Three fields whose mean is k stars: equal, or spread by one around k.
    const spread = k >= 2 && k <= 4 && rand() < 0.5 ? [1, 0, -1] : [0, 0, 0];
    const rotate = i % a.fields.length;
    const data = a.fields.map((label, f) => ({
      field_label: label,
      field_value: k + (spread[(f + rotate) % spread.length] ?? 0),
      field_step: 1,
      field_max: 5,
    }));
    // The first review of some activities is by a signed-in account (a verified badge).
    const byAccount = i === 0 && writer !== undefined && a.index % 3 === 0;
    const guest = guests[(a.index + i) % guests.length] as string;
    const pick = <T>(list: T[][]) => {
      const options = list[k - 1] as T[];
      return options[Math.floor(rand() * options.length)] as T;
    };
    return {
      source: 'post',
      post_id: a.postId,
      author_key: byAccount ? userKey(writer.id) : `guest_demo${pad(a.index)}${pad(i)}`,
      user_id: byAccount ? writer.id : null,
      author_name: byAccount ? writer.display_name : guest,
      author_mail: byAccount ? writer.email : `tamu.${a.index}.${i}@contoh.sch.id`,
      title: pick(titles),
      content: pick(contents),
      rating_data: JSON.stringify(data),
      rating: percentOf(data),
      approved: 1,
      pinned: 0,
      created_at: new Date(start + (20 + i * 9 + (a.index % 5)) * day + i * 3_600_000).toISOString(),
    };
  });
  // The pinned review: the newest of the best rated.
  const best = Math.max(...stars);
  const pinnedIndex = stars.lastIndexOf(best);
  (rows[pinnedIndex] as (typeof rows)[number]).pinned = 1;
  const ids = (await db.insertInto('review').values(rows).returning('id').execute()).map((r) => r.id);

  const at = (i: number, hours: number) =>
    new Date(Date.parse(rows[i]?.created_at as string) + hours * 3_600_000).toISOString();
  const guestComment = (reviewIndex: number, n: number, hours: number, parent: number | null, text: string) => ({
    review_id: ids[reviewIndex] as number,
    parent_id: parent,
    post_id: a.postId,
    author_key: `guest_cmt${pad(a.index)}${pad(reviewIndex)}${n}`,
    user_id: null,
    author_name: guests[(a.index + reviewIndex + 5 + n) % guests.length] as string,
    author_mail: `komentar.${a.index}.${reviewIndex}.${n}@contoh.sch.id`,
    content: text,
    created_at: at(reviewIndex, hours),
  });
  const { comments, replies } = a.words;
  const commented = [(pinnedIndex + 1) % 10, (pinnedIndex + 4) % 10];
  const [first, second] = commented as [number, number];
  const top = await db
    .insertInto('review_comment')
    .values([
      guestComment(first, 0, 5, null, comments[a.index % comments.length] as string),
      guestComment(second, 0, 30, null, comments[(a.index + 1) % comments.length] as string),
    ])
    .returning('id')
    .execute();
  const answerer = a.people.answerer;
  const replyText = replies[a.index % replies.length] as string;
  await db
    .insertInto('review_comment')
    .values(
      answerer
        ? {
            review_id: ids[first] as number,
            parent_id: top[0]?.id as number,
            post_id: a.postId,
            author_key: userKey(answerer.id),
            user_id: answerer.id,
            author_name: answerer.display_name,
            author_mail: answerer.email,
            content: replyText,
            created_at: at(first, 26),
          }
        : guestComment(first, 1, 26, top[0]?.id as number, replyText),
    )
    .execute();

  // A few votes, so that the counts show.
  const votes = ids.flatMap((id, i) => {
    const likes = Math.floor(rand() * 4);
    const list = Array.from({ length: likes }, (_, v) => ({
      review_id: id,
      voter_key: `guest_voter${pad(v)}`,
      vote: 1,
    }));
    if (i % 4 === 3) list.push({ review_id: id, voter_key: 'guest_voter99', vote: -1 });
    return list;
  });
  if (votes.length) await db.insertInto('review_vote').values(votes).execute();

  await updateRatingSummary(db, a.postId);
  const meta = await db
    .selectFrom('post_meta')
    .select('value_number')
    .where('post_id', '=', a.postId)
    .where('meta_key', '=', 'rating')
    .executeTakeFirstOrThrow();
  if (meta.value_number !== a.rating) {
    throw new Error(`seed reviews: ${a.slug} averages ${meta.value_number}, ekskul.yaml says ${a.rating}`);
  }
}
