import { slugify } from '~/content/slug';
import { listPage, listSearch } from '~/lib/list-address';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';

/**
 * The staff's gallery (issue 14 "Gallery"): albums are posts of type `galeri`; their photos are
 * uploaded, processed in the background, ordered and described here. Pure rules: no React, no database.
 */

export const ALBUM_POST_TYPE = 'galeri';
export const ALBUM_TAXONOMY = 'kategori-galeri';
export const GALLERY_STAFF_PATH = siteHref('/admin/galeri');
export const ALBUMS_PER_PAGE = 20;

/**
 * Album meta: the year (number meta, the /galeri/ filter's `tahun`), the public gallery field
 * (`foto_kegiatan`: GALLERY_FIELD in content/media.ts, the photos visitors see, featured first),
 * and the staff's own ordered list of every photo of the album, processing and failed ones too.
 */
export const ALBUM_META = { year: 'tahun', photos: '_foto_album' } as const;

export const ALBUM_LIMITS = { title: 200, slug: 200, excerpt: 1000, alt: 250, caption: 1000 } as const;
export const YEAR_RANGE = { min: 2000, max: 2099 } as const;

/** A photo's state: its copies are made in the background (media_job). */
export type PhotoStatus = 'processing' | 'ready' | 'failed';

/** One photo of an album as the staff screens show it. */
export interface PhotoView {
  id: number;
  status: PhotoStatus;
  alt: string;
  /** shown under the photo in the gallery item's slider and lightbox; '' is none */
  caption: string;
  /** the uploaded file's name (or the stored file's) */
  name: string;
  /** the smallest copy, once there is one */
  thumb: string | null;
  /** why it failed, in Bahasa Indonesia */
  message: string | null;
}

/** The album form as typed (text fields, and the ticked category ids). */
export interface AlbumFormValues {
  judul: string;
  slug: string;
  ringkasan: string;
  tahun: string;
  kategori: number[];
}

/** The spec's message for an upload whose processing failed (site-behaviour.md, `post_process`); stored as the job's error. */
export const POST_PROCESS_MESSAGE =
  'Media upload failed. If this is a photo or a large image, please scale it down and try again.';
/** The same, as staff read it. */
export const POST_PROCESS_MESSAGE_ID =
  'Unggahan gagal diproses. Jika ini foto atau gambar besar, perkecil ukurannya lalu coba lagi.';

/** Upload limits: the bytes of one file, and its pixels (a 50-megapixel photo is refused with a message). */
export const UPLOAD_LIMITS = { bytes: 25 * 1024 * 1024, pixels: 40_000_000, files: 50 } as const;
/** A form posted without JavaScript carries all its files at once. */
export const MAX_UPLOAD_REQUEST_BYTES = 100 * 1024 * 1024;
/** The formats the gallery takes, told by their bytes (image-bytes.ts), never by a name or a sent type. */
export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'avif';
export const UPLOAD_FORMATS: readonly UploadFormat[] = ['jpeg', 'png', 'webp', 'avif'];
/** What the file input offers (a hint to the browser's picker; the server reads the bytes). */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';
/** Tries of a job before the upload is marked failed. */
export const MAX_ATTEMPTS = 5;

/** Why an upload was refused before it was stored. */
export type UploadRefusal = 'not-image' | 'format' | 'too-many-pixels' | 'too-large' | 'empty' | 'polyglot';

const SAVE_AS = 'JPEG, PNG, WebP, atau AVIF';

/** Each refusal in words that say what to do. */
export const REFUSAL_MESSAGES: Record<UploadRefusal, string> = {
  'not-image': `Berkas ini bukan gambar yang dapat dibaca. Unggah foto ${SAVE_AS}.`,
  format: `Format gambar ini tidak didukung (misalnya GIF, SVG, atau HEIC). Simpan sebagai ${SAVE_AS}, lalu unggah lagi.`,
  'too-many-pixels': `Gambar ini terlalu besar (lebih dari ${UPLOAD_LIMITS.pixels / 1_000_000} megapiksel). Perkecil ukurannya, misalnya menjadi 4000 × 3000 piksel, lalu unggah lagi.`,
  'too-large': `Berkas ini lebih dari ${UPLOAD_LIMITS.bytes / 1024 / 1024} MB. Perkecil ukurannya, lalu unggah lagi.`,
  empty: 'Berkas ini kosong. Pilih foto lain.',
  polyglot: `Berkas ini memuat data lain selain gambarnya (misalnya kode halaman web, atau video foto bergerak). Buka fotonya, simpan ulang sebagai ${SAVE_AS}, lalu unggah lagi.`,
};

/**
 * The name an upload is shown by (the staff screens, the audit log), from the name the browser sent:
 * its last path part, without control or text-direction characters (an RTL override makes
 * `foto{U+202E}gpj.exe` look like `fotoexe.jpg`) or broken UTF-16, at most 120 characters; `foto` when nothing
 * is left. It is never a path: the stored files are named by the server (uploadFileBase).
 */
export function uploadDisplayName(sent: string): string {
  const last = sent.split(/[\\/]/).pop() ?? '';
  const clean = last
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .normalize('NFC')
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, '')
    .trim();
  return Array.from(clean).slice(0, 120).join('').trim() || 'foto';
}

/**
 * Whether a temporary file (`{name}.{pid}.{random}.tmp`, written then renamed) is left over from a
 * process that stopped mid-write: its writer is gone, or had this process's pid but wrote before this
 * process started (a restarted container's pid 1; a file this process is writing now is kept), or the
 * file is an hour old (a writer on another host sharing the folder).
 */
export function leftoverTemporary(
  name: string,
  ageMs: number,
  own: { pid: number; uptimeMs: number },
  alive: (pid: number) => boolean,
) {
  if (!name.endsWith('.tmp')) return false;
  const pid = Number(/\.(\d{1,10})\.[0-9a-z]+\.tmp$/.exec(name)?.[1] ?? Number.NaN);
  if (ageMs > 3_600_000 || !Number.isFinite(pid)) return true;
  return pid === own.pid ? ageMs > own.uptimeMs : !alive(pid);
}

/** Where an upload belongs among the files chosen with it: the batch's token and its place, from 0. */
export interface UploadPlace {
  batch: string;
  position: number;
}

/** The upload's place as the upload screen posts it (`kelompok`, `urutan`); null when absent or malformed. */
export function parseUploadPlace(fields: Record<string, string | undefined>): UploadPlace | null {
  const batch = fields.kelompok ?? '';
  const position = fields.urutan ?? '';
  if (!/^[A-Za-z0-9]{8,40}$/.test(batch) || !/^\d{1,4}$/.test(position)) return null;
  return { batch, position: Number(position) };
}

/**
 * The index in the album's order where a photo chosen as `position` of its batch goes (issue 21):
 * before the batch's first photo chosen after it, else after the batch's last photo, else at the end.
 * The files of a batch upload three at a time and land in any order; the album lists them as chosen.
 * `batch` maps the photos of the same batch already in the album to their places.
 */
export function batchPlace(order: readonly number[], batch: ReadonlyMap<number, number>, position: number): number {
  const later = order.findIndex((id) => (batch.get(id) ?? -1) > position);
  if (later !== -1) return later;
  const last = order.findLastIndex((id) => batch.has(id));
  return last === -1 ? order.length : last + 1;
}

/**
 * The uploaded file's path below the uploads folder (without width and extension): made by the server,
 * `galeri/YYYY/MM/` then a slug of the shown name (ASCII letters, digits and hyphens, at most 60) and
 * the upload's random token, so no sent name ever names a file (no `..`, separator, NUL, device name
 * like `CON`, or other script reaches the disk).
 */
export function uploadFileBase(originalName: string, now: Date, token: string): string {
  const stem = originalName.replace(/\.[^.]*$/, '');
  const name = slugify(stem, 66) || 'foto';
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `galeri/${now.getUTCFullYear()}/${month}/${name}-${token.replace(/[^0-9a-f]/g, '')}`;
}

/** An album's slug from its title (`album` when no letter or digit is left). */
export function albumSlug(title: string): string {
  return slugify(title, ALBUM_LIMITS.slug) || 'album';
}

/** The list's query: `?q=upacara&status=draft&halaman=2`; anything unreadable is ignored. */
export interface AlbumListQuery {
  q: string;
  status: 'publish' | 'draft' | null;
  page: number;
}

/** One album of the staff list. */
export interface AlbumRow {
  id: number;
  title: string;
  slug: string;
  status: 'publish' | 'draft';
  year: number | null;
  photos: number;
  categories: string;
}

export function parseAlbumListQuery(params: URLSearchParams): AlbumListQuery {
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const s = params.get('status');
  const status = s === 'publish' || s === 'draft' ? s : null;
  return { q, status, page: listPage(params) };
}

export function albumListHref(query: AlbumListQuery): string {
  return GALLERY_STAFF_PATH + listSearch({ q: query.q, status: query.status }, query.page);
}

/** Media ids of a comma-separated list, in order, each once; junk skipped. */
export function parseIdList(text: string | null | undefined): number[] {
  const ids: number[] = [];
  for (const part of (text ?? '').split(',')) {
    const t = part.trim();
    const id = recordId(t);
    if (id === null) continue;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The album's photo order after a save (and the screen's order as uploads land): the posted order of
 * the photos still stored, without removed ones, and each photo stored since the form was opened
 * (uploads in the meantime are never lost) where the server put it: before the photo that follows it
 * in the stored order, or at the end when none does (a later-chosen file that landed first is not
 * overtaken by the ones chosen before it).
 */
export function mergePhotoOrder(
  stored: readonly number[],
  posted: readonly number[],
  removed: readonly number[] = [],
): number[] {
  const keep = new Set(stored.filter((id) => !removed.includes(id)));
  const ordered = [...new Set(posted.filter((id) => keep.has(id)))];
  const placed = new Set(ordered);
  // From the end: `next` is the nearest photo after this one in the stored order that is placed.
  let next: number | undefined;
  for (const id of [...stored].reverse()) {
    if (!keep.has(id)) continue;
    if (!placed.has(id)) {
      ordered.splice(next === undefined ? ordered.length : ordered.indexOf(next), 0, id);
      placed.add(id);
    }
    next = id;
  }
  return ordered;
}

/** The order with one photo moved one place up or down (unchanged at an end or when absent). */
export function movePhoto(order: readonly number[], id: number, direction: 'up' | 'down'): number[] {
  const next = [...order];
  const i = next.indexOf(id);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j] as number, next[i] as number];
  return next;
}

/** A photo of an album as the rules need it. */
export interface AlbumPhotoState {
  id: number;
  status: PhotoStatus;
  alt: string;
}

/**
 * The photos visitors see, in order: processed and described ones. A photo still processing, failed,
 * or without alt text waits (the public pages never show a missing file or an undescribed image).
 * The first is the album's featured image.
 */
export function publicPhotoIds(order: readonly number[], photos: readonly AlbumPhotoState[]): number[] {
  const byId = new Map(photos.map((p) => [p.id, p]));
  return order.filter((id) => {
    const p = byId.get(id);
    return p !== undefined && p.status === 'ready' && p.alt.trim() !== '';
  });
}

/** The 1-based positions of the album's photos that lack alt text (failed uploads aside). */
export function photosWithoutAlt(order: readonly number[], photos: readonly AlbumPhotoState[]): number[] {
  const byId = new Map(photos.map((p) => [p.id, p]));
  const out: number[] = [];
  order.forEach((id, i) => {
    const p = byId.get(id);
    if (p && p.status !== 'failed' && p.alt.trim() === '') out.push(i + 1);
  });
  return out;
}

/** The refusal of a publication whose photos lack alt text, naming them ("Foto 2 (upacara.jpg), Foto 5"). */
export function missingAltMessage(names: string[]): string {
  return `Album belum diterbitkan: isi teks alternatif untuk ${names.join(', ')}. Teks alternatif menjelaskan isi foto bagi pembaca layar.`;
}

/** What the list of intents of the album form's buttons may say. */
export type AlbumIntent =
  | { kind: 'save' }
  | { kind: 'publish' }
  | { kind: 'unpublish' }
  | { kind: 'move'; id: number; direction: 'up' | 'down' }
  | { kind: 'remove'; id: number };

/** Reads the button that sent the form (`simpan`, `terbitkan`, `batalkan`, `naik:12`, `turun:12`, `hapus:12`). */
export function parseIntent(raw: string | undefined): AlbumIntent {
  const m = /^(naik|turun|hapus):([1-9]\d{0,9})$/.exec(raw ?? '');
  const id = recordId(m?.[2]);
  if (m && id !== null) {
    if (m[1] === 'hapus') return { kind: 'remove', id };
    return { kind: 'move', id, direction: m[1] === 'naik' ? 'up' : 'down' };
  }
  if (raw === 'terbitkan') return { kind: 'publish' };
  if (raw === 'batalkan') return { kind: 'unpublish' };
  return { kind: 'save' };
}

/** The field that carries a photo's alt text in the album form. */
export const altField = (id: number) => `alt-${id}`;
/** The field that carries a photo's caption in the album form. */
export const captionField = (id: number) => `keterangan-${id}`;
/** The field of a category checkbox. */
export const categoryField = (id: number) => `kategori-${id}`;

/** Messages after a change, by the `pesan` of the address. */
export const ALBUM_NOTICES: Record<string, string> = {
  disimpan: 'Perubahan disimpan.',
  terbit: 'Album diterbitkan dan sudah tampil di galeri.',
  draf: 'Terbitan dibatalkan: album kini menjadi draf.',
  dihapus: 'Album dihapus.',
  dibuat: 'Album dibuat sebagai draf. Sekarang unggah foto-fotonya.',
};

/** An upload's outcome as the no-JavaScript form's redirect carries it. */
type UploadOutcome = { ok: true } | { ok: false; name: string; code: string };

/** The query that tells the album screen what a no-JavaScript upload did (`diunggah=3&ditolak=a.gif~format`). */
export function uploadNoticeQuery(results: readonly UploadOutcome[]): string {
  const params = new URLSearchParams();
  params.set('diunggah', String(results.filter((r) => r.ok).length));
  for (const r of results.slice(0, UPLOAD_LIMITS.files)) {
    if (!r.ok) params.append('ditolak', `${r.name.slice(0, 80)}~${r.code}`);
  }
  return params.toString();
}

/** What the album screen says after a no-JavaScript upload; null without one. */
export function parseUploadNotice(
  params: URLSearchParams,
): { stored: number; refused: Array<{ name: string; message: string }> } | null {
  const raw = params.get('diunggah');
  if (raw === null || !/^\d{1,3}$/.test(raw)) return null;
  const refused = params.getAll('ditolak').flatMap((entry) => {
    const at = entry.lastIndexOf('~');
    const code = entry.slice(at + 1);
    const message =
      code in REFUSAL_MESSAGES ? REFUSAL_MESSAGES[code as UploadRefusal] : 'Foto ini tidak dapat disimpan. Coba lagi.';
    return at > 0 ? [{ name: entry.slice(0, at), message }] : [];
  });
  return { stored: Number(raw), refused };
}

/** The order after dragging `keys` before or after `target` (React Aria's onReorder). */
export function reorderPhotos(
  order: readonly number[],
  keys: readonly number[],
  target: number,
  position: 'before' | 'after' | 'on',
): number[] {
  if (keys.includes(target)) return [...order];
  const moving = order.filter((id) => keys.includes(id));
  const rest = order.filter((id) => !keys.includes(id));
  const at = rest.indexOf(target);
  if (at < 0) return [...order];
  rest.splice(position === 'before' ? at : at + 1, 0, ...moving);
  return rest;
}
