import { insertNewPosts } from '~/content/posts-write.server';
import type { Connection, NewPost } from '~/db';
import { random } from './random';

/**
 * Synthetic content for load tests and paging at scale: `n` published rows, about 70% news posts,
 * 15% gallery items and 15% extracurricular activities, spread over the last three years. Each row
 * carries the terms and meta its real kind carries, so filter counts mean something at scale. Rows
 * reuse the images, terms and activity meta values that exist (the demo seed's), and are written
 * with multi-row inserts in chunked transactions.
 */

/** Rows per multi-row insert: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 1000;
/** Rows per transaction. */
const BATCH = 10_000;
const THREE_YEARS = 3 * 365.25 * 24 * 3600 * 1000;

const ACTIVITIES = [
  'Lomba',
  'Pelatihan',
  'Kunjungan',
  'Seminar',
  'Festival',
  'Pentas',
  'Gerakan',
  'Sosialisasi',
  'Lokakarya',
  'Pameran',
  'Turnamen',
  'Kemah',
  'Bakti Sosial',
  'Diskusi',
  'Kelas Inspirasi',
];
const SUBJECTS = [
  'Literasi',
  'Sains',
  'Matematika',
  'Bahasa Inggris',
  'Pramuka',
  'Futsal',
  'Tari Saman',
  'Angklung',
  'Robotik',
  'Kebersihan Lingkungan',
  'Bulu Tangkis',
  'Paduan Suara',
  'Karya Ilmiah Remaja',
  'Seni Rupa',
  'Bahasa Jawa',
  'Pencak Silat',
  'Jurnalistik',
  'Kewirausahaan',
  'Bola Voli',
  'Teater',
];
const QUALIFIERS = [
  'Kelas VII',
  'Kelas VIII',
  'Kelas IX',
  'Tingkat Kecamatan',
  'Tingkat Kabupaten',
  'Tingkat Provinsi',
  'Semester Ganjil',
  'Semester Genap',
  'Bersama Orang Tua',
  'Antarkelas',
  'Bersama Alumni',
  'Akhir Pekan',
];
const SENTENCES = [
  'Kegiatan ini diikuti dengan antusias oleh para siswa dan didampingi oleh guru pembina.',
  'Kepala sekolah menyampaikan apresiasi kepada seluruh panitia yang telah bekerja keras.',
  'Para peserta belajar bekerja sama, berbagi tugas, dan menyelesaikan tantangan bersama.',
  'Orang tua siswa turut hadir memberikan dukungan dan semangat kepada putra-putrinya.',
  'Sekolah berharap kegiatan serupa dapat diadakan secara rutin setiap semester.',
  'Dokumentasi lengkap kegiatan dapat dilihat di galeri sekolah.',
  'Panitia menyiapkan berbagai sesi yang menarik, mulai dari pemaparan materi hingga praktik langsung.',
  'Siswa yang berprestasi akan mewakili sekolah pada kegiatan di tingkat yang lebih tinggi.',
];

interface MetaRow {
  meta_key: string;
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
}

interface Row {
  post: NewPost;
  terms: number[];
  meta: MetaRow[];
}

const numberMeta = (meta_key: string, value: number): MetaRow => ({
  meta_key,
  value_text: null,
  value_number: value,
  value_date: null,
});
const textMeta = (meta_key: string, value: string): MetaRow => ({
  meta_key,
  value_text: value,
  value_number: null,
  value_date: null,
});

/** Activity meta whose values are the filters' options: drawn from the values real activities have. */
const EKSKUL_CHOICES = ['hari', 'jam', 'tempat', 'warna'] as const;

/**
 * Adds `n` synthetic published rows with slugs `sintetis-<k>`. `k` starts above the largest post
 * id, which identity columns never hand out twice, so a second run never reuses a slug.
 */
export async function seedSynthetic(conn: Connection, n: number): Promise<void> {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`seedSynthetic: n must be a whole number ≥ 0 (got ${n})`);
  if (n === 0) return;
  const { db } = conn;
  const [maxRow, media, terms, author, ekskulMeta] = await Promise.all([
    db
      .selectFrom('post')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst(),
    db.selectFrom('media').select('id').orderBy('id').execute(),
    db
      .selectFrom('term')
      .select(['id', 'taxonomy', 'name', 'parent_id'])
      .where('taxonomy', 'in', ['category', 'post_tag', 'kategori-galeri', 'bidang-ekskul', 'tingkat'])
      .orderBy('id')
      .execute(),
    db.selectFrom('app_user').select('id').orderBy('id').executeTakeFirst(),
    db
      .selectFrom('post_meta')
      .innerJoin('post', 'post.id', 'post_meta.post_id')
      .select(['post_meta.meta_key', 'post_meta.value_text', 'post_meta.value_number'])
      .distinct()
      .where('post.type', '=', 'ekskul')
      .where('post_meta.meta_key', 'in', [...EKSKUL_CHOICES])
      .execute(),
  ]);
  const base = Number(maxRow?.max ?? 0);
  const mediaIds = media.map((m) => m.id);
  const byTaxonomy = (t: string) => terms.filter((x) => x.taxonomy === t).map((x) => x.id);
  const categories = byTaxonomy('category');
  const tags = byTaxonomy('post_tag');
  const galleryTerms = byTaxonomy('kategori-galeri');
  // An activity is tagged with its activity (a child term), as the real ones are.
  const activities = terms.filter((t) => t.taxonomy === 'bidang-ekskul' && t.parent_id !== null);
  const grades = byTaxonomy('tingkat');
  // Sorted here, not in SQL: the dialects order nulls differently, and the draws follow this order.
  const choices = new Map(
    EKSKUL_CHOICES.map((k) => [
      k,
      ekskulMeta
        .filter((m) => m.meta_key === k)
        .map((m) => m.value_text ?? Number(m.value_number))
        .sort((a, b) => String(a).localeCompare(String(b), 'en', { numeric: true })),
    ]),
  );
  // Without the demo school's activities there is nothing to copy: those rows become news posts.
  const withEkskul = activities.length > 0 && grades.length > 0 && [...choices.values()].every((v) => v.length > 0);
  const r = random(`sintetis-${base}`);
  const choice = (k: (typeof EKSKUL_CHOICES)[number]) => r.pick(choices.get(k) as Array<string | number>);

  // Evenly spaced over the last three years, oldest first, so timestamps never tie. The
  // millisecond part (never 0, unlike the demo content's) differs between runs.
  const end = Date.now();
  const start = end - THREE_YEARS;
  const step = Math.max(1, Math.floor(THREE_YEARS / n / 1000)) * 1000;
  const stepMs = THREE_YEARS / n >= 1000 ? step : Math.max(1, Math.floor(THREE_YEARS / n));
  const msPart = (base % 997) + 1;

  const pick = <T>(items: T[], count: number): T[] => {
    const chosen = new Set<T>();
    for (let tries = 0; chosen.size < Math.min(count, items.length) && tries < count * 4; tries++)
      chosen.add(r.pick(items));
    return [...chosen];
  };

  const makeRow = (i: number): Row => {
    const k = base + 1 + i;
    const roll = r();
    const type = roll < 0.7 ? 'post' : roll < 0.85 ? 'galeri' : withEkskul ? 'ekskul' : 'post';
    const when = start + i * stepMs + (stepMs >= 1000 ? msPart : 0);
    const published = new Date(Math.min(when, end)).toISOString();
    const activity = type === 'ekskul' ? r.pick(activities) : undefined;
    const title = activity
      ? `${activity.name} ${r.pick(QUALIFIERS)}`
      : `${r.pick(ACTIVITIES)} ${r.pick(SUBJECTS)} ${r.pick(QUALIFIERS)}`;
    const paragraphs = [0, 1, 2].map(() => `<p>${r.pick(SENTENCES)} ${r.pick(SENTENCES)}</p>`);
    const count = r.int(1, 3);
    let chosen: number[];
    let meta: MetaRow[];
    if (activity) {
      chosen = [activity.id, ...pick(grades, count)];
      meta = [
        textMeta('hari', String(choice('hari'))),
        numberMeta('jam', Number(choice('jam'))),
        // About a third are free, as at the school; the rest up to the fee slider's top.
        numberMeta('biaya', r() < 0.35 ? 0 : r.int(1, 40) * 5000),
        numberMeta('rating', r.int(2, 10) / 2),
        textMeta('tempat', String(choice('tempat'))),
        textMeta('warna', String(choice('warna'))),
      ];
    } else {
      chosen = type === 'galeri' ? pick(galleryTerms, count) : [...pick(categories, 1), ...pick(tags, count - 1)];
      const eventDate = new Date(Date.parse(published) - r.int(0, 14) * 86_400_000);
      eventDate.setUTCHours(0, 0, 0, 0);
      meta = [
        numberMeta('tahun', new Date(published).getUTCFullYear()),
        numberMeta('views', r.int(0, 5000)),
        { meta_key: 'event_date', value_text: null, value_number: null, value_date: eventDate.toISOString() },
      ];
    }
    return {
      post: {
        type,
        status: 'publish',
        slug: `sintetis-${k}`,
        title,
        excerpt: `${title}: ${r.pick(SENTENCES)}`,
        content: paragraphs.join('\n'),
        tree: null,
        parent_id: null,
        author_id: author?.id ?? null,
        featured_media_id: mediaIds.length ? r.pick(mediaIds) : null,
        published_at: published,
        modified_at: published,
        menu_order: 0,
      },
      terms: chosen,
      meta,
    };
  };

  // PostgreSQL indexes each batch's text on the server: a few batches in flight on separate
  // connections keep it busy. SQLite has one writer, so its batches go one after another.
  let nextStart = 0;
  const worker = async () => {
    while (nextStart < n) {
      const batchStart = nextStart;
      nextStart += BATCH;
      // Rows are made before the first await, so the seeded sequence does not depend on timing.
      const rows: Row[] = [];
      for (let i = batchStart; i < Math.min(n, batchStart + BATCH); i++) rows.push(makeRow(i));
      await db.transaction().execute(async (trx) => {
        for (let c = 0; c < rows.length; c += CHUNK) await insertNewPosts(trx, rows.slice(c, c + CHUNK));
      });
    }
  };
  const parallel = conn.dialect === 'postgres' ? 3 : 1;
  await Promise.all(Array.from({ length: parallel }, worker));
}
