import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyWidths, MEDIA_FORMATS } from '~/content/media';
import type { Connection } from '~/db/connection.server';
import { claimerId } from '~/lib/job-claim';
import { thisClaimer } from '~/lib/job-claim.server';
import { recoverAfterCrash, runDueJobs } from '~/staff/gallery/media-job.server';
import { POST_PROCESS_MESSAGE, REFUSAL_MESSAGES, type UploadRefusal, uploadDisplayName } from '~/staff/gallery/model';
import { stagingDir } from '~/staff/gallery/worker-registry.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { refusedFiles, smallImage } from '../support/upload-files';
import { signInRoles } from '../support/users';

/**
 * Issue 14 "Gallery": staff make an album at /admin/galeri/, upload photos (each checked, staged, and
 * processed by the background job into the site's widths in WebP and JPEG), describe and order them,
 * and publish; /galeri/ and its filters' counts show it at once. A corrupt upload fails after its five
 * tries with the spec's post_process message and leaves no file; bad uploads are refused with a message.
 */

afterAll(() => closeAppBuild());

const NEW = '/admin/galeri/baru/';
/** Retries 20, 40, 80, 160 ms apart here (the server's default starts at 2 s). */
const JOBS = { backoffMs: 20, pollMs: 30 };

/** A photo as a camera makes it: noise (so it compresses like one), EXIF orientation 6 (shown turned). */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return sharp(noise)
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Kamera Sekolah' } } })
    .jpeg()
    .toBuffer();
}

describe.each(DIALECTS)('the gallery’s staff screens on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let uploadsDir: string;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let albumId = 0;
  let photoId = 0;
  let secondId = 0;

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    uploadsDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'smp-gallery-')), 'uploads');
    fs.mkdirSync(uploadsDir);
    site = await startSite(conn, { uploadsDir, mediaJobs: JOBS });
    await signInRoles(conn.db, 'galeri', ['editor', 'author'], { cookies, tokens });
  });
  afterAll(async () => {
    await site.close();
    await dispose();
    fs.rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
  });

  const { open, post } = staffRequests(() => site, cookies);

  /** Posts files as the upload screen does (one request, multipart, JSON answer). */
  async function upload(
    role: string,
    files: Array<{ name: string; bytes: Buffer; type?: string }>,
    {
      token = tokens[role],
      json = true,
      fields = {},
    }: { token?: string | null; json?: boolean; fields?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    if (token) form.append('_token', token);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const f of files)
      form.append('foto', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name);
    const request = new Request('http://x/', { method: 'POST', body: form });
    const answer = await site.send(`/admin/galeri/${albumId}/unggah/`, {
      method: 'POST',
      headers: {
        cookie: cookies[role] as string,
        'content-type': request.headers.get('content-type') as string,
        accept: json ? 'application/json' : 'text/html',
      },
      body: Buffer.from(await request.arrayBuffer()),
    });
    return {
      ...answer,
      json: () => JSON.parse(answer.text) as { results: Array<Record<string, unknown>>; message?: string },
    };
  }

  const mediaRow = (id: number) =>
    conn.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const jobRow = (id: number) =>
    conn.db.selectFrom('media_job').selectAll().where('media_id', '=', id).executeTakeFirstOrThrow();
  async function settled(id: number, timeoutMs = 20_000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const m = await mediaRow(id);
      if (m.status !== 'processing') return m;
      if (Date.now() > end) throw new Error(`media ${id} still processing`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** The staged originals: the job removes each right after its last step. */
  async function staged(): Promise<string[]> {
    const end = Date.now() + 5_000;
    for (;;) {
      const files = fs.existsSync(stagingDir(uploadsDir)) ? fs.readdirSync(stagingDir(uploadsDir)) : [];
      if (files.length === 0 || Date.now() > end) return files;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const filesOf = (file: string) => {
    const dir = path.join(uploadsDir, path.dirname(file));
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(path.basename(file))) : [];
  };
  const album = () => conn.db.selectFrom('post').selectAll().where('id', '=', albumId).executeTakeFirstOrThrow();
  const metaOf = async (key: string) =>
    (
      await conn.db
        .selectFrom('post_meta')
        .selectAll()
        .where('post_id', '=', albumId)
        .where('meta_key', '=', key)
        .executeTakeFirst()
    )?.value_text ?? null;
  const mediaCount = async () =>
    Number(
      (
        await conn.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const jobCount = async () =>
    Number(
      (
        await conn.db
          .selectFrom('media_job')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Every file below `root`, relative to it, in `/` form. */
  const filesUnder = (root: string) =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  /** Takes photos out again once processed, so that the later tests see the album as before. */
  async function dropPhotos(before: string[], ids: number[]) {
    for (const id of ids) await settled(id);
    await conn.db.deleteFrom('media').where('id', 'in', ids).execute();
    await conn.db
      .updateTable('post_meta')
      .set({ value_text: before.join(',') })
      .where('post_id', '=', albumId)
      .where('meta_key', '=', '_foto_album')
      .execute();
  }
  const category = async (slug: string) =>
    await conn.db
      .selectFrom('term')
      .select(['id', 'name'])
      .where('taxonomy', '=', 'kategori-galeri')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();

  const fields = (extra: Record<string, string> = {}) => ({
    judul: 'Kunjungan ke Museum Geologi',
    slug: '',
    ringkasan: 'Siswa kelas VIII belajar batuan dan fosil.',
    tahun: '2031',
    _token: tokens.editor as string,
    ...extra,
  });

  // The first request compiles the app (Vite): more time than the default.
  test('only staff with the gallery capability open the screens or change anything', { timeout: 90_000 }, async () => {
    expect((await open('/admin/galeri/')).headers.location).toBe('/masuk/?redirect_to=%2Fadmin%2Fgaleri%2F');
    for (const p of ['/admin/galeri/', NEW, '/admin/galeri/1/', '/admin/galeri/1/foto/', '/admin/galeri/1/hapus/']) {
      expect((await open(p, 'author')).status, p).toBe(403);
    }
    expect((await post(NEW, 'author', { ...fields(), _token: tokens.author as string })).status).toBe(403);
    const list = await open('/admin/galeri/', 'editor');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Upacara Bendera Hari Senin');
  });

  test('an editor makes an album: a draft with its year and category, its slug made from the title', async () => {
    const museum = await category('kunjungan');
    // Without the token nothing is stored.
    const { _token, ...noToken } = fields({ [`kategori-${museum.id}`]: '1' });
    expect((await post(NEW, 'editor', noToken)).status).toBe(403);
    const created = await post(NEW, 'editor', fields({ [`kategori-${museum.id}`]: '1' }));
    expect(created.status).toBe(302);
    albumId = Number(/^\/admin\/galeri\/(\d+)\/\?pesan=dibuat#unggah$/.exec(created.headers.location ?? '')?.[1]);
    expect(albumId).toBeGreaterThan(0);
    expect(await album()).toMatchObject({ type: 'galeri', status: 'draft', slug: 'kunjungan-ke-museum-geologi' });
    const year = await conn.db
      .selectFrom('post_meta')
      .select('value_number')
      .where('post_id', '=', albumId)
      .where('meta_key', '=', 'tahun')
      .executeTakeFirstOrThrow();
    expect(Number(year.value_number)).toBe(2031);
    // A title already taken makes the next slug; a typed slug of another album is refused with the form kept.
    const twin = await post(NEW, 'editor', fields({ slug: 'kunjungan-ke-museum-geologi' }));
    expect(twin.status).toBe(400);
    expect(twin.text).toContain('sudah dipakai album');
    expect(twin.text).toContain('Siswa kelas VIII belajar batuan dan fosil.');
    const bad = await post(NEW, 'editor', fields({ judul: 'x'.repeat(201), tahun: '20' }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Judul paling banyak 200 karakter.');
  });

  test('a photo is uploaded, then processed: every width in WebP and JPEG, turned upright, no metadata', async () => {
    const bytes = await cameraJpeg(1600, 1200);
    // Without the token nothing is stored.
    expect((await upload('editor', [{ name: 'tanpa-token.jpg', bytes }], { token: null })).status).toBe(403);
    // (a small file: the server answers 403 before it reads the body)
    expect((await upload('author', [{ name: 'penulis.jpg', bytes: bytes.subarray(0, 100) }])).status).toBe(403);

    const answer = await upload('editor', [{ name: 'Batuan Beku.JPG', bytes }]);
    expect(answer.status).toBe(200);
    const [result] = answer.json().results;
    expect(result).toMatchObject({ ok: true, name: 'Batuan Beku.JPG' });
    photoId = Number(result?.id);
    expect((await mediaRow(photoId)).status).toBe('processing');
    expect(await metaOf('_foto_album')).toBe(String(photoId));

    const done = await settled(photoId);
    expect(done).toMatchObject({ status: 'ready', width: 1200, height: 1600 });
    const widths = copyWidths(1200);
    expect(JSON.parse(done.sizes).map((s: { width: number }) => s.width)).toEqual(widths);
    const files = filesOf(done.file).sort();
    expect(files).toEqual(
      widths.flatMap((w) => MEDIA_FORMATS.map((f) => `${path.basename(done.file)}-${w}w.${f}`)).sort(),
    );
    const largest = await sharp(path.join(uploadsDir, `${done.file}-1200w.jpg`)).metadata();
    expect([largest.width, largest.height, largest.exif, largest.orientation]).toEqual([
      1200,
      1600,
      undefined,
      undefined,
    ]);
    expect(await staged()).toEqual([]);
    expect((await jobRow(photoId)).status).toBe('done');

    // The upload screen polls the album's photos.
    const polled = await open(`/admin/galeri/${albumId}/foto/`, 'editor');
    expect(JSON.parse(polled.text).photos).toEqual([
      expect.objectContaining({ id: photoId, status: 'ready', name: 'Batuan Beku.JPG', alt: '' }),
    ]);
  });

  test('several processes run the jobs at once: each job is claimed and processed once', async () => {
    const answer = await upload('editor', [{ name: 'sekali.jpg', bytes: await cameraJpeg(800, 600) }]);
    const id = Number(answer.json().results[0]?.id);
    secondId = id;
    // The server's worker and two more (as other server processes would) race for the same job.
    const options = { uploadsDir, backoffMs: JOBS.backoffMs };
    await Promise.all([runDueJobs(conn.db, options), runDueJobs(conn.db, options)]);
    expect((await settled(id)).status).toBe('ready');
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    // The photo joined the album after the first, in upload order.
    expect(await metaOf('_foto_album')).toBe(`${photoId},${id}`);
    expect(await staged()).toEqual([]);

    // Without JavaScript, the photo list's Naik and Turun buttons post the whole form and move one photo.
    const move = async (intent: string) =>
      post(`/admin/galeri/${albumId}/`, 'editor', { ...fields({ versi: (await album()).modified_at }), intent });
    const up = await move(`naik:${id}`);
    expect(up.headers.location).toBe(`/admin/galeri/${albumId}/?pesan=disimpan#foto`);
    expect(await metaOf('_foto_album')).toBe(`${id},${photoId}`);
    await move(`turun:${id}`);
    expect(await metaOf('_foto_album')).toBe(`${photoId},${id}`);
  });

  test('photos chosen together are listed as chosen, whichever upload lands first; so is a form of several', async () => {
    const before = (await metaOf('_foto_album'))?.split(',') ?? [];
    const bytes = await cameraJpeg(400, 300);
    // The screen sends each file alone with its place in the choice: here the third lands first.
    const batch = 'pilihan0001';
    const landed: Record<string, number> = {};
    for (const [name, position] of [
      ['ketiga.jpg', '2'],
      ['pertama.jpg', '0'],
      ['kedua.jpg', '1'],
    ] as const) {
      const answer = await upload('editor', [{ name, bytes }], { fields: { kelompok: batch, urutan: position } });
      landed[name] = Number(answer.json().results[0]?.id);
    }
    const chosen = [landed['pertama.jpg'], landed['kedua.jpg'], landed['ketiga.jpg']].map(String);
    expect(await metaOf('_foto_album')).toBe([...before, ...chosen].join(','));
    // A later choice goes after it, even when it lands between two of the first choice's files.
    const late = await upload('editor', [{ name: 'lain.jpg', bytes }], {
      fields: { kelompok: 'pilihan0002', urutan: '0' },
    });
    const lateId = String(late.json().results[0]?.id);
    expect(await metaOf('_foto_album')).toBe([...before, ...chosen, lateId].join(','));

    // Without JavaScript: one form with several files, stored in the order they were chosen.
    const form = await upload(
      'editor',
      ['satu.jpg', 'dua.jpg', 'tiga.jpg'].map((name) => ({ name, bytes })),
      { json: false },
    );
    expect(form.status).toBe(302);
    const all = (await metaOf('_foto_album'))?.split(',') ?? [];
    const names = await conn.db
      .selectFrom('media_job')
      .select(['media_id', 'original_name'])
      .where('media_id', 'in', all.slice(-3).map(Number))
      .execute();
    const nameOf = new Map(names.map((n) => [String(n.media_id), n.original_name]));
    expect(all.slice(-3).map((id) => nameOf.get(id))).toEqual(['satu.jpg', 'dua.jpg', 'tiga.jpg']);

    // Taken out again, so that the later tests see the album as before.
    const added = all.slice(before.length).map(Number);
    for (const id of added) await settled(id);
    await conn.db.deleteFrom('media').where('id', 'in', added).execute();
    await conn.db
      .updateTable('post_meta')
      .set({ value_text: before.join(',') })
      .where('post_id', '=', albumId)
      .where('meta_key', '=', '_foto_album')
      .execute();
  });

  test('files that are not images, 50-megapixel images and over-large files are refused with a message', async () => {
    const before = await mediaCount();
    const text = await upload('editor', [{ name: 'daftar-hadir.jpg', bytes: Buffer.from('bukan gambar, hanya teks') }]);
    expect(text.status).toBe(400);
    expect(text.json().results[0]).toMatchObject({
      ok: false,
      code: 'not-image',
      message: REFUSAL_MESSAGES['not-image'],
    });

    // 10000 × 5000 of one colour: 50 megapixels in a few kilobytes.
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const big = await upload('editor', [{ name: 'panorama.png', bytes: huge, type: 'image/png' }]);
    expect(big.status).toBe(400);
    expect(big.json().results[0]).toMatchObject({
      code: 'too-many-pixels',
      message: REFUSAL_MESSAGES['too-many-pixels'],
    });

    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      (await upload('editor', [{ name: 'animasi.gif', bytes: gif, type: 'image/gif' }])).json().results[0],
    ).toMatchObject({
      code: 'format',
    });

    // Without JavaScript: the form goes back to the album, which says what happened to each file.
    const form = await upload('editor', [{ name: 'panorama.png', bytes: huge, type: 'image/png' }], { json: false });
    expect(form.status).toBe(302);
    const back = await open(form.headers.location as string, 'editor');
    expect(back.text).toContain('0 foto diunggah');
    expect(back.text).toContain('panorama.png');
    expect(back.text).toContain('megapiksel');
    expect(await mediaCount()).toBe(before);
  });

  test('issue 25: the bytes decide; SVG, HTML, PDF, GIF, polyglots and bombs are refused and nothing is stored', async () => {
    const root = path.dirname(uploadsDir);
    const before = { media: await mediaCount(), jobs: await jobCount(), files: filesUnder(root) };
    for (const file of await refusedFiles()) {
      const answer = await upload('editor', [{ name: file.name, bytes: file.bytes }]);
      expect(answer.status, file.what).toBe(400);
      expect(answer.json().results[0], file.what).toEqual({
        ok: false,
        name: file.name,
        code: file.code,
        message: REFUSAL_MESSAGES[file.code as UploadRefusal],
      });
    }
    // A JPEG cut short (no end of image) is refused at once, not after five tries.
    const whole = await cameraJpeg(400, 300);
    expect(
      (await upload('editor', [{ name: 'terpotong.jpg', bytes: whole.subarray(0, 2000) }])).json().results[0],
    ).toMatchObject({ code: 'not-image' });
    expect({ media: await mediaCount(), jobs: await jobCount(), files: filesUnder(root) }).toEqual(before);
  });

  test('issue 25: AVIF is taken, and a PNG named .jpg sent as text/html is taken as the PNG it is', async () => {
    const before = (await metaOf('_foto_album'))?.split(',') ?? [];
    const avif = await smallImage('avif', 900, 600);
    const png = await smallImage('png', 300, 200);
    const answer = await upload('editor', [
      { name: 'Pentas Seni.avif', bytes: avif, type: 'image/avif' },
      { name: 'bukan-jpeg.jpg', bytes: png, type: 'text/html' },
    ]);
    expect(answer.status).toBe(200);
    const ids = answer.json().results.map((r) => Number(r.id));
    const expected: Array<[number, number]> = [
      [ids[0] as number, 900],
      [ids[1] as number, 300],
    ];
    for (const [id, width] of expected) {
      const done = await settled(id);
      expect(done).toMatchObject({ status: 'ready', width });
      const widths = copyWidths(width);
      expect(filesOf(done.file).sort()).toEqual(
        widths.flatMap((w) => MEDIA_FORMATS.map((f) => `${path.basename(done.file)}-${w}w.${f}`)).sort(),
      );
      const copy = await sharp(path.join(uploadsDir, `${done.file}-${widths.at(-1)}w.webp`)).metadata();
      expect([copy.format, copy.width]).toEqual(['webp', width]);
    }
    await dropPhotos(before, ids);
  });

  test('issue 25: the sent file name never reaches the disk; it is only shown, cleaned', async () => {
    const before = (await metaOf('_foto_album'))?.split(',') ?? [];
    const bytes = await cameraJpeg(200, 150);
    const names = [
      '../../etc/passwd.jpg',
      '..\\..\\windows\\win.ini.jpg',
      'a\u0000.jpg',
      'CON.jpg',
      `${'panjang'.repeat(72)}.jpg`,
      'foto\u202egpj.exe',
      'Upacara 17 Agustus 🇮🇩.jpg',
    ];
    const ids: number[] = [];
    for (const name of names) {
      const answer = await upload('editor', [{ name, bytes }]);
      expect(answer.status, name).toBe(200);
      const result = answer.json().results[0] as { id: number; name: string };
      ids.push(result.id);
      expect(result.name).toBe(uploadDisplayName(result.name));
      for (const c of ['/', '\\', '\u0000', '\u202e']) expect(result.name).not.toContain(c);
      expect(result.name.length).toBeLessThanOrEqual(120);
    }
    const rows = await conn.db
      .selectFrom('media_job')
      .innerJoin('media', 'media.id', 'media_job.media_id')
      .select(['media.file', 'media_job.source', 'media_job.original_name'])
      .where('media.id', 'in', ids)
      .orderBy('media.id')
      .execute();
    expect(rows.map((r) => r.original_name)).toEqual([
      'passwd.jpg',
      'win.ini.jpg',
      'a.jpg',
      'CON.jpg',
      'panjang'.repeat(72).slice(0, 120),
      'fotogpj.exe',
      'Upacara 17 Agustus 🇮🇩.jpg',
    ]);
    for (const r of rows) {
      expect(r.file).toMatch(/^galeri\/\d{4}\/\d{2}\/[a-z0-9]+(-[a-z0-9]+)*-[0-9a-f]{12}$/);
      // The staged original: the upload's token (the stored name's end) and the server's own suffix.
      expect(r.source).toMatch(/^[0-9a-f]{12}\.[0-9a-z.]*upload$/);
      expect(r.file.endsWith(`-${r.source.slice(0, 12)}`)).toBe(true);
    }
    for (const id of ids) expect((await settled(id)).status).toBe('ready');
    // Only the uploads folder and its staging folder were written to.
    expect(fs.readdirSync(path.dirname(uploadsDir)).sort()).toEqual(['uploads', 'uploads-staging']);
    // (A job marks its photo ready, then removes the staged original: polled until it has.)
    await expect
      .poll(() =>
        filesUnder(path.dirname(uploadsDir)).filter(
          (f) => !/^uploads\/galeri\/\d{4}\/\d{2}\/[a-z0-9-]+-\d+w\.(webp|jpg)$/.test(f),
        ),
      )
      .toEqual([]);
    await dropPhotos(before, ids);
  });

  test('a corrupt JPEG fails after five tries with the post_process message and leaves no file', async () => {
    const whole = await cameraJpeg(1200, 900);
    // Its structure is whole (so it is taken), its pixels cut off before the end of image (so it cannot be decoded).
    const corrupt = Buffer.concat([whole.subarray(0, Math.floor(whole.length * 0.4)), Buffer.from([0xff, 0xd9])]);
    const answer = await upload('editor', [{ name: 'rusak.jpg', bytes: corrupt }]);
    expect(answer.status).toBe(200);
    const id = Number(answer.json().results[0]?.id);
    const failed = await settled(id);
    expect(failed.status).toBe('failed');
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 5, error: POST_PROCESS_MESSAGE });
    expect(filesOf(failed.file)).toEqual([]);
    expect(await staged()).toEqual([]);
    const polled = JSON.parse((await open(`/admin/galeri/${albumId}/foto/`, 'editor')).text).photos;
    expect(polled.find((p: { id: number }) => p.id === id)).toMatchObject({
      status: 'failed',
      message: 'Unggahan gagal diproses. Jika ini foto atau gambar besar, perkecil ukurannya lalu coba lagi.',
    });
  });

  test('after a crash: a dead process’s job is taken back at once, its leftover files swept, .tmp never served', async () => {
    // A process that has ended: its pid names no running process of this host.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const dir = path.join(uploadsDir, 'galeri', '2031', '01');
    fs.mkdirSync(dir, { recursive: true });
    const half = `sisa-800w.jpg.${dead}.0badf00d.tmp`;
    fs.writeFileSync(path.join(dir, half), 'setengah tertulis');
    for (const address of [`galeri/2031/01/${half}`, `galeri/2031/01/${half.replace('.tmp', '%2Etmp')}`]) {
      expect((await site.send(`/wp-content/uploads/${address}`)).status, address).toBe(404);
    }
    const staging = stagingDir(uploadsDir);
    fs.mkdirSync(staging, { recursive: true });
    const hourAgo = new Date(Date.now() - 3_600_000);
    const stage = (name: string, bytes: Buffer | string, old = true) => {
      fs.writeFileSync(path.join(staging, name), bytes);
      if (old) fs.utimesSync(path.join(staging, name), hourAgo, hourAgo);
    };
    stage('yatim.upload', 'tidak ada pekerjaan yang menyebutnya');
    // An upload being stored right now: its job row is not written yet.
    stage('sedang-diunggah.upload', 'baru', false);
    const now = new Date().toISOString();
    const job = async (source: string, claimedBy: string) => {
      stage(source, await cameraJpeg(800, 600));
      const media = await conn.db
        .insertInto('media')
        .values({
          file: `galeri/2031/01/${source.replace('.upload', '')}`,
          alt: '',
          width: 800,
          height: 600,
          sizes: '[]',
          created_at: now,
          status: 'processing',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await conn.db
        .insertInto('media_job')
        .values({
          media_id: media.id,
          post_id: null,
          user_id: null,
          source,
          original_name: source,
          status: 'running',
          attempts: 1,
          next_try_at: now,
          claimed_at: now,
          claimed_by: claimedBy,
          heartbeat_at: now,
          created_at: now,
        })
        .execute();
      return media.id;
    };
    // Claimed a moment ago by a process of this host that was killed, and by a live server elsewhere.
    const interrupted = await job('terputus.upload', claimerId({ ...thisClaimer, pid: dead, instance: 'mati' }));
    const elsewhere = claimerId({ host: 'server-lain', boot: 'lain', pid: process.pid, instance: 'hidup' });
    const othersJob = await job('di-server-lain.upload', elsewhere);

    await recoverAfterCrash(conn.db, uploadsDir);
    expect(fs.existsSync(path.join(dir, half))).toBe(false);
    expect(fs.readdirSync(staging).sort()).toEqual(
      expect.arrayContaining(['di-server-lain.upload', 'sedang-diunggah.upload']),
    );
    expect(fs.readdirSync(staging)).not.toContain('yatim.upload');
    // Taken back at once (not after minutes) and processed by the server's worker.
    expect((await settled(interrupted, 15_000)).status).toBe('ready');
    expect(await jobRow(interrupted)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(othersJob)).toMatchObject({ status: 'running', claimed_by: elsewhere, attempts: 1 });

    await conn.db.deleteFrom('media').where('id', '=', othersJob).execute();
    for (const name of fs.readdirSync(staging)) fs.rmSync(path.join(staging, name));
  });

  test('publishing needs alt text on every photo (a caption is optional); then /galeri/ and its filter counts show the album', async () => {
    const museum = await category('kunjungan');
    const stored = await album();
    const counter = async () => {
      const page = await open('/galeri/');
      const at = page.text.indexOf(`>${museum.name}<`);
      return Number(/jet-filters-counter">\(?(\d+)\)?</.exec(page.text.slice(at, at + 400))?.[1]);
    };
    const before = await counter();
    expect(before).toBeGreaterThan(0);

    const refused = await post(`/admin/galeri/${albumId}/`, 'editor', {
      ...fields({ [`kategori-${museum.id}`]: '1', versi: stored.modified_at, intent: 'terbitkan' }),
      judul: 'Kunjungan ke Museum Geologi Bandung',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('isi teks alternatif untuk Foto 1 (Batuan Beku.JPG), Foto 2 (sekali.jpg).');
    // What was typed is kept; nothing changed.
    expect(refused.text).toContain('Kunjungan ke Museum Geologi Bandung');
    expect((await album()).status).toBe('draft');

    // A caption longer than 1000 characters is refused at its field; nothing is saved.
    const tooLong = await post(`/admin/galeri/${albumId}/`, 'editor', {
      ...fields({ versi: stored.modified_at }),
      [`keterangan-${photoId}`]: 'a'.repeat(1001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain('Keterangan paling banyak 1000 karakter.');
    expect(tooLong.text).toContain(`href="#keterangan-${photoId}"`);
    expect((await mediaRow(photoId)).caption).toBe('');

    const published = await post(`/admin/galeri/${albumId}/`, 'editor', {
      ...fields({ [`kategori-${museum.id}`]: '1', versi: stored.modified_at, intent: 'terbitkan' }),
      [`alt-${photoId}`]: 'Siswa mengamati batuan beku di etalase museum',
      [`alt-${secondId}`]: 'Pemandu museum menjelaskan fosil',
      // Its lines kept (a browser sends CRLF), trimmed; markup is text.
      [`keterangan-${photoId}`]: '  Batuan dari Tangkuban Parahu\r\n<b>koleksi museum</b>  ',
      [`keterangan-${secondId}`]: '',
    });
    expect(published.status).toBe(302);
    expect(published.headers.location).toBe(`/admin/galeri/${albumId}/?pesan=terbit`);
    const row = await album();
    expect(row).toMatchObject({ status: 'publish', featured_media_id: photoId });
    // The failed upload stays in the staff's list, never in the public one.
    expect(await metaOf('foto_kegiatan')).toBe(`${photoId},${secondId}`);
    expect((await mediaRow(photoId)).alt).toBe('Siswa mengamati batuan beku di etalase museum');
    expect((await mediaRow(photoId)).caption).toBe('Batuan dari Tangkuban Parahu\n<b>koleksi museum</b>');
    expect((await mediaRow(secondId)).caption).toBe('');
    // The album's form shows it again, escaped.
    const form = await open(`/admin/galeri/${albumId}/`, 'editor');
    expect(form.text).toMatch(
      new RegExp(`<textarea[^>]*id="keterangan-${photoId}"[^>]*>Batuan dari Tangkuban Parahu\n&lt;b&gt;koleksi museum`),
    );

    const item = await open('/galeri/kunjungan-ke-museum-geologi/');
    expect(item.status).toBe(200);
    expect(item.text).toContain('Siswa mengamati batuan beku di etalase museum');
    // Under its photo on the public page, escaped; the photo without a caption has none.
    expect(item.text).toContain(
      '<figcaption class="gallery-slider__caption">Batuan dari Tangkuban Parahu\n&lt;b&gt;koleksi museum&lt;/b&gt;</figcaption>',
    );
    expect(item.text.match(/<figcaption class="gallery-slider__caption"/g)).toHaveLength(1);
    const listing = await open('/galeri/');
    expect(listing.text).toContain('Kunjungan ke Museum Geologi');
    // Its year joins the Tahun filter's options.
    expect(listing.text).toMatch(/<option[^>]*value="2031"/);
    expect(await counter()).toBe(before + 1);

    // A form opened before that save is stale: 409, the typed title kept, nothing overwritten.
    const stale = await post(`/admin/galeri/${albumId}/`, 'editor', {
      ...fields({ versi: stored.modified_at }),
      judul: 'Judul dari formulir lama',
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('telah diubah orang lain');
    expect(stale.text).toContain('Judul dari formulir lama');
    expect((await album()).title).toBe('Kunjungan ke Museum Geologi');

    // Unpublished, it leaves the gallery and its count again.
    const unpublished = await post(`/admin/galeri/${albumId}/`, 'editor', {
      ...fields({ [`kategori-${museum.id}`]: '1', versi: row.modified_at, intent: 'batalkan' }),
    });
    expect(unpublished.status).toBe(302);
    expect(await counter()).toBe(before);
    expect((await open('/galeri/kunjungan-ke-museum-geologi/')).status).toBe(404);
  });

  test('an album is deleted after a confirmation', async () => {
    expect((await open(`/admin/galeri/${albumId}/hapus/`, 'editor')).status).toBe(200);
    expect((await post(`/admin/galeri/${albumId}/hapus/`, 'editor', {})).status).toBe(403);
    const deleted = await post(`/admin/galeri/${albumId}/hapus/`, 'editor', { _token: tokens.editor as string });
    expect(deleted.headers.location).toBe('/admin/galeri/?pesan=dihapus');
    expect(await conn.db.selectFrom('post').select('id').where('id', '=', albumId).executeTakeFirst()).toBeUndefined();
    expect((await open(`/admin/galeri/${albumId}/`, 'editor')).status).toBe(404);
  });
});
