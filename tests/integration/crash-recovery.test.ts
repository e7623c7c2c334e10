import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyWidths, MEDIA_FORMATS } from '~/content/media';
import type { Connection } from '~/db/connection.server';
import { hashToken } from '~/features/accounts/session.server';
import { csrfToken } from '~/staff/access.server';
import { ALBUM_META } from '~/staff/gallery/model';
import { stagingDir } from '~/staff/gallery/worker-registry.server';
import { createNonce } from '~/wire/nonce.server';
import { REST_NONCE_ACTION } from '~/wire/registry.server';
import { countValues, Ledger, WRITE_KINDS, type WriteKind } from '../support/crash-ledger';
import { type AppServer, builtApp, send, startAppServer } from '../support/crash-servers';
import { DIALECTS, freshDatabase } from '../support/databases';
import { createUser, startTestSession } from '../support/users';

/**
 * Issue 25 "Lose nothing", the crash: two real app servers (the production server, `scripts/start.ts` on a
 * built app, one process each) on one database and one uploads folder take sustained writes from clients
 * as the site's own send them (guest reviews, likes, subscribes, photo uploads by a signed-in editor, the
 * editor's saves of a news draft); in the middle of it every server process is killed with SIGKILL, then
 * both start again. After each kill: every acknowledged write is in the database exactly once, nothing
 * is there twice, no upload is half made (a file without its row, a row without its files, a staged
 * original left over), the photo jobs the killed servers had claimed run again and end done, and on
 * SQLite `PRAGMA integrity_check` is ok. CRASH_CYCLES (default 2) sets the number of kills per database.
 */

const CYCLES = Math.max(1, Number(process.env.CRASH_CYCLES ?? 2));
/** The servers' shared secret (every app server of a site needs the same one, README "Several servers"). */
const NONCE_SECRET = 'crash-recovery-nonce-secret';
const REVIEWS = '/wp-json/jet-reviews-api/v1';
const FORM = 'application/x-www-form-urlencoded';
const EKSKUL_FIELDS = ['Pelatih', 'Kegiatan', 'Fasilitas'];
/** Acknowledged writes of a cycle before its kill: at least these of each kind, and this many in all. */
const BEFORE_KILL: Record<WriteKind, number> = { review: 3, like: 3, subscribe: 3, upload: 2, save: 2 };
const WRITES_BEFORE_KILL = 30;

let appDir: string;
/** Photos as a camera makes them (noise compresses like one), a few distinct ones reused under new names. */
let photos: Buffer[] = [];

beforeAll(async () => {
  const noise = (seed: number) =>
    sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 100 + seed * 20, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
  [appDir, ...photos] = await Promise.all([builtApp(), noise(0), noise(1), noise(2)]);
}, 900_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('kill -9 of every app server during sustained writes, on %s (issue 25)', (dialect) => {
  let conn: Connection;
  let databaseUrl: string;
  let dispose: () => Promise<void>;
  let dir: string;
  let uploadsDir: string;
  let servers: AppServer[] = [];
  let editorCookie: string;
  let editorToken: string;
  let albumId = 0;
  let postId = 0;
  let postSlug = '';
  let likeTarget = 0;
  let ekskul: number[] = [];
  /** The last media row before the test: the seeded photos' files live elsewhere (tests/support/databases.ts). */
  let mediaBefore = 0;
  const ledger = new Ledger();
  /** media id of each acknowledged upload, by its name */
  const uploadIds = new Map<string, number>();
  let visitor = 0;
  let serial = 0;
  let starts = 0;
  const figures = {
    dialect,
    cycles: 0,
    acknowledged: {} as Record<WriteKind, number>,
    sent: {} as Record<WriteKind, number>,
    unacknowledgedButStored: 0,
    lost: 0,
    duplicated: 0,
    orphanFiles: 0,
    rowsWithoutFiles: 0,
    jobsClaimedAtKill: 0,
    jobsClaimedAtKillRedone: 0,
    tmpFilesLeftByKill: 0,
    stagedFilesLeftByKill: 0,
    integrityChecks: [] as string[],
    sweep: { jobsTakenBack: 0, tmpRemoved: 0, stagedRemoved: 0 },
    /** seconds of each cycle: load until the kill, both servers up again, photo jobs done, checks */
    seconds: [] as Array<{ load: number; restart: number; jobs: number; checks: number }>,
  };

  const env = () => ({
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: uploadsDir,
    OUTBOX_DIR: path.join(dir, 'outbox'),
    NONCE_SECRET,
    TRUST_PROXY: 'loopback',
  });
  const startServers = async () => {
    starts++;
    servers = await Promise.all(
      ['a', 'b'].map((name) =>
        startAppServer(appDir, `${dialect} ${name}${starts}`, env(), path.join(dir, `${name}.log`)),
      ),
    );
  };

  beforeAll(async () => {
    let url: string;
    ({ conn, url, dispose } = await freshDatabase(dialect));
    databaseUrl = url;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smp-crash-'));
    uploadsDir = path.join(dir, 'uploads');
    fs.mkdirSync(uploadsDir);
    const editorId = await createUser(conn.db, 'kilat-editor', 'editor');
    const session = await startTestSession(conn.db, editorId);
    editorCookie = `session=${session}`;
    editorToken = csrfToken({ nonceSecret: NONCE_SECRET }, { id: editorId, session: hashToken(session) });
    mediaBefore = Number(
      (
        await conn.db
          .selectFrom('media')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    ekskul = (
      await conn.db.selectFrom('post').select('id').where('type', '=', 'ekskul').orderBy('id').limit(6).execute()
    ).map((p) => p.id);
    likeTarget = (
      await conn.db
        .selectFrom('review')
        .innerJoin('post', 'post.id', 'review.post_id')
        .select('review.id')
        .where('post.type', '=', 'ekskul')
        .where('review.approved', '=', 1)
        .orderBy('review.id')
        .executeTakeFirstOrThrow()
    ).id;
    await startServers();
    const [first] = servers as [AppServer];

    // The editor makes the album the photos go to, and the news draft they keep saving.
    const album = await staffForm(first, '/admin/galeri/baru/', {
      judul: `Album kilat ${dialect}`,
      slug: '',
      ringkasan: 'Foto yang diunggah saat server dimatikan.',
      tahun: '2031',
    });
    albumId = Number(/^\/admin\/galeri\/(\d+)\//.exec(album.headers.location ?? '')?.[1]);
    expect(albumId, album.text.slice(0, 300)).toBeGreaterThan(0);
    postSlug = `berita-kilat-${dialect}`;
    const draft = await staffForm(first, '/admin/berita/baru/', newsFields(saveKey(), ''));
    postId = Number(/^\/admin\/berita\/(\d+)\//.exec(draft.headers.location ?? '')?.[1]);
    expect(postId, draft.text.slice(0, 300)).toBeGreaterThan(0);
    ledger.ack('save', `save-${serial}`);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    // What the servers' start-up sweeps cleared (media-job.server.ts recoverAfterCrash logs it).
    for (const name of ['a', 'b']) {
      const file = dir ? path.join(dir, `${name}.log`) : '';
      const log = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      for (const m of log.matchAll(/media jobs: (\d+) taken back, (\d+) temporary and (\d+) staged files removed/g)) {
        figures.sweep.jobsTakenBack += Number(m[1]);
        figures.sweep.tmpRemoved += Number(m[2]);
        figures.sweep.stagedRemoved += Number(m[3]);
      }
    }
    await dispose?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    figures.acknowledged = ledger.counts();
    figures.sent = Object.fromEntries(WRITE_KINDS.map((k) => [k, ledger.sent(k).length])) as Record<WriteKind, number>;
    console.log(`crash figures: ${JSON.stringify(figures)}`);
  }, 60_000);

  /** A form posted as the staff screens' browser posts it (their CSRF token in `_token`). */
  function staffForm(server: AppServer, target: string, fields: Record<string, string>) {
    return send(server.port, target, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': FORM, cookie: editorCookie },
      body: new URLSearchParams({ ...fields, _token: editorToken }).toString(),
    });
  }

  /** The next save's key; recorded as sent. */
  function saveKey(): string {
    const key = `save-${++serial}`;
    ledger.send('save', key);
    return key;
  }
  const newsFields = (key: string, modifiedAt: string) => ({
    title: `Berita kilat ${dialect}`,
    slug: postSlug,
    excerpt: '',
    content: `<p>Simpanan kilat ${key}</p>`,
    tags: '',
    featured_media_id: '',
    published_at: '',
    seo_title: '',
    seo_description: '',
    modified_at: modifiedAt,
    intent: 'save',
  });

  /** A visitor address of its own (X-Forwarded-For from a trusted proxy): the per-address limits stay out of the way. */
  const address = () => {
    visitor++;
    return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  };
  const guest = () => `guest_${randomBytes(12).toString('hex')}`;
  const restHeaders = () => ({
    accept: 'application/json',
    'content-type': 'application/json',
    'x-wp-nonce': createNonce(NONCE_SECRET, '0', REST_NONCE_ACTION),
    'x-forwarded-for': address(),
  });
  const json = (text: string) => {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  /** One write of each kind as the site's client sends it; records it and, when acknowledged, its ack. */
  const writes: Record<Exclude<WriteKind, 'save'>, (server: AppServer) => Promise<void>> = {
    // Call 10: a guest's review of an activity (JetReviews' client).
    async review(server) {
      const author = guest();
      const text = `Ulasan kilat ${author}`;
      ledger.send('review', text);
      const res = await send(server.port, `${REVIEWS}/submit-review`, {
        method: 'POST',
        headers: restHeaders(),
        body: JSON.stringify({
          source: 'post',
          source_id: ekskul[visitor % ekskul.length],
          title: 'Ulasan saat server mati',
          content: text,
          author_id: author,
          author_name: 'Tamu Kilat',
          author_mail: `${author.replace('_', '.')}@contoh.sch.id`,
          rating_data: EKSKUL_FIELDS.map((label) => ({
            field_label: label,
            field_value: 4,
            field_step: 1,
            field_max: 5,
          })),
        }),
      });
      const body = json(res.text);
      if (res.status === 200 && body.success === true && ['review-created', 'need-approve'].includes(String(body.code)))
        ledger.ack('review', text);
    },
    // Call 12: a guest likes a review.
    async like(server) {
      const voter = guest();
      ledger.send('like', voter);
      const res = await send(server.port, `${REVIEWS}/update-review-approval`, {
        method: 'POST',
        headers: restHeaders(),
        body: JSON.stringify({
          review_id: likeTarget,
          type: 'like',
          inc: true,
          current_state: { like: false, dislike: false },
          author_id: voter,
        }),
      });
      const data = json(res.text).data as { approval?: { like?: boolean } } | undefined;
      if (res.status === 200 && data?.approval?.like === true) ledger.ack('like', voter);
    },
    // Call 17: the subscribe form, as JetElements' jQuery posts it.
    async subscribe(server) {
      const email = `kilat.${++serial}.${randomBytes(3).toString('hex')}@example.com`;
      ledger.send('subscribe', email);
      const res = await send(server.port, '/wp-admin/admin-ajax.php', {
        method: 'POST',
        headers: {
          accept: '*/*',
          'x-requested-with': 'XMLHttpRequest',
          'content-type': `${FORM}; charset=UTF-8`,
          'x-forwarded-for': address(),
        },
        body: new URLSearchParams({
          action: 'jet_subscribe_form_ajax',
          'data[email]': email,
          'data[use_target_list_id]': 'false',
          'data[target_list_id]': '',
          'data[data][redirect]': 'false',
          'data[data][redirect_url]': '',
          'data[data][use_target_list_id]': 'false',
        }).toString(),
      });
      if (res.status === 200 && json(res.text).type === 'success') ledger.ack('subscribe', email);
    },
    // The upload screen: one file per request, multipart, a JSON answer.
    async upload(server) {
      const name = `kilat-${++serial}-${randomBytes(3).toString('hex')}.jpg`;
      ledger.send('upload', name);
      const form = new FormData();
      form.append('_token', editorToken);
      form.append(
        'foto',
        new Blob([new Uint8Array(photos[serial % photos.length] as Buffer)], { type: 'image/jpeg' }),
        name,
      );
      const request = new Request('http://x/', { method: 'POST', body: form });
      const res = await send(server.port, `/admin/galeri/${albumId}/unggah/`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          cookie: editorCookie,
          'content-type': request.headers.get('content-type') as string,
        },
        body: Buffer.from(await request.arrayBuffer()),
      });
      const [result] = (json(res.text).results ?? []) as Array<{ ok?: boolean; id?: number; name?: string }>;
      if (res.status === 200 && result?.ok === true && result.name === name && Number(result.id) > 0) {
        uploadIds.set(name, Number(result.id));
        ledger.ack('upload', name);
      }
    },
  };

  /** The version the editor's page holds now (the hidden `modified_at`), as the browser reads it. */
  async function editorVersion(server: AppServer): Promise<string> {
    const page = await send(server.port, `/admin/berita/${postId}/`, {
      headers: { accept: 'text/html', cookie: editorCookie },
    });
    const version = /name="modified_at" value="([^"]*)"/.exec(page.text)?.[1];
    if (page.status !== 200 || !version) throw new Error(`the editor page answered ${page.status}`);
    return version;
  }

  /**
   * The editor keeps saving the draft, one save after another on the version the last answer gave: an
   * autosave (JSON with the new version), then a form save (a redirect, then the editor page again).
   */
  async function editing(load: { stopping: boolean }) {
    let version: string | null = null;
    for (let turn = 0; !load.stopping; turn++) {
      const server = servers[turn % servers.length] as AppServer;
      try {
        version ??= await editorVersion(server);
        const key = saveKey();
        if (turn % 2 === 0) {
          const res = await send(server.port, `/admin/berita/${postId}/autosimpan`, {
            method: 'POST',
            headers: { 'content-type': FORM, 'x-csrf-token': editorToken, cookie: editorCookie },
            body: new URLSearchParams(newsFields(key, version)).toString(),
          });
          const answer = json(res.text) as { ok?: boolean; modifiedAt?: string };
          if (res.status === 200 && answer.ok === true && answer.modifiedAt) {
            ledger.ack('save', key);
            version = answer.modifiedAt;
          } else version = null;
        } else {
          const res = await staffForm(server, `/admin/berita/${postId}/`, newsFields(key, version));
          if (res.status === 302 && res.headers.location?.includes('pesan=disimpan')) ledger.ack('save', key);
          version = null;
        }
      } catch {
        version = null;
      }
    }
  }

  /** Sustained writes against both servers until `stopping`: a loop per kind and server, and the editor. */
  function sustainedLoad() {
    const load = { stopping: false, done: Promise.resolve() as Promise<unknown> };
    const loop = async (write: (server: AppServer) => Promise<void>, server: AppServer) => {
      while (!load.stopping) await write(server).catch(() => {});
    };
    const current = [...servers];
    load.done = Promise.all([
      ...current.flatMap((server) => Object.values(writes).map((write) => loop(write, server))),
      editing(load),
    ]);
    return load;
  }

  const count = async (query: Promise<Array<{ n: unknown }>>) => Number((await query)[0]?.n ?? 0);
  const runningJobs = async () =>
    (await conn.db.selectFrom('media_job').select('media_id').where('status', '=', 'running').execute()).map(
      (j) => j.media_id,
    );
  const filesUnder = (root: string): string[] =>
    fs.existsSync(root)
      ? fs
          .readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      : [];

  /** Waits (polling, with a deadline) until no photo job waits or runs. */
  async function jobsSettled() {
    const deadline = Date.now() + 120_000;
    for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
      const open = await count(
        conn.db
          .selectFrom('media_job')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', ['pending', 'running'])
          .execute(),
      );
      if (open === 0) return;
      if (Date.now() > deadline) throw new Error(`${open} photo jobs still open after two minutes`);
      await sleep(wait);
    }
  }

  /** Every check of "lose nothing", over all the writes of the test so far; adds to the figures. */
  async function verify(claimedAtKill: number[]) {
    const { db } = conn;
    const reviews = await db
      .selectFrom('review')
      .select('content')
      .where('content', 'like', 'Ulasan kilat %')
      .execute();
    const likes = await db
      .selectFrom('review_vote')
      .select('voter_key')
      .where('review_id', '=', likeTarget)
      .where('vote', '=', 1)
      .where('voter_key', 'like', 'guest_%')
      .execute();
    const subscribers = await db.selectFrom('subscriber').select('email').where('email', 'like', 'kilat.%').execute();
    const uploads = await db
      .selectFrom('media_job')
      .innerJoin('media', 'media.id', 'media_job.media_id')
      .select([
        'media_job.original_name',
        'media_job.media_id',
        'media_job.status as job',
        'media.status',
        'media.file',
        'media.width',
      ])
      .where('media_job.original_name', 'like', 'kilat-%')
      .execute();
    // The confirmation mail an acknowledged subscribe promised is stored, once (no SMTP here: the outbox).
    const mails = await db.selectFrom('outbox').select('recipient').where('recipient', 'like', 'kilat.%').execute();
    const tallies = {
      review: ledger.tally('review', countValues(reviews.map((r) => r.content))),
      'subscribe mail': ledger.tally('subscribe', countValues(mails.map((m) => m.recipient))),
      like: ledger.tally('like', countValues(likes.map((v) => v.voter_key))),
      subscribe: ledger.tally('subscribe', countValues(subscribers.map((s) => s.email))),
      upload: ledger.tally('upload', countValues(uploads.map((u) => u.original_name))),
    };
    for (const [kind, t] of Object.entries(tallies)) {
      expect(t.lost, `${kind}: acknowledged, then lost`).toEqual([]);
      expect(t.duplicated, `${kind}: stored twice`).toEqual([]);
      expect(t.unknown, `${kind}: stored, never sent`).toEqual([]);
    }

    // The editor's draft holds its last acknowledged save (or the one sent after it, unanswered).
    const post = await db.selectFrom('post').select('content').where('id', '=', postId).executeTakeFirstOrThrow();
    const stored = /Simpanan kilat (save-\d+)/.exec(post.content)?.[1] ?? null;
    expect(ledger.lastSaveProblem(stored)).toBeNull();

    // Every upload that was stored, acknowledged or not, is a whole photo: processed, in the album once.
    for (const u of uploads) {
      expect([u.job, u.status], `${u.original_name}`).toEqual(['done', 'ready']);
      const id = uploadIds.get(u.original_name);
      if (id !== undefined) expect(u.media_id).toBe(id);
    }
    const order = (
      (
        await db
          .selectFrom('post_meta')
          .select('value_text')
          .where('post_id', '=', albumId)
          .where('meta_key', '=', ALBUM_META.photos)
          .executeTakeFirst()
      )?.value_text ?? ''
    )
      .split(',')
      .filter(Boolean)
      .map(Number);
    expect(countValues(order.map(String)).size, 'a photo twice in the album').toBe(order.length);
    expect(new Set(order)).toEqual(new Set(uploads.map((u) => u.media_id)));

    // The uploads folder holds exactly the copies of the photos' rows; nothing half made, nothing staged.
    const media = await db
      .selectFrom('media')
      .select(['id', 'file', 'width', 'status'])
      .where('id', '>', mediaBefore)
      .execute();
    expect(
      media.filter((m) => m.status !== 'ready').map((m) => m.id),
      'media rows not ready',
    ).toEqual([]);
    const expected = new Set(
      media.flatMap((m) => copyWidths(m.width).flatMap((w) => MEDIA_FORMATS.map((f) => `${m.file}-${w}w.${f}`))),
    );
    const onDisk = filesUnder(uploadsDir);
    const orphans = onDisk.filter((f) => !expected.has(f));
    const missing = [...expected].filter((f) => !onDisk.includes(f));
    const staged = filesUnder(stagingDir(uploadsDir));
    figures.orphanFiles += orphans.length + staged.length;
    figures.rowsWithoutFiles += missing.length;
    expect(orphans, 'files without their row').toEqual([]);
    expect(missing, 'rows without their files').toEqual([]);
    const stagedJobs = await db
      .selectFrom('media_job')
      .select(['source', 'status'])
      .where('source', 'in', staged.length > 0 ? staged : [''])
      .execute();
    const whose = (name: string) => stagedJobs.find((j) => j.source === name)?.status ?? 'no row';
    expect(
      staged.map((name) => `${name} (job: ${whose(name)})`),
      'staged originals left over',
    ).toEqual([]);

    // The jobs the killed servers had claimed ran again, to the end.
    const redone = await db
      .selectFrom('media_job')
      .select(['media_id', 'status', 'attempts'])
      .where('media_id', 'in', claimedAtKill.length > 0 ? claimedAtKill : [-1])
      .execute();
    for (const job of redone) expect(job, `job of media ${job.media_id}`).toMatchObject({ status: 'done' });
    expect(redone.every((j) => Number(j.attempts) >= 2)).toBe(true);
    figures.jobsClaimedAtKillRedone += redone.filter((j) => j.status === 'done').length;

    const t = Object.values(tallies);
    return {
      lost: t.reduce((n, x) => n + x.lost.length, 0),
      duplicated: t.reduce((n, x) => n + x.duplicated.length, 0),
      unacknowledgedPresent: t.reduce((n, x) => n + x.unacknowledgedPresent, 0),
    };
  }

  const cycles = Array.from({ length: CYCLES }, (_, i) => i + 1);
  test.each(cycles)(
    'cycle %i: writes to both servers, SIGKILL of both mid-load, restart: nothing lost, nothing twice, nothing half made',
    {
      timeout: 240_000,
    },
    async () => {
      const before = ledger.counts();
      const started = Date.now();
      const load = sustainedLoad();
      // In the middle of the load: each kind acknowledged this cycle, enough writes, and a photo job claimed.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const now = ledger.counts();
        const fresh = WRITE_KINDS.map((k) => now[k] - before[k]);
        const enough =
          WRITE_KINDS.every((k, i) => (fresh[i] as number) >= BEFORE_KILL[k]) &&
          fresh.reduce((a, b) => a + b, 0) >= WRITES_BEFORE_KILL;
        if (enough && ((await runningJobs()).length > 0 || Date.now() > deadline)) break;
        if (Date.now() > deadline + 30_000) {
          load.stopping = true;
          await load.done;
          throw new Error(
            `the load did not get going: ${JSON.stringify(fresh)}\n${servers.map((s) => s.log()).join('\n')}`,
          );
        }
        await sleep(10);
      }
      // kill -9 of every server process at once; the clients' requests in flight get no answer.
      const killedAt = Date.now();
      const killed = Promise.all(servers.map((s) => s.kill()));
      load.stopping = true;
      await killed;
      await load.done;
      const claimedAtKill = await runningJobs();
      figures.jobsClaimedAtKill += claimedAtKill.length;
      figures.tmpFilesLeftByKill += filesUnder(uploadsDir).filter((f) => f.endsWith('.tmp')).length;
      figures.stagedFilesLeftByKill += filesUnder(stagingDir(uploadsDir)).length;
      if (dialect === 'sqlite') {
        // The database file as the kill left it (its WAL recovered by this connection).
        const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(conn.db);
        figures.integrityChecks.push(rows.map((r) => r.integrity_check).join('; '));
        expect(rows).toEqual([{ integrity_check: 'ok' }]);
      }

      const restarting = Date.now();
      await startServers();
      const restarted = Date.now();
      await jobsSettled();
      const settled = Date.now();
      const result = await verify(claimedAtKill);
      const seconds = (ms: number) => Math.round(ms / 100) / 10;
      figures.seconds.push({
        load: seconds(killedAt - started),
        restart: seconds(restarted - restarting),
        jobs: seconds(settled - restarted),
        checks: seconds(Date.now() - settled),
      });
      figures.cycles++;
      figures.lost += result.lost;
      figures.duplicated += result.duplicated;
      figures.unacknowledgedButStored = result.unacknowledgedPresent;
      if (figures.cycles === CYCLES) {
        // Over the run, kills landed on claimed photo jobs, and those ran again.
        expect(figures.jobsClaimedAtKill).toBeGreaterThan(0);
        expect(figures.jobsClaimedAtKillRedone).toBe(figures.jobsClaimedAtKill);
      }
    },
  );
});
