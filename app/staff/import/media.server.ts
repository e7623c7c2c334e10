import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ProcessedImage, processImage } from '~/staff/gallery/media-job.server';
import { REFUSAL_MESSAGES, UPLOAD_LIMITS } from '~/staff/gallery/model';
import { checkUpload } from '~/staff/gallery/upload-check.server';
import { isPrivateHost, safeUploadFile } from './model';

/**
 * An imported image's bytes and copies (issue 26): read from a copy of the old `wp-content/uploads/` or downloaded
 * from the old site, checked as a gallery upload is (`checkUpload`: the bytes, never the name), and made into the
 * site's sizes by the gallery's own pipeline (`processImage`). Downloads never reach the machine itself or a
 * private network: the host is checked as written and again for every address DNS gives, at connection time, so
 * a name that resolves to 10.0.0.1 (or changes its answer between two lookups) is refused too.
 */

/** A download's limits: the gallery's upload size, and how long the old site may take. */
export const FETCH_LIMITS = { bytes: UPLOAD_LIMITS.bytes, timeoutMs: 20_000, redirects: 3 } as const;

/** Why an image could not be had, in the report's words. */
export class ImageUnavailable extends Error {}

/** Where the images come from: a folder, the old site's URLs, or nowhere. */
export interface ImageSource {
  uploads?: string;
  fetchMedia?: boolean;
}

/** The bytes of an attachment's original, from the uploads folder or its URL. */
export async function readImage(source: ImageSource, file: string, url: string): Promise<Buffer> {
  if (source.uploads) {
    const safe = safeUploadFile(file);
    if (!safe) throw new ImageUnavailable(`berkas "${file}" keluar dari folder uploads`);
    const full = path.join(source.uploads, safe);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat?.isFile()) throw new ImageUnavailable(`berkas tidak ada di folder uploads: ${safe}`);
    if (stat.size > UPLOAD_LIMITS.bytes) throw new ImageUnavailable(REFUSAL_MESSAGES['too-large']);
    return fs.readFile(full);
  }
  if (source.fetchMedia) return fetchImage(url);
  throw new ImageUnavailable('tanpa --uploads atau --fetch-media');
}

/** Refuses a connection to the machine itself or a private network, whatever name led there. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => isPrivateHost(a.address));
    if (refused || list.length === 0) {
      const e = Object.assign(new Error(`alamat ${refused?.address ?? '(tidak ada)'} adalah jaringan privat`), {
        code: 'EPRIVATE',
      });
      return callback(e, '', 0);
    }
    if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
};

/** Downloads an image: http(s) only, public addresses only, at most `FETCH_LIMITS`, a few redirects followed. */
export async function fetchImage(url: string, limits = FETCH_LIMITS): Promise<Buffer> {
  let current = url;
  for (let hop = 0; hop <= limits.redirects; hop++) {
    let u: URL;
    try {
      u = new URL(current);
    } catch {
      throw new ImageUnavailable(`alamat gambar tidak terbaca: ${current || '(kosong)'}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      throw new ImageUnavailable(`alamat gambar bukan http(s): ${current}`);
    }
    if (isPrivateHost(u.hostname)) throw new ImageUnavailable(`alamat gambar menunjuk ke jaringan privat: ${current}`);
    const answer = await get(u, limits);
    if ('redirect' in answer) {
      current = new URL(answer.redirect, u).href;
      continue;
    }
    return answer.body;
  }
  throw new ImageUnavailable(`terlalu banyak pengalihan: ${url}`);
}

function get(u: URL, limits: typeof FETCH_LIMITS): Promise<{ body: Buffer } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new ImageUnavailable(`${why}: ${u.href}`));
    const client = u.protocol === 'https:' ? https : http;
    const request = client.get(u, { lookup: publicOnlyLookup, timeout: limits.timeoutMs }, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        resolve({ redirect: location });
        return;
      }
      if (status !== 200) {
        response.resume();
        fail(`situs lama menjawab ${status}`);
        return;
      }
      if (Number(response.headers['content-length'] ?? 0) > limits.bytes) {
        response.destroy();
        fail(REFUSAL_MESSAGES['too-large']);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.bytes) {
          response.destroy();
          fail(REFUSAL_MESSAGES['too-large']);
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
      response.on('error', (error) => fail(`unduhan terputus (${error.message})`));
    });
    // The whole download, not only a silence between packets, is limited.
    const deadline = setTimeout(() => request.destroy(new Error('waktu habis')), limits.timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error('waktu habis')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EPRIVATE'
          ? `alamat gambar menunjuk ke jaringan privat (${error.message})`
          : `unduhan gagal (${error.message})`,
      ),
    );
  });
}

/**
 * Checks the bytes as a gallery upload and makes the site's copies as `${uploadsDir}/${file}-{w}w.{webp,jpg}`. The
 * bytes go through a temporary file (the pipeline reads a file), removed again; on a refusal nothing is written.
 */
export async function storeImage(bytes: Buffer, uploadsDir: string, file: string): Promise<ProcessedImage> {
  const checked = await checkUpload(bytes);
  if (typeof checked === 'string') throw new ImageUnavailable(REFUSAL_MESSAGES[checked]);
  const tmp = path.join(os.tmpdir(), `wxr-image-${process.pid}-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(tmp, bytes);
  try {
    return await processImage(tmp, uploadsDir, file);
  } catch (error) {
    throw new ImageUnavailable(`gambar tidak bisa diolah (${(error as Error).message})`);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/** Removes the copies an image's processing wrote (its row was not stored after all). */
export async function removeCopies(image: ProcessedImage): Promise<void> {
  await Promise.all(image.files.map((f) => fs.rm(f, { force: true })));
}
