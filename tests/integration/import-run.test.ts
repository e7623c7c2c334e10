import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import { CLAIM_LEASE_MS, claimerId } from '~/lib/job-claim';
import { thisClaimer } from '~/lib/job-claim.server';
import { dryRun } from '~/staff/import/dry-run.server';
import { emptyReport, type ImportReport } from '~/staff/import/report';
import { importDir, recoverImports, releaseAbandonedRuns, runDueImports } from '~/staff/import/run.server';
import { IMPORT_UPLOAD_BYTES, parseReport } from '~/staff/import/run-model';
import { FIXTURE, FIXTURE_ABSENT, FIXTURE_PRESENT } from '~/staff/import/wxr.fixtures';
import { readWxr } from '~/staff/import/wxr.server';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Issue 26, the staff area's import (Pengaturan → Impor): the upload's refusals store nothing; a run is claimed by
 * one worker however many ask at once, and only one runs on the whole site at a time; a run whose process died is
 * taken back and run again (a second death fails it); a dry run of the real export stores its progress and the
 * same report as `dryRun`, and the uploaded file is gone once it ends.
 */

afterAll(() => closeAppBuild());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!FIXTURE_PRESENT)(`import runs${FIXTURE_PRESENT ? '' : ` (${FIXTURE_ABSENT})`}`, () => {
  describe.each(DIALECTS)('on %s', (dialect) => {
    let conn: Connection;
    let dispose: () => Promise<void>;
    let root: string;
    let uploadsDir: string;

    beforeAll(async () => {
      ({ conn, dispose } = await freshDatabase(dialect));
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'smp-import-'));
      uploadsDir = path.join(root, 'uploads');
      fs.mkdirSync(importDir(uploadsDir), { recursive: true });
    });
    afterAll(async () => {
      await dispose();
      fs.rmSync(root, { recursive: true, force: true });
    });

    const runRow = (id: number) =>
      conn.db.selectFrom('import_run').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const storedFiles = () => fs.readdirSync(importDir(uploadsDir));
    // Read when used: the folder is made in beforeAll.
    const options = {
      get uploadsDir() {
        return uploadsDir;
      },
    };

    /** A waiting run of a copy of the fixture (as the upload leaves it). */
    async function pendingRun(opts: object = { dryRun: true, fetchMedia: false, uploads: null }, extra: object = {}) {
      const file = `${Math.random().toString(16).slice(2)}.xml`;
      fs.copyFileSync(FIXTURE, path.join(importDir(uploadsDir), file));
      const { id } = await conn.db
        .insertInto('import_run')
        .values({
          user_id: null,
          file,
          original_name: 'export.xml',
          options: JSON.stringify(opts),
          status: 'pending',
          created_at: new Date().toISOString(),
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, file };
    }

    /** A stand-in for the real import: counts to `total`, `stepMs` apart, noting how many run at once. */
    function slowImporter(total = 4, stepMs = 30) {
      const seen = { calls: 0, active: 0, most: 0 };
      const importer = async (
        _db: unknown,
        file: string,
        _o: unknown,
        onProgress?: (done: number, total: number) => void,
      ): Promise<ImportReport> => {
        seen.calls++;
        seen.active++;
        seen.most = Math.max(seen.most, seen.active);
        try {
          for (let i = 0; i <= total; i++) {
            onProgress?.(i, total);
            await sleep(stepMs);
          }
        } finally {
          seen.active--;
        }
        return emptyReport(file, false);
      };
      return { importer, seen };
    }

    test('a dry run of the real export stores its progress and dryRun’s report, then removes the file', async () => {
      const { id, file } = await pendingRun();
      let records = 0;
      for await (const _ of readWxr(FIXTURE)) records++;
      const ran = await runDueImports(conn.db, options);
      expect(ran).toBe(1);
      const row = await runRow(id);
      expect(row).toMatchObject({ status: 'done', error: null, done: records, total: records, claimed_by: null });
      expect(row.finished_at).not.toBeNull();
      const report = parseReport(row.report as string);
      const expected = await dryRun(FIXTURE, {});
      expect(report.counts).toEqual(expected.counts);
      expect(report.counts).toMatchObject({ news: 30, page: 2, gallery: 14, media: 44, 'menu-item': 6 });
      expect(report.skipped).toEqual(expected.skipped);
      expect(report.problems).toEqual(expected.problems);
      expect([...report.shortcodes]).toEqual([...expected.shortcodes]);
      // Named as the administrator sent it, never by the server's copy.
      expect(report.file).toBe('export.xml');
      expect(report.dryRun).toBe(true);
      expect(storedFiles()).not.toContain(file);
    });

    test('progress is written as the import goes, at most every 250 ms, and the end fills the bar', async () => {
      const { id } = await pendingRun({ dryRun: false, fetchMedia: false, uploads: null });
      // A clock the test moves: 100 ms a reading, so every third count at most is written.
      let clock = Date.parse('2026-11-28T10:00:00Z');
      const now = () => {
        clock += 100;
        return new Date(clock);
      };
      const seen: Array<{ done: number; total: number }> = [];
      const importer = async (_db: unknown, file: string, _o: unknown, onProgress?: (d: number, t: number) => void) => {
        for (let i = 0; i < 10; i++) {
          onProgress?.(i, 10);
          await sleep(20);
          const { done, total } = await runRow(id);
          seen.push({ done, total });
        }
        return emptyReport(file, false);
      };
      await runDueImports(conn.db, options, now, importer);
      expect(seen[0]).toEqual({ done: 0, total: 10 });
      // Not every count reached the row, but it moved along while the import ran.
      const written = new Set(seen.map((s) => s.done));
      expect(written.size).toBeGreaterThan(2);
      expect(written.size).toBeLessThan(10);
      expect(Math.max(...written)).toBeGreaterThanOrEqual(6);
      expect(await runRow(id)).toMatchObject({ status: 'done', done: 10, total: 10 });
    });

    test('a failing import is failed with a readable error, and its file removed', async () => {
      const { id, file } = await pendingRun({ dryRun: false, fetchMedia: false, uploads: null });
      const importer = async () => {
        throw new Error('disk penuh');
      };
      await runDueImports(conn.db, options, undefined, importer);
      expect(await runRow(id)).toMatchObject({
        status: 'failed',
        error: 'Impor berhenti karena kesalahan: disk penuh',
      });
      expect(storedFiles()).not.toContain(file);
    });

    test('two workers asking at once: one runs the run, and runs never overlap', async () => {
      const first = await pendingRun({ dryRun: false, fetchMedia: false, uploads: null });
      const second = await pendingRun({ dryRun: false, fetchMedia: false, uploads: null });
      const { importer, seen } = slowImporter(4, 30);
      const ran = await Promise.all([
        runDueImports(conn.db, options, undefined, importer),
        runDueImports(conn.db, options, undefined, importer),
        runDueImports(conn.db, options, undefined, importer),
      ]);
      expect(ran.reduce((a, b) => a + b, 0)).toBe(2);
      expect(seen.calls).toBe(2);
      expect(seen.most).toBe(1);
      expect((await runRow(first.id)).status).toBe('done');
      expect((await runRow(second.id)).status).toBe('done');
    });

    test('a dead claimer’s run is taken back and run again; a second death fails it', async () => {
      const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
      const deadHere = claimerId({ ...thisClaimer, pid: dead, instance: 'gone' });
      const at = new Date().toISOString();
      const { id, file } = await pendingRun(undefined, {
        status: 'running',
        claimed_by: deadHere,
        claimed_at: at,
        heartbeat_at: at,
      });
      // Another host's run with a fresh heartbeat is left alone; one whose heartbeat stopped a lease ago is not.
      const elsewhere = claimerId({ host: 'server-2', boot: 'b', pid: 4242, instance: 'x' });
      const stale = new Date(Date.now() - CLAIM_LEASE_MS - 1_000).toISOString();
      const live = await pendingRun(undefined, {
        status: 'running',
        claimed_by: elsewhere,
        claimed_at: at,
        heartbeat_at: at,
      });
      const lapsed = await pendingRun(undefined, {
        status: 'running',
        claimed_by: elsewhere,
        claimed_at: stale,
        heartbeat_at: stale,
      });
      expect(await releaseAbandonedRuns(conn.db, options)).toBe(2);
      expect(await runRow(id)).toMatchObject({ status: 'pending', claimed_by: null });
      expect((await runRow(id)).error).toMatch(/berhenti; impor diulang dari awal/);
      expect(await runRow(live.id)).toMatchObject({ status: 'running', claimed_by: elsewhere });
      expect((await runRow(lapsed.id)).status).toBe('pending');

      // The run taken back runs again; the live one still runs elsewhere, so nothing after it starts here.
      expect(await runDueImports(conn.db, options)).toBe(1);
      expect(await runRow(id)).toMatchObject({ status: 'done', error: null });
      expect(storedFiles()).not.toContain(file);
      expect((await runRow(lapsed.id)).status).toBe('pending');
      // It ends there (and its process removes its file).
      await conn.db
        .updateTable('import_run')
        .set({ status: 'done', claimed_by: null })
        .where('id', '=', live.id)
        .execute();
      fs.rmSync(path.join(importDir(uploadsDir), live.file));
      expect(await runDueImports(conn.db, options)).toBe(1);
      expect((await runRow(lapsed.id)).status).toBe('done');

      // Taken back once already: dying again fails it, and its file goes.
      const again = await pendingRun(undefined, {
        status: 'running',
        claimed_by: deadHere,
        claimed_at: at,
        heartbeat_at: at,
      });
      await conn.db
        .updateTable('import_run')
        .set({
          error:
            'Proses server yang menjalankan impor ini berhenti; impor diulang dari awal (yang sudah masuk dikenali dan tidak digandakan).',
        })
        .where('id', '=', again.id)
        .execute();
      expect(await releaseAbandonedRuns(conn.db, options)).toBe(1);
      expect(await runRow(again.id)).toMatchObject({ status: 'failed' });
      expect((await runRow(again.id)).error).toMatch(/berhenti dua kali/);
      expect(storedFiles()).not.toContain(again.file);
    });

    test('at start, an old export no unfinished run names is removed; a waiting one is kept', async () => {
      const waiting = await pendingRun();
      const orphan = path.join(importDir(uploadsDir), 'orphan.xml');
      fs.writeFileSync(orphan, '<rss/>');
      const old = new Date(Date.now() - 2 * 3_600_000);
      fs.utimesSync(orphan, old, old);
      fs.utimesSync(path.join(importDir(uploadsDir), waiting.file), old, old);
      expect((await recoverImports(conn.db, uploadsDir)).removed).toBe(1);
      expect(storedFiles()).toContain(waiting.file);
      expect(storedFiles()).not.toContain('orphan.xml');
      await runDueImports(conn.db, options);
    });

    describe('the upload', () => {
      let site: SiteServer;
      const cookies: Record<string, string> = {};
      const tokens: Record<string, string> = {};
      const { open } = staffRequests(() => site, cookies);
      const PAGE = '/admin/pengaturan/impor/';

      beforeAll(async () => {
        site = await startSite(conn, { uploadsDir, importJobs: { pollMs: 50 } });
        await signInRoles(conn.db, `impor-${dialect}`, ['administrator', 'editor'], { cookies, tokens });
      });
      afterAll(() => site.close());

      /** Posts the form as a browser does: the token first, then the file, then the choices. */
      async function upload(
        role: string | null,
        file: { name: string; bytes: Buffer },
        { token = role ? tokens[role] : undefined, fields = { jenis: 'uji', gambar: 'tidak' } } = {} as {
          /** null: none sent */
          token?: string | null;
          fields?: Record<string, string>;
        },
      ) {
        const form = new FormData();
        if (token) form.append('_token', token);
        form.append('berkas', new Blob([new Uint8Array(file.bytes)], { type: 'text/xml' }), file.name);
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        const request = new Request('http://x/', { method: 'POST', body: form });
        return site.send(PAGE, {
          method: 'POST',
          headers: {
            ...(role ? { cookie: cookies[role] as string } : {}),
            'content-type': request.headers.get('content-type') as string,
            accept: 'text/html',
          },
          body: Buffer.from(await request.arrayBuffer()),
        });
      }
      const runCount = async () =>
        Number(
          (
            await conn.db
              .selectFrom('import_run')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const fixture = { name: 'export.xml', bytes: fs.readFileSync(FIXTURE) };

      test('refused: a visitor, an editor, no or a wrong token, a file that is not an export; nothing stored', async () => {
        const before = await runCount();
        const visitor = await upload(null, fixture);
        expect(visitor.status).toBe(302);
        expect(visitor.headers.location).toMatch(/^\/masuk\//);
        const editor = await upload('editor', fixture);
        expect([editor.status, editor.headers.location]).toEqual([403, undefined]);
        const noToken = await upload('administrator', fixture, { token: null });
        expect(noToken.status).toBe(403);
        expect(noToken.text).toContain('Formulir ini sudah kedaluwarsa');
        expect((await upload('administrator', fixture, { token: tokens.editor })).status).toBe(403);
        const png = await upload('administrator', { name: 'foto.xml', bytes: Buffer.from('\x89PNG\r\n\x1a\n....') });
        expect(png.status).toBe(400);
        expect(png.text).toContain('Berkas ini bukan ekspor WordPress (WXR)');
        const feed = await upload('administrator', {
          name: 'feed.xml',
          bytes: Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'),
        });
        expect(feed.status).toBe(400);
        const empty = await upload('administrator', { name: 'kosong.xml', bytes: Buffer.alloc(0) });
        expect(empty.status).toBe(400);
        const serverFolder = await upload('administrator', fixture, {
          fields: { jenis: 'uji', gambar: 'server' },
        });
        expect(serverFolder.status).toBe(400);
        expect(serverFolder.text).toContain('IMPORT_UPLOADS_DIR');
        const form = await site.send(PAGE, {
          method: 'POST',
          headers: { cookie: cookies.administrator as string, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _token: tokens.administrator as string }).toString(),
        });
        expect(form.status).toBe(400);
        expect(await runCount()).toBe(before);
        expect(storedFiles()).toEqual([]);
      });

      test('an export over 100 MB is refused, whether its length is declared or not; nothing kept', async () => {
        const big = Buffer.alloc(IMPORT_UPLOAD_BYTES + 1024, 0x20);
        fixture.bytes.copy(big, 0, 0, 4096);
        const form = new FormData();
        form.append('_token', tokens.administrator as string);
        form.append('berkas', new Blob([new Uint8Array(big)], { type: 'text/xml' }), 'besar.xml');
        const request = new Request('http://x/', { method: 'POST', body: form });
        const type = request.headers.get('content-type');
        const body = Buffer.from(await request.arrayBuffer());
        const before = await runCount();
        for (const framing of [{}, { 'transfer-encoding': 'chunked' }] as Array<Record<string, string>>) {
          const answer = await site.send(PAGE, {
            method: 'POST',
            headers: { cookie: cookies.administrator as string, 'content-type': type as string, ...framing },
            body,
          });
          expect([framing, answer.status]).toEqual([framing, 413]);
          expect(answer.text).toContain('lebih dari 100 MB');
        }
        expect(await runCount()).toBe(before);
        expect(storedFiles()).toEqual([]);
      });

      test('an administrator’s export becomes a run: its page shows the progress, then the report', async () => {
        const answer = await upload('administrator', { name: '../../ekspor\u202Egnp.xml', bytes: fixture.bytes });
        expect(answer.status).toBe(302);
        const id = Number(/^\/admin\/pengaturan\/impor\/(\d+)\/$/.exec(answer.headers.location ?? '')?.[1]);
        expect(id).toBeGreaterThan(0);
        const row = await runRow(id);
        // The sent name is only shown: its path and direction characters dropped.
        expect(row.original_name).toBe('eksporgnp.xml');
        expect(JSON.parse(row.options)).toEqual({ dryRun: true, fetchMedia: false, uploads: null });
        const audit = await conn.db
          .selectFrom('audit_log')
          .select(['action', 'subject_id'])
          .where('subject_type', '=', 'import_run')
          .where('subject_id', '=', id)
          .execute();
        expect(audit).toEqual([{ action: 'import.dry-run', subject_id: id }]);

        // The server's own worker runs it.
        const end = Date.now() + 20_000;
        while ((await runRow(id)).status !== 'done') {
          if (Date.now() > end) throw new Error(`run ${id} not done: ${JSON.stringify(await runRow(id))}`);
          await sleep(50);
        }
        const progress = await open(`${PAGE}${id}/kemajuan/`, 'administrator');
        expect(progress.status).toBe(200);
        const done = JSON.parse(progress.text) as { status: string; done: number; total: number };
        expect(done.status).toBe('done');
        expect(done.done).toBe(done.total);
        expect(done.total).toBeGreaterThan(90);

        const page = await open(`${PAGE}${id}/`, 'administrator');
        expect(page.status).toBe(200);
        expect(page.text).toMatch(/<progress[^>]*max="\d+"[^>]*value="\d+"/);
        expect(page.text).toContain(`${done.total} dari ${done.total} item`);
        expect(page.text).toContain('Uji coba impor (tidak ada yang ditulis): eksporgnp.xml');
        expect(page.text).toMatch(/item galeri<\/dt><dd>14</);
        expect(storedFiles()).toEqual([]);

        const list = await open(PAGE, 'administrator');
        expect(list.text).toContain(`href="${PAGE}${id}/"`);
        expect(list.text).toContain('eksporgnp.xml');
        expect((await open(`${PAGE}${id}/`, 'editor')).status).toBe(403);
        expect((await open(`${PAGE}999999/`, 'administrator')).status).toBe(404);
      });
    });
  });
});
